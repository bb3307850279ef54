import { bearingDeg, distanceKm, type NearestStation, type StationSummary } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { readJson, writeJson } from '../../lib/storage';

/** The last nearest list the finder showed (whatever its filters). */
export const LAST_LIST_KEY = 'cng.offline.last-list.v1';
/** The stations around the last known position, unfiltered: what the finder falls back on offline. */
export const AREA_KEY = 'cng.offline.area.v1';
/** The area kept: the nearest 100 stations within 50 km (about 60 KB of JSON). */
export const AREA_LIMIT = 100;
export const AREA_RADIUS_KM = 50;
/** Fetch the area again after moving this far from where it was fetched, or when it is this old. */
export const AREA_REFRESH_KM = 15;
export const AREA_REFRESH_MS = 6 * 3600_000;

/** A list of stations as fetched: where from, when, and the station fields (no per-query distance). */
export interface SavedStations {
  origin: LonLat;
  fetchedAtMs: number;
  stations: StationSummary[];
}

/** Strips the per-query fields, so that the saved copy is only what the station is. */
function summary(station: StationSummary): StationSummary {
  const { distanceKm: _d, bearingDeg: _b, ...rest } = station as Partial<NearestStation> & StationSummary;
  return rest as StationSummary;
}

/** Saves a list under `key`; a full storage only costs the offline copy, never the live page. */
export function saveStations(
  key: string,
  origin: LonLat,
  stations: readonly StationSummary[],
  nowMs = Date.now(),
) {
  const saved: SavedStations = { origin, fetchedAtMs: nowMs, stations: stations.map(summary) };
  // A full storage only costs the offline copy (lib/storage.ts keeps it for this page): the finder works online.
  writeJson('local', key, saved);
}

/** A saved list, or null when none (or unreadable). */
export function readStations(key: string): SavedStations | null {
  const saved = readJson('local', key) as SavedStations | null;
  return saved && Array.isArray(saved.stations) && Number.isFinite(saved.fetchedAtMs) ? saved : null;
}

/** True when the saved area is missing, older than AREA_REFRESH_MS or AREA_REFRESH_KM away from `at`. */
export function areaRefreshDue(at: LonLat, nowMs = Date.now()): boolean {
  const area = readStations(AREA_KEY);
  if (!area) return true;
  const movedKm = distanceKm(at.lon, at.lat, area.origin.lon, area.origin.lat);
  return movedKm > AREA_REFRESH_KM || nowMs - area.fetchedAtMs > AREA_REFRESH_MS;
}

/**
 * Where the saved area can vouch for its nearest station: every station not in it is at least `boundKm` from
 * `origin` (the area's radius, or its farthest station when the area was cut at AREA_LIMIT).
 */
export interface SavedCoverage {
  origin: LonLat;
  boundKm: number;
}

/** The saved area's coverage (by default of the area saved now), or null when no area is saved. */
export function savedAreaCoverage(area = readStations(AREA_KEY)): SavedCoverage | null {
  if (!area) return null;
  const farthestKm = Math.max(
    0,
    ...area.stations.map((s) => distanceKm(area.origin.lon, area.origin.lat, s.lon, s.lat)),
  );
  return { origin: area.origin, boundKm: area.stations.length >= AREA_LIMIT ? farthestKm : AREA_RADIUS_KM };
}

/** The saved area and the last nearest list, those that exist. */
function savedLists(): SavedStations[] {
  return [readStations(AREA_KEY), readStations(LAST_LIST_KEY)].filter((l): l is SavedStations => !!l);
}

/** The newest saved copy of station `id` and when its list was fetched, or null. */
function newestSavedCopy(id: string): { station: StationSummary; fetchedAtMs: number } | null {
  let best: { station: StationSummary; fetchedAtMs: number } | null = null;
  for (const list of savedLists()) {
    const station = list.stations.find((s) => s.id === id);
    if (station && (!best || list.fetchedAtMs > best.fetchedAtMs))
      best = { station, fetchedAtMs: list.fetchedAtMs };
  }
  return best;
}

/** The saved copy of station `id` (the newest saved list holding it), or null. */
export function savedStation(id: string): StationSummary | null {
  return newestSavedCopy(id)?.station ?? null;
}

/**
 * The saved stations nearest to `at` (lon, lat) that `keep` accepts (the finder's filters: see
 * nearest/nearest-list.ts), distance (km) and bearing computed afresh, at most `limit`;
 * `dataAtMs` is the fetch time of the oldest list used; `coverage` says how far the saved area vouches for
 * them (see nearestIsProven in nearest/nearest-list.ts). Null when nothing is saved.
 */
export function savedStationsNear(
  at: LonLat,
  keep: (s: StationSummary) => boolean = () => true,
  limit = 50,
): { stations: NearestStation[]; dataAtMs: number; coverage: SavedCoverage | null } | null {
  const area = readStations(AREA_KEY);
  const lists = [area, readStations(LAST_LIST_KEY)].filter((l): l is SavedStations => !!l);
  if (!lists.length) return null;
  // The newer copy of a station wins (its status and opening are more recent).
  const byId = new Map<string, StationSummary>();
  for (const list of [...lists].sort((a, b) => a.fetchedAtMs - b.fetchedAtMs)) {
    for (const s of list.stations) byId.set(s.id, s);
  }
  const stations = [...byId.values()]
    .filter(keep)
    .map((s) => ({
      ...s,
      distanceKm: distanceKm(at.lon, at.lat, s.lon, s.lat),
      bearingDeg: bearingDeg(at.lon, at.lat, s.lon, s.lat),
    }))
    .sort((a, b) => a.distanceKm - b.distanceKm)
    .slice(0, limit);
  return {
    stations,
    dataAtMs: Math.min(...lists.map((l) => l.fetchedAtMs)),
    coverage: savedAreaCoverage(area),
  };
}

/** When the saved copy of station `id` was fetched (the newest list holding it), or null. */
export function savedStationTimeMs(id: string): number | null {
  return newestSavedCopy(id)?.fetchedAtMs ?? null;
}

/** While showing favourites offline: the oldest of their saved copies (newest saved list, else when saved). */
export function favouritesDataTimeMs(favourites: readonly { id: string; savedAt: string }[]): number | null {
  const times = favourites
    .map((f) => savedStationTimeMs(f.id) ?? Date.parse(f.savedAt))
    .filter(Number.isFinite);
  return times.length ? Math.min(...times) : null;
}
