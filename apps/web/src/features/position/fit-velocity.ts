import { bearingDeg, distanceKm } from '@cng/shared/client';

/** What the velocity fit needs from a fix: lon, lat in degrees, accuracy in metres, time in ms. */
export interface TimedPoint {
  lon: number;
  lat: number;
  accuracyM: number;
  timestampMs: number;
}

const M_PER_DEG_LAT = 111_320;

/** A fix twice as accurate counts four times as much (inverse variance); accuracy floored at 1 m. */
const fixWeight = (p: TimedPoint) => 1 / Math.max(1, p.accuracyM) ** 2;

/** Distance in metres between two points (lon, lat in degrees). */
export function metresBetween(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  return distanceKm(a.lon, a.lat, b.lon, b.lat) * 1000;
}

/** The accuracy-weighted centre of `points` (lon, lat), with their mean accuracy and the latest time. */
export function centreOf<T extends TimedPoint>(points: readonly T[]): T {
  let w = 0;
  let lon = 0;
  let lat = 0;
  let acc = 0;
  for (const p of points) {
    const wi = fixWeight(p);
    w += wi;
    lon += p.lon * wi;
    lat += p.lat * wi;
    acc += p.accuracyM;
  }
  const last = points[points.length - 1]!;
  return { ...last, lon: lon / w, lat: lat / w, accuracyM: acc / points.length };
}

/**
 * Least-squares ground velocity through `points` (oldest first), each weighted by 1/accuracy²: speed in km/h
 * and course in degrees from true north. Null with fewer than two distinct times. Uses a local flat frame
 * (metres east/north of the first point), which is exact enough over the few hundred metres of a window.
 */
export function fitVelocity(points: readonly TimedPoint[]): { speedKmh: number; courseDeg: number } | null {
  if (points.length < 2) return null;
  const o = points[0]!;
  const mPerDegLon = M_PER_DEG_LAT * Math.cos((o.lat * Math.PI) / 180);
  // Each point once: weight, seconds and metres east/north of the first point.
  const local = points.map((p) => ({
    w: fixWeight(p),
    t: (p.timestampMs - o.timestampMs) / 1000,
    x: (p.lon - o.lon) * mPerDegLon,
    y: (p.lat - o.lat) * M_PER_DEG_LAT,
  }));
  let w = 0;
  let t = 0;
  let x = 0;
  let y = 0;
  for (const q of local) {
    w += q.w;
    t += q.w * q.t;
    x += q.w * q.x;
    y += q.w * q.y;
  }
  const [tMean, xMean, yMean] = [t / w, x / w, y / w];
  let stt = 0;
  let stx = 0;
  let sty = 0;
  for (const q of local) {
    const dt = q.t - tMean;
    stt += q.w * dt * dt;
    stx += q.w * dt * (q.x - xMean);
    sty += q.w * dt * (q.y - yMean);
  }
  if (stt <= 0) return null;
  const [vx, vy] = [stx / stt, sty / stt];
  const speedKmh = Math.hypot(vx, vy) * 3.6;
  // The course is the direction of the fitted velocity; bearingDeg keeps the product's convention (0..360).
  const courseDeg = bearingDeg(o.lon, o.lat, o.lon + vx / mPerDegLon, o.lat + vy / M_PER_DEG_LAT);
  return { speedKmh, courseDeg };
}
