/** A point on the unit sphere as an [x, y, z] vector (x towards 0°E on the equator, z towards the north pole). */
export type Vec = [number, number, number];

const RAD = Math.PI / 180;

/** The unit vector of (lon, lat) in degrees. */
export function toVec(lon: number, lat: number): Vec {
  const φ = lat * RAD;
  const λ = lon * RAD;
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

/** `[lon, lat]` in degrees of a (not necessarily unit) vector. */
export const lonLatOf = (v: Vec): [number, number] => [
  Math.atan2(v[1], v[0]) / RAD,
  Math.atan2(v[2], Math.hypot(v[0], v[1])) / RAD,
];

export const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a: Vec) => Math.hypot(a[0], a[1], a[2]);

/** `a` scaled to length 1, or null when it is (nearly) zero. */
export function unit(a: Vec): Vec | null {
  const n = norm(a);
  return n > 1e-15 ? [a[0] / n, a[1] / n, a[2] / n] : null;
}

/** Angle between two unit vectors in radians; atan2 keeps it accurate for tiny and near-antipodal angles. */
export const angle = (a: Vec, b: Vec) => Math.atan2(norm(cross(a, b)), dot(a, b));
