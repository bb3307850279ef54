import { oracleDistanceKm } from './brute-force';

/**
 * Brute-force corridor search: samples every segment of the route every `stepKm` along its great circle
 * (spherical interpolation) and keeps, per point, the closest sample. Detours are exact to ~stepKm / 2.
 */
export function bruteForceAlongRoute(
  points: { lon: number; lat: number }[],
  line: [number, number][],
  corridorKm: number,
  stepKm = 0.02,
): { index: number; alongKm: number; detourKm: number }[] {
  const r = Math.PI / 180;
  const samples: { lon: number; lat: number; alongKm: number }[] = [];
  let startKm = 0;
  for (let i = 0; i + 1 < line.length; i++) {
    const [lon1, lat1] = line[i]!;
    const [lon2, lat2] = line[i + 1]!;
    const lengthKm = oracleDistanceKm(lon1, lat1, lon2, lat2);
    const steps = Math.max(1, Math.ceil(lengthKm / stepKm));
    const δ = lengthKm / 6371.0088;
    for (let k = 0; k <= steps; k++) {
      const f = k / steps;
      // Spherical linear interpolation between the two vertices.
      const A = δ === 0 ? 1 - f : Math.sin((1 - f) * δ) / Math.sin(δ);
      const B = δ === 0 ? f : Math.sin(f * δ) / Math.sin(δ);
      const x = A * Math.cos(lat1 * r) * Math.cos(lon1 * r) + B * Math.cos(lat2 * r) * Math.cos(lon2 * r);
      const y = A * Math.cos(lat1 * r) * Math.sin(lon1 * r) + B * Math.cos(lat2 * r) * Math.sin(lon2 * r);
      const z = A * Math.sin(lat1 * r) + B * Math.sin(lat2 * r);
      samples.push({
        lon: Math.atan2(y, x) / r,
        lat: Math.atan2(z, Math.hypot(x, y)) / r,
        alongKm: startKm + f * lengthKm,
      });
    }
    startKm += lengthKm;
  }
  const hits: { index: number; alongKm: number; detourKm: number }[] = [];
  const [lon0, lat0] = line[0]!;
  points.forEach((p, index) => {
    // Every route point is within startKm of the first vertex, so farther points cannot be in the corridor.
    if (oracleDistanceKm(lon0, lat0, p.lon, p.lat) > startKm + corridorKm + 1) return;
    let best = { alongKm: 0, detourKm: Number.POSITIVE_INFINITY };
    for (const s of samples) {
      const d = oracleDistanceKm(p.lon, p.lat, s.lon, s.lat);
      if (d < best.detourKm) best = { alongKm: s.alongKm, detourKm: d };
    }
    if (best.detourKm <= corridorKm) hits.push({ index, ...best });
  });
  return hits.sort((a, b) => a.alongKm - b.alongKm);
}

/** Null when the API's corridor hits agree with the oracle's (points within 20 m of the edge may differ). */
export function sameRouteHits(
  actual: { index: number; alongKm: number; detourKm: number }[],
  expected: { index: number; alongKm: number; detourKm: number }[],
  corridorKm: number,
): string | null {
  const edge = (h: { detourKm: number }) => Math.abs(h.detourKm - corridorKm) < 0.02;
  const want = new Map(expected.map((h) => [h.index, h]));
  const got = new Map(actual.map((h) => [h.index, h]));
  for (const h of actual) {
    const e = want.get(h.index);
    if (!e) {
      if (!edge(h)) return `point ${h.index} (detour ${h.detourKm} km) is not in the oracle's corridor`;
      continue;
    }
    if (Math.abs(e.detourKm - h.detourKm) > 0.011)
      return `point ${h.index}: detour ${h.detourKm} != ${e.detourKm}`;
    if (Math.abs(e.alongKm - h.alongKm) > 0.05) return `point ${h.index}: along ${h.alongKm} != ${e.alongKm}`;
  }
  for (const e of expected) if (!got.has(e.index) && !edge(e)) return `point ${e.index} is missing`;
  for (let i = 1; i < actual.length; i++) {
    if (actual[i]!.alongKm < actual[i - 1]!.alongKm) return `not in route order at #${i}`;
  }
  return null;
}
