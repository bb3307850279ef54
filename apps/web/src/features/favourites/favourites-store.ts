import type { StationSummary } from '@cng/shared/client';
import { t } from '../../i18n/i18n';
import { persistedStore } from '../../lib/persisted-store';

/** Storage key; the version lets a future format migrate instead of losing favourites. */
export const FAVOURITES_KEY = 'cng.favourites.v1';
/** Most favourites kept: a driver's regular stations, and the export stays a small file. */
export const MAX_FAVOURITES = 200;

/** A favourite: the stable station id plus the last known copy, so it works offline and survives re-imports. */
export interface Favourite {
  id: string;
  savedAt: string;
  station: StationSummary;
}

interface FavouritesFile {
  app: 'cng-navigator';
  kind: 'favourites';
  version: 1;
  favourites: Favourite[];
}

function isFavourite(value: unknown): value is Favourite {
  const f = value as Favourite;
  return (
    !!f &&
    typeof f.id === 'string' &&
    typeof f.savedAt === 'string' &&
    !!f.station &&
    f.station.id === f.id &&
    typeof f.station.name === 'string' &&
    Number.isFinite(f.station.lon) &&
    Number.isFinite(f.station.lat)
  );
}

/** The saved favourites, newest first, in the device's storage: another tab's changes follow. */
export const favouritesStore = persistedStore<{ list: Favourite[] }>(
  {
    name: FAVOURITES_KEY,
    storage: 'local',
    version: 1,
    // Stored as the plain list before this store existed; anything unreadable is left out.
    parse: (stored) => {
      const list = Array.isArray(stored) ? stored : (stored as { list?: unknown } | null)?.list;
      return { list: Array.isArray(list) ? list.filter(isFavourite).slice(0, MAX_FAVOURITES) : [] };
    },
  },
  () => ({ list: [] }),
);

/** The saved favourites, newest first. */
export const readFavourites = (): Favourite[] => favouritesStore.getState().list;

function write(next: Favourite[]) {
  favouritesStore.setState({ list: next.slice(0, MAX_FAVOURITES) });
}

/** Saves or removes a station; returns true when it is now a favourite. */
export function toggleFavourite(station: StationSummary, now = new Date()): boolean {
  const list = readFavourites();
  if (list.some((f) => f.id === station.id)) {
    write(list.filter((f) => f.id !== station.id));
    return false;
  }
  write([{ id: station.id, savedAt: now.toISOString(), station: snapshot(station) }, ...list]);
  return true;
}

/** Refreshes saved copies from fresh API data (same stable ids); keeps the rest as they were. */
export function refreshFavouriteSnapshots(stations: readonly StationSummary[]) {
  const list = readFavourites();
  if (list.length === 0) return;
  const byId = new Map(stations.map((s) => [s.id, s]));
  let changed = false;
  const next = list.map((f) => {
    const fresh = byId.get(f.id);
    if (!fresh || JSON.stringify(snapshot(fresh)) === JSON.stringify(f.station)) return f;
    changed = true;
    return { ...f, station: snapshot(fresh) };
  });
  if (changed) write(next);
}

/** The station fields worth keeping offline (no per-query distance or bearing). */
function snapshot(station: StationSummary): StationSummary {
  const {
    distanceKm: _d,
    bearingDeg: _b,
    ...rest
  } = station as StationSummary & {
    distanceKm?: number;
    bearingDeg?: number;
  };
  return rest;
}

/** The favourites as a small JSON file's text. */
export function exportFavourites(): string {
  const file: FavouritesFile = {
    app: 'cng-navigator',
    kind: 'favourites',
    version: 1,
    favourites: readFavourites(),
  };
  return JSON.stringify(file, null, 1);
}

/** Merges favourites from an exported file; returns how many were added. Throws a readable error on a bad file. */
export function importFavourites(text: string): number {
  let parsed: FavouritesFile;
  try {
    parsed = JSON.parse(text) as FavouritesFile;
  } catch {
    throw new Error(t('finder.favourites.notJson'));
  }
  if (parsed?.app !== 'cng-navigator' || parsed.kind !== 'favourites' || !Array.isArray(parsed.favourites)) {
    throw new Error(t('finder.favourites.notFile'));
  }
  const current = readFavourites();
  const known = new Set(current.map((f) => f.id));
  const added = parsed.favourites.filter((f) => isFavourite(f) && !known.has(f.id));
  write([...current, ...added]);
  return added.length;
}
