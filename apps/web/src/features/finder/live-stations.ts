import { bearingDeg, distanceKm, type NearestStation } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';

/**
 * Distance (km) and bearing (degrees from true north) from `position` to every station, nearest first.
 * Runs on every position fix instead of a request; returns new objects and leaves the input untouched.
 */
export function recomputeStations<
  T extends Pick<NearestStation, 'lon' | 'lat' | 'distanceKm' | 'bearingDeg'>,
>(stations: readonly T[], position: LonLat): T[] {
  const out = new Array<T>(stations.length);
  for (let i = 0; i < stations.length; i++) {
    const s = stations[i]!;
    out[i] = {
      ...s,
      distanceKm: distanceKm(position.lon, position.lat, s.lon, s.lat),
      bearingDeg: bearingDeg(position.lon, position.lat, s.lon, s.lat),
    };
  }
  return out.sort((a, b) => a.distanceKm - b.distanceKm);
}
