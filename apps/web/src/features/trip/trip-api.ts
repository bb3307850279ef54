import type { TripResponse } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { apiGet } from '../../lib/api-client';

const latLon = (p: LonLat) => `${p.lat.toFixed(5)},${p.lon.toFixed(5)}`;

/** The route from `from` to `to` and the CNG stations along it, in the order the trip passes them. */
export function fetchTrip(from: LonLat, to: LonLat, signal?: AbortSignal): Promise<TripResponse> {
  const q = new URLSearchParams({ from: latLon(from), to: latLon(to) });
  return apiGet<TripResponse>(`/api/trip?${q}`, { signal });
}
