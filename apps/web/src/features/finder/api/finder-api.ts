import type {
  BboxResponse,
  NearestResponse,
  ReportList,
  SearchResponse,
  StationSummary,
  StatusList,
} from '@cng/shared/client';
import { STATION_API_LIMITS } from '@cng/shared/client';
import type { LonLat } from '../../../components/map/lat-lng';
import { ApiClientError, apiGet } from '../../../lib/api-client';
import { type FinderFilters, operatorQuery } from '../utils/finder-filters';

/** Stations the finder keeps in its list: enough for a city, and the recompute stays well under 2 ms. */
export const NEAREST_LIMIT = 50;
/** Search as far as the API allows, so a driver far from any station still learns where the nearest one is. */
export const NEAREST_RADIUS_KM = STATION_API_LIMITS.nearestMaxRadiusKm;

/** A failed API call (lib/api-client): `status` 0 when there was no answer. */
export { ApiClientError as FinderApiError };

function getJson<T>(url: string, signal?: AbortSignal, cache?: RequestCache): Promise<T> {
  return apiGet<T>(url, { signal, cache });
}

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
  return getJson<NearestResponse>(`/api/stations/nearest?${q}`, signal, 'no-store');
}

/** One station by its stable id. */
export function fetchStation(id: string, signal?: AbortSignal) {
  return getJson<StationSummary>(`/api/stations/${encodeURIComponent(id)}`, signal);
}

/**
 * Stations by name, brand, city or address; nearer first when `near` is given. Places in `country` (the
 * browser's country, used when there is no `near`) rank first.
 */
export function searchStations(
  text: string,
  near: LonLat | null,
  signal?: AbortSignal,
  country?: string | null,
) {
  const q = new URLSearchParams({ q: text.slice(0, STATION_API_LIMITS.searchMaxQueryLength), limit: '10' });
  if (near) q.set('near', `${near.lat.toFixed(5)},${near.lon.toFixed(5)}`);
  if (country) q.set('country', country);
  return getJson<SearchResponse>(`/api/stations/search?${q}`, signal);
}

/** Clusters and stations in a map viewport (west, south, east, north in degrees) at `zoom`. */
export function fetchViewport(box: [number, number, number, number], zoom: number, signal?: AbortSignal) {
  const bbox = box.map((n) => n.toFixed(5)).join(',');
  return getJson<BboxResponse>(`/api/stations?bbox=${bbox}&zoom=${Math.round(zoom)}`, signal);
}

/**
 * The nearest stations to `at` with no filter: the nearest station of any kind (shown beside a filtered
 * answer), or the offline area. Never from the HTTP cache, for the same reason as fetchNearest.
 */
export function fetchUnfiltered(at: LonLat, limit: number, radiusKm: number, signal?: AbortSignal) {
  return getJson<NearestResponse>(
    `/api/stations/nearest?${nearestQuery(at, limit, radiusKm)}`,
    signal,
    'no-store',
  );
}

/** The stations within `radiusKm` of a station's own position (lon, lat), nearest first. */
export function fetchNearby(at: LonLat, limit: number, radiusKm: number, signal?: AbortSignal) {
  const q = new URLSearchParams({
    lat: String(at.lat),
    lon: String(at.lon),
    limit: String(limit),
    radiusKm: String(radiusKm),
  });
  return getJson<NearestResponse>(`/api/stations/nearest?${q}`, signal);
}

/** The current status of up to REPORT_LIMITS.eventsMaxStations stations (`ids` comma-separated). */
export function fetchStatuses(ids: string, signal?: AbortSignal) {
  return getJson<StatusList>(`/api/status?stations=${ids}`, signal);
}

/** A station's latest reports, newest first. */
export function fetchReports(stationId: string, limit: number, signal?: AbortSignal) {
  return getJson<ReportList>(`/api/stations/${encodeURIComponent(stationId)}/reports?limit=${limit}`, signal);
}
