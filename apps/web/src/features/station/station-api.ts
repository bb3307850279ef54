import type { NearestResponse, ReportList, StationSummary, StatusList } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { ApiClientError, apiGet } from '../../lib/api-client';

/** A failed API call (lib/api-client): `status` 0 when there was no answer. */
export { ApiClientError as FinderApiError };

/** Calls of the station pages and live status: a station, its neighbours, statuses and reports. */

const getJson = <T>(url: string, signal?: AbortSignal) => apiGet<T>(url, { signal });

/** One station by its stable id. */
export function fetchStation(id: string, signal?: AbortSignal) {
  return getJson<StationSummary>(`/api/stations/${encodeURIComponent(id)}`, signal);
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
