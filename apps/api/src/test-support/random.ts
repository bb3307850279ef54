/** A seeded PRNG (mulberry32) so random test and bench points are the same on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniform random point on the sphere as [lon, lat] (not uniform in degrees: no pile-up at the poles). */
export function randomSpherePoint(rand: () => number): [number, number] {
  const lon = rand() * 360 - 180;
  const lat = (Math.asin(2 * rand() - 1) * 180) / Math.PI;
  return [lon, lat];
}
