/** The oracle: great-circle distance by the spherical law of haversines, written out independently here. */
export function oracleDistanceKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Every point within radiusKm of (lon, lat), nearest first, by scanning them all. */
export function bruteForceNearest(
  points: { lon: number; lat: number }[],
  lon: number,
  lat: number,
  limit: number,
  radiusKm: number,
): { index: number; distanceKm: number }[] {
  return points
    .map((p, index) => ({ index, distanceKm: oracleDistanceKm(lon, lat, p.lon, p.lat) }))
    .filter((h) => h.distanceKm <= radiusKm)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.index - b.index)
    .slice(0, limit);
}

/** Asserts two nearest lists agree to 1 m in distance and in order (ties within 1 mm may swap). */
export function sameNearest(
  actual: { distanceKm: number; index: number }[],
  expected: { distanceKm: number; index: number }[],
): string | null {
  if (actual.length !== expected.length) return `length ${actual.length} != ${expected.length}`;
  for (let k = 0; k < actual.length; k++) {
    const a = actual[k]!;
    const e = expected[k]!;
    if (Math.abs(a.distanceKm - e.distanceKm) > 0.001)
      return `#${k}: ${a.distanceKm} km != ${e.distanceKm} km`;
    if (a.index !== e.index && Math.abs(a.distanceKm - e.distanceKm) > 1e-6)
      return `#${k}: ${a.index} != ${e.index}`;
  }
  return null;
}
