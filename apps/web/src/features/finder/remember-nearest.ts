import { STATION_API_LIMITS, type StationSummary } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { whenIdle } from '../../pwa/when-idle';
import {
  AREA_KEY,
  AREA_LIMIT,
  AREA_RADIUS_KM,
  areaRefreshDue,
  LAST_LIST_KEY,
  saveStations,
} from '../station/offline-stations';
import { fetchUnfiltered } from './nearest-api';

let areaInFlight = false;

/** Fetches and saves the area around `at` (lon, lat): the nearest AREA_LIMIT stations within AREA_RADIUS_KM. */
export async function refreshArea(at: LonLat): Promise<boolean> {
  // Fresh from the server (fetchUnfiltered never reads the HTTP cache): the saved copy is dated now.
  const body = await fetchUnfiltered(
    at,
    Math.min(AREA_LIMIT, STATION_API_LIMITS.nearestMaxLimit),
    AREA_RADIUS_KM,
  );
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
