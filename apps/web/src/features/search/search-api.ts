import type { SearchResponse } from '@cng/shared/client';
import { STATION_API_LIMITS } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { apiGet } from '../../lib/api-client';

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
  return apiGet<SearchResponse>(`/api/stations/search?${q}`, { signal });
}
