import { distanceKm } from '@cng/shared';
import type { LonLat } from '../../../components/map/lat-lng';

/** Never refetch for less movement than this: the list cannot be stale after a few metres. */
export const MIN_REFETCH_MOVE_KM = 0.05;
/** Refetch after this much movement at most, so the list stays about where the driver is. */
export const MAX_REFETCH_MOVE_KM = 2;
/** Refetch after this long anyway: opening hours and data may have changed. */
export const MAX_LIST_AGE_MS = 5 * 60_000;

/** What the finder remembers about its last nearest request. */
export interface FetchedList {
  origin: LonLat;
  fetchedAtMs: number;
  /** Distance in km from `origin` beyond which stations may exist that the list does not hold. */
  boundKm: number;
  /** Distance in km from `origin` of the nearest listed station; null when the list is empty. */
  nearestKm: number | null;
}

/**
 * The bound of a nearest answer: when the list is full (count == limit) unlisted stations are at least as
 * far as the farthest listed one; when it is not full, only stations beyond the search radius are missing.
 */
export function listBoundKm(distancesKm: readonly number[], limit: number, radiusKm: number): number {
  if (distancesKm.length < limit) return radiusKm;
  return Math.max(...distancesKm);
}

/** Why the finder should ask the server again, or null to keep computing on the client. */
export function refetchReason(
  list: FetchedList,
  position: LonLat,
  currentNearestKm: number | null,
  nowMs: number,
): 'moved' | 'nearest-not-proven' | 'stale' | null {
  const movedKm = distanceKm(list.origin.lon, list.origin.lat, position.lon, position.lat);
  if (nowMs - list.fetchedAtMs > MAX_LIST_AGE_MS) return 'stale';
  if (movedKm < MIN_REFETCH_MOVE_KM) return null;
  // Unlisted stations are at least boundKm from the origin, so at least boundKm - movedKm from here.
  if (currentNearestKm !== null && currentNearestKm > list.boundKm - movedKm) return 'nearest-not-proven';
  if (movedKm > Math.min(MAX_REFETCH_MOVE_KM, list.boundKm / 4)) return 'moved';
  return null;
}
