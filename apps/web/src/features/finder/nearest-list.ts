import {
  type Coverage,
  distanceKm,
  type NearestStation,
  operatorMatches,
  operatorQueryText,
  operatorSearchText,
  type StationSummary,
} from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { t } from '../../i18n/i18n';
import { type SavedCoverage, savedStationsNear } from '../station/offline-stations';
import { type FinderFilters, hasFilters, operatorQuery } from './finder-filters';
import { recomputeStations } from './live-stations';
import { fetchNearest, fetchUnfiltered, NEAREST_LIMIT, NEAREST_RADIUS_KM } from './nearest-api';
import { rememberNearest } from './remember-nearest';

/**
 * The finder's nearest list, in one place: fetching it (with the driver's filters on the server, and the
 * nearest station of any kind beside a filtered answer), the rule that says whether its nearest station is
 * proven, the copy saved on this device when there is no answer, and the filters as they apply to saved
 * stations, folded with the same rule as the server's (@cng/shared), so "IGL" finds the same stations online
 * and offline. The hook (hooks/use-nearest) only decides when to ask.
 */

/** Where a list vouches for its nearest station: every station it does not hold is at least `boundKm` from `origin`. */
export interface VouchedArea {
  origin: LonLat;
  boundKm: number;
}

/**
 * True when a listed station `nearestKm` from `at` is surely the nearest there is: an unlisted station is at
 * least `boundKm − moved` away. False without a coverage (nothing vouches for the list).
 */
export function nearestIsProven(coverage: VouchedArea | null, at: LonLat, nearestKm: number): boolean {
  if (!coverage) return false;
  const movedKm = distanceKm(at.lon, at.lat, coverage.origin.lon, coverage.origin.lat);
  return nearestKm <= coverage.boundKm - movedKm;
}

/**
 * The driver's filters as a test on one station, the same as the server's: status and "open now" as the
 * station carries them, the operator text folded and matched against operator, brand and the companies'
 * short names (an HPCL pump that IGL supplies matches "IGL").
 */
export function stationFilter(filters: Partial<FinderFilters>): (s: StationSummary) => boolean {
  const text = operatorQuery(filters.operator);
  const query = text ? operatorQueryText(text) : null;
  return (s) =>
    (!filters.openNow || s.openNow === true) &&
    (!filters.availableOnly || s.status?.status === 'available') &&
    (!query || operatorMatches(operatorSearchText(s), query));
}

/** What the finder remembers about its last nearest request. */
export interface FetchedList {
  origin: LonLat;
  fetchedAtMs: number;
  /** Distance in km from `origin` beyond which stations may exist that the list does not hold. */
  boundKm: number;
  /** Distance in km from `origin` of the nearest listed station; null when the list is empty. */
  nearestKm: number | null;
  /** True when the answer carries road distances and drive times (a routing server answered). */
  road?: boolean;
}

/**
 * The bound of a nearest answer: when the list is full (count == limit) unlisted stations are at least as
 * far as the farthest listed one; when it is not full, only stations beyond the search radius are missing.
 */
export function listBoundKm(distancesKm: readonly number[], limit: number, radiusKm: number): number {
  if (distancesKm.length < limit) return radiusKm;
  return Math.max(...distancesKm);
}

/** What one ask for the nearest list came to. */
export interface NearestAnswer {
  /** The stations matching the filters, nearest first, as listed for `origin`. */
  stations: NearestStation[];
  /** The nearest station with no filter (the same as stations[0] when none is on); null when unknown. */
  anyNearest: NearestStation | null;
  /** The server's list (null for the saved copy): what the refetch rule needs. */
  list: FetchedList | null;
  /** Set for the saved copy: when it was fetched, and how far its area vouches for it. */
  offline: { dataAtMs: number; coverage: SavedCoverage | null } | null;
  /** Why no (live) list could be had, in the driver's words; null with a live answer. */
  error: string | null;
  /** How complete our list is where it was asked (the server's judgement); null for the saved copy. */
  coverage: Coverage | null;
}

function isOffline() {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/**
 * Asks the server for the nearest stations to `origin` with `filters` (and, with any filter on, for the
 * nearest station of any kind beside them); keeps the answer for offline use. With no answer, falls back
 * on the saved copy, filtered the same way. Rejects only when aborted.
 */
export async function loadNearest(
  origin: LonLat,
  filters: FinderFilters,
  signal?: AbortSignal,
): Promise<NearestAnswer> {
  const filtered = hasFilters(filters);
  const any = filtered
    ? fetchUnfiltered(origin, 1, NEAREST_RADIUS_KM, signal).then(
        (r) => r.stations[0] ?? null,
        () => null,
      )
    : null;
  try {
    const res = await fetchNearest(origin, filters, signal);
    performance.mark('finder:nearest-response');
    rememberNearest(origin, res.stations);
    const distances = res.stations.map((s) => s.distanceKm);
    return {
      stations: res.stations,
      anyNearest: any ? await any : (res.stations[0] ?? null),
      list: {
        origin,
        fetchedAtMs: Date.now(),
        boundKm: listBoundKm(distances, NEAREST_LIMIT, NEAREST_RADIUS_KM),
        nearestKm: distances[0] ?? null,
        road: res.road?.status === 'ok',
      },
      offline: null,
      error: null,
      coverage: res.coverage ?? null,
    };
  } catch (err) {
    if (signal?.aborted) throw err;
    const offline = isOffline();
    // No answer: the stations saved around the last known position, marked with their fetch time.
    const saved = savedStationsNear(origin, stationFilter(filters), NEAREST_LIMIT);
    if (saved?.stations.length) {
      return {
        stations: saved.stations,
        anyNearest: filtered
          ? (savedStationsNear(origin, () => true, 1)?.stations[0] ?? null)
          : (saved.stations[0] ?? null),
        list: null,
        offline: { dataAtMs: saved.dataAtMs, coverage: saved.coverage },
        error: offline ? t('finder.list.offlineSaved') : t('finder.list.noConnectionSaved'),
        coverage: null,
      };
    }
    return {
      stations: [],
      anyNearest: null,
      list: null,
      offline: null,
      error: offline
        ? t('finder.list.offlineLast')
        : t('finder.list.couldNotLoad', { error: (err as Error).message }),
      coverage: null,
    };
  }
}

/**
 * The per-fix work, done once: distance and bearing from `position` to every listed station (nearest first)
 * and to the nearest of any kind (taken from the list when it is there).
 */
export function stationsAt(
  stations: readonly NearestStation[],
  anyNearest: NearestStation | null,
  position: LonLat | null,
): { stations: NearestStation[]; anyNearest: NearestStation | null } {
  if (!position) return { stations: [...stations], anyNearest };
  const here = recomputeStations(stations, position);
  const listed = anyNearest ? here.find((s) => s.id === anyNearest.id) : undefined;
  return {
    stations: here,
    anyNearest: listed ?? (anyNearest ? recomputeStations([anyNearest], position)[0]! : null),
  };
}
