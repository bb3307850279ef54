import { distanceKm } from '@cng/shared/client';

/** When a driver counts as "at a station": stopped (or crawling in the queue) near it for about a minute. */
export const ARRIVAL_RULES = {
  radiusM: 150,
  dwellMs: 60_000,
  /** Queues crawl; anything faster is driving past. */
  maxSpeedKmh: 8,
  /** Fixes vaguer than this say nothing about which forecourt the driver is on. */
  maxAccuracyM: 100,
} as const;

/** One GPS fix: lon, lat in degrees; speed in m/s as the Geolocation API gives it (null when unknown). */
export interface ArrivalFix {
  lon: number;
  lat: number;
  timestampMs: number;
  speedMs?: number | null;
  accuracyM?: number | null;
}

export interface ArrivalStation {
  id: string;
  lon: number;
  lat: number;
  /** Distance (km) from the fix, when the finder already computed it for this fix (computed once). */
  distanceKm?: number;
}

export interface ArrivalState {
  /** The station the driver is near, if any. */
  stationId: string | null;
  /** Since when the driver has been slow near it (null while moving). */
  slowSinceMs: number | null;
  /** Set once the dwell time is reached: the station to ask "How is it here?" about. */
  arrivedId: string | null;
  last: ArrivalFix | null;
}

export const INITIAL_ARRIVAL: ArrivalState = {
  stationId: null,
  slowSinceMs: null,
  arrivedId: null,
  last: null,
};

/** The nearest station within `radiusM` of lon, lat, or null (a station's `distanceKm`, when given, must be from lon, lat). */
export function stationWithin(
  lon: number,
  lat: number,
  stations: readonly ArrivalStation[],
  radiusM: number,
) {
  let best: ArrivalStation | null = null;
  let bestM = radiusM;
  for (const s of stations) {
    const m = (s.distanceKm ?? distanceKm(lon, lat, s.lon, s.lat)) * 1000;
    if (m <= bestM) {
      best = s;
      bestM = m;
    }
  }
  return best;
}

/** Speed in km/h of a fix: the device's own when given, else derived from the previous fix. */
function speedKmh(fix: ArrivalFix, last: ArrivalFix | null): number | null {
  if (fix.speedMs !== undefined && fix.speedMs !== null && Number.isFinite(fix.speedMs))
    return fix.speedMs * 3.6;
  if (!last || fix.timestampMs <= last.timestampMs) return null;
  const km = distanceKm(last.lon, last.lat, fix.lon, fix.lat);
  return km / ((fix.timestampMs - last.timestampMs) / 3_600_000);
}

/**
 * Advances the arrival state with one GPS fix (pure: same inputs, same answer). The driver "arrives"
 * after staying within 150 m of one station, at under 8 km/h, for 60 s; leaving the radius resets it.
 */
export function nextArrivalState(
  state: ArrivalState,
  fix: ArrivalFix,
  stations: readonly ArrivalStation[],
): ArrivalState {
  if (fix.accuracyM !== undefined && fix.accuracyM !== null && fix.accuracyM > ARRIVAL_RULES.maxAccuracyM)
    return state;
  const near = stationWithin(fix.lon, fix.lat, stations, ARRIVAL_RULES.radiusM);
  if (!near) return { ...INITIAL_ARRIVAL, last: fix };
  const speed = speedKmh(fix, state.last);
  const slow = speed === null || speed <= ARRIVAL_RULES.maxSpeedKmh;
  const sameStation = near.id === state.stationId;
  if (!slow)
    return {
      stationId: near.id,
      slowSinceMs: null,
      arrivedId: sameStation ? state.arrivedId : null,
      last: fix,
    };
  const slowSinceMs = sameStation && state.slowSinceMs !== null ? state.slowSinceMs : fix.timestampMs;
  const dwelt = fix.timestampMs - slowSinceMs >= ARRIVAL_RULES.dwellMs;
  const arrivedId = dwelt ? near.id : sameStation ? state.arrivedId : null;
  return { stationId: near.id, slowSinceMs, arrivedId, last: fix };
}

/**
 * When the dwell started by `state` will be complete (ms, the fixes' clock), or null when no dwell is
 * running. A phone standing still often sends no new fix, so the prompt sets a timer for this moment.
 */
export function dwellEndsAtMs(state: ArrivalState): number | null {
  if (state.stationId === null || state.slowSinceMs === null || state.arrivedId === state.stationId)
    return null;
  return state.slowSinceMs + ARRIVAL_RULES.dwellMs;
}

/**
 * The state at `nowMs` without a new fix: the last fix again, stamped now. Standing still is the
 * likeliest reason no fix came, and the last position is still the best one known.
 */
export function arrivalStateAt(
  state: ArrivalState,
  nowMs: number,
  stations: readonly ArrivalStation[],
): ArrivalState {
  if (!state.last || nowMs <= state.last.timestampMs) return state;
  // The device's own speed belonged to the old fix; from the position alone, standing still reads as 0.
  return nextArrivalState(state, { ...state.last, timestampMs: nowMs, speedMs: null }, stations);
}
