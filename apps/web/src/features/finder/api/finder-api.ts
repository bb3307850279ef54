import type { ApiError, BboxResponse, NearestResponse, SearchResponse, StationSummary } from '@cng/shared';
import { STATION_API_LIMITS } from '@cng/shared';
import type { LonLat } from '../../../components/map/lat-lng';
import { type FinderFilters, operatorQuery } from '../utils/finder-filters';

/** Stations the finder keeps in its list: enough for a city, and the recompute stays well under 2 ms. */
export const NEAREST_LIMIT = 50;
/** Search as far as the API allows, so a driver far from any station still learns where the nearest one is. */
export const NEAREST_RADIUS_KM = STATION_API_LIMITS.nearestMaxRadiusKm;

/** An API answer that was not 2xx, with the server's message. */
export class FinderApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function getJson<T>(url: string, signal?: AbortSignal, cache?: RequestCache): Promise<T> {
  const res = await fetch(url, { signal, cache, headers: { accept: 'application/json' } });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as ApiError | null;
    throw new FinderApiError(res.status, body?.message ?? `The server answered ${res.status}.`);
  }
  return (await res.json()) as T;
}

/** Nearest stations to `at` (lon, lat) with the driver's filters applied on the server. */
export function fetchNearest(at: LonLat, filters: FinderFilters, signal?: AbortSignal) {
  const q = new URLSearchParams({
    lat: at.lat.toFixed(6),
    lon: at.lon.toFixed(6),
    limit: String(NEAREST_LIMIT),
    radiusKm: String(NEAREST_RADIUS_KM),
  });
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
