/** Mean Earth radius in km (IUGG), the radius every distance in this product uses. */
export const EARTH_RADIUS_KM = 6371.0088;

const toRad = (deg: number) => (deg * Math.PI) / 180;
const toDeg = (rad: number) => (rad * 180) / Math.PI;

/** Great-circle (haversine) distance in km between two points given as lon, lat in degrees. */
export function distanceKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = toRad(lat2 - lat1);
  const dLon = toRad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLon / 2) ** 2;
  // min() guards against a > 1 from rounding, which would make asin return NaN for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Initial great-circle bearing in degrees [0, 360) from true north, from point 1 to point 2 (lon, lat).
 * Returns 0 when the points coincide. From a pole, where every way is south (north), it is measured from
 * the meridian of the given longitude `lon1` (the limit of the bearings just beside the pole).
 */
export function bearingDeg(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const φ1 = toRad(lat1);
  const φ2 = toRad(lat2);
  const Δλ = toRad(lon2 - lon1);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  if (Math.abs(x) < 1e-15 && Math.abs(y) < 1e-15) return 0;
  return (toDeg(Math.atan2(y, x)) + 360) % 360;
}

/** The 8 compass points, clockwise from north. */
export const CARDINALS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type Cardinal = (typeof CARDINALS)[number];

/** The 8-point compass name (N, NE, …) of a bearing in degrees. */
export function cardinalOf(bearing: number): Cardinal {
  const normalized = ((bearing % 360) + 360) % 360;
  return CARDINALS[Math.round(normalized / 45) % 8]!;
}

/** Signed smallest angle in degrees (-180, 180] to turn from `fromDeg` to `toDeg`. */
export function relativeAngleDeg(fromDeg: number, toDeg: number): number {
  const d = ((((toDeg - fromDeg) % 360) + 540) % 360) - 180;
  return d === -180 ? 180 : d;
}

/** True when lon, lat are finite numbers inside the WGS84 range. */
export function isValidLonLat(lon: unknown, lat: unknown): lon is number {
  return (
    typeof lon === 'number' &&
    typeof lat === 'number' &&
    Number.isFinite(lon) &&
    Number.isFinite(lat) &&
    lon >= -180 &&
    lon <= 180 &&
    lat >= -90 &&
    lat <= 90
  );
}
