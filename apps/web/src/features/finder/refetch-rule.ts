import { distanceKm } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { type FetchedList, nearestIsProven } from './nearest-list';

export { type FetchedList, listBoundKm } from './nearest-list';

/** Never refetch for less movement than this: the list cannot be stale after a few metres. */
export const MIN_REFETCH_MOVE_KM = 0.05;
/** Refetch after this much movement at most, so the list stays about where the driver is. */
export const MAX_REFETCH_MOVE_KM = 2;
/** Refetch after this long anyway: opening hours and data may have changed. */
export const MAX_LIST_AGE_MS = 5 * 60_000;

/**
 * Road figures hold for where they were asked: with them, ask again after this much movement or this long,
 * so a driving panel's road distance and drive time stay current without a routing call on every fix.
 */
export const ROAD_REFETCH_MOVE_KM = 0.3;
export const ROAD_MAX_AGE_MS = 60_000;

/** Why the finder should ask the server again, or null to keep computing on the client. */
export function refetchReason(
  list: FetchedList,
  position: LonLat,
  currentNearestKm: number | null,
  nowMs: number,
): 'moved' | 'nearest-not-proven' | 'stale' | 'road' | null {
  const movedKm = distanceKm(list.origin.lon, list.origin.lat, position.lon, position.lat);
  if (nowMs - list.fetchedAtMs > MAX_LIST_AGE_MS) return 'stale';
  if (movedKm < MIN_REFETCH_MOVE_KM) return null;
  // Unlisted stations are at least boundKm from the origin, so at least boundKm - movedKm from here.
  if (currentNearestKm !== null && !nearestIsProven(list, position, currentNearestKm))
    return 'nearest-not-proven';
  if (movedKm > Math.min(MAX_REFETCH_MOVE_KM, list.boundKm / 4)) return 'moved';
  if (list.road && (movedKm > ROAD_REFETCH_MOVE_KM || nowMs - list.fetchedAtMs > ROAD_MAX_AGE_MS))
    return 'road';
  return null;
}
