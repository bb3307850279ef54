import type { NearestResponse } from '@cng/shared/client';
import { STATION_API_LIMITS } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { apiGet } from '../../lib/api-client';
import { type FinderFilters, operatorQuery } from './finder-filters';

/** Stations the finder keeps in its list: enough for a city, and the recompute stays well under 2 ms. */
export const NEAREST_LIMIT = 50;
/** Search as far as the API allows, so a driver far from any station still learns where the nearest one is. */
export const NEAREST_RADIUS_KM = STATION_API_LIMITS.nearestMaxRadiusKm;

/** Query of a nearest list around `at` (lon, lat). */
function nearestQuery(at: LonLat, limit: number, radiusKm: number, decimals = 6) {
  return new URLSearchParams({
    lat: at.lat.toFixed(decimals),
    lon: at.lon.toFixed(decimals),
    limit: String(limit),
    radiusKm: String(radiusKm),
  });
}

/** Nearest stations to `at` (lon, lat) with the driver's filters applied on the server. */
export function fetchNearest(at: LonLat, filters: FinderFilters, signal?: AbortSignal) {
  const q = nearestQuery(at, NEAREST_LIMIT, NEAREST_RADIUS_KM);
  if (filters.openNow) q.set('openNow', 'true');
  if (filters.availableOnly) q.set('status', 'available');
  const operator = operatorQuery(filters.operator);
  if (operator) q.set('operator', operator);
  // Never from the HTTP cache (max-age=30): a stale answer would pass for live data without the offline marker.
  return apiGet<NearestResponse>(`/api/stations/nearest?${q}`, { signal, cache: 'no-store' });
}

/**
 * The nearest stations to `at` with no filter: the nearest station of any kind (shown beside a filtered
 * answer), or the offline area. Never from the HTTP cache, for the same reason as fetchNearest.
 */
export function fetchUnfiltered(at: LonLat, limit: number, radiusKm: number, signal?: AbortSignal) {
  return apiGet<NearestResponse>(`/api/stations/nearest?${nearestQuery(at, limit, radiusKm)}`, {
    signal,
    cache: 'no-store',
  });
}
