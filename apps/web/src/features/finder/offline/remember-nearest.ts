import { type NearestResponse, STATION_API_LIMITS, type StationSummary } from '@cng/shared';
import type { LonLat } from '../../../components/map/lat-lng';
import { whenIdle } from '../../../pwa/when-idle';
import {
  AREA_KEY,
  AREA_LIMIT,
  AREA_RADIUS_KM,
  areaRefreshDue,
  LAST_LIST_KEY,
  saveStations,
} from './offline-stations';

let areaInFlight = false;

/** Fetches and saves the area around `at` (lon, lat): the nearest AREA_LIMIT stations within AREA_RADIUS_KM. */
export async function refreshArea(at: LonLat): Promise<boolean> {
  const q = new URLSearchParams({
    lat: at.lat.toFixed(6),
    lon: at.lon.toFixed(6),
    limit: String(Math.min(AREA_LIMIT, STATION_API_LIMITS.nearestMaxLimit)),
    radiusKm: String(AREA_RADIUS_KM),
  });
  // Fresh from the server: the saved copy is dated now, so it must not be an older answer from the HTTP cache.
  const res = await fetch(`/api/stations/nearest?${q}`, {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return false;
  const body = (await res.json()) as NearestResponse;
  saveStations(AREA_KEY, at, body.stations);
  return true;
}

/**
 * Keeps the finder's latest nearest list (lon, lat origin) for offline use, and when the driver has moved
 * on, the stations around here too, fetched when the browser is idle so the live list never waits for it.
 */
export function rememberNearest(origin: LonLat, stations: readonly StationSummary[]) {
  saveStations(LAST_LIST_KEY, origin, stations);
  if (areaInFlight || !areaRefreshDue(origin)) return;
  areaInFlight = true;
  whenIdle(() => {
    refreshArea(origin)
      .catch(() => false)
      .finally(() => {
        areaInFlight = false;
      });
  });
}
