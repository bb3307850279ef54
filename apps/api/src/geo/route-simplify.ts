import { angle, cross, dot, unit, type Vec } from './sphere-vectors';

/** Great-circle distance in radians from unit vector p to the arc from a to b (`n`: unit normal of a×b). */
export function distanceToArcRad(p: Vec, a: Vec, b: Vec, n: Vec | null): number {
  if (n) {
    const off = dot(p, n);
    const foot: Vec = [p[0] - off * n[0], p[1] - off * n[1], p[2] - off * n[2]];
    // The foot of the perpendicular lies on the arc when it is between a and b, turning the same way.
    if (dot(cross(a, foot), n) >= 0 && dot(cross(foot, b), n) >= 0 && dot(foot, foot) > 1e-24) {
      return Math.abs(Math.asin(Math.max(-1, Math.min(1, off))));
    }
  }
  return Math.min(angle(p, a), angle(p, b));
}

/** Whether every vertex strictly between `from` and `to` lies within `toleranceRad` of the arc joining them. */
function arcCovers(
  vertices: readonly Vec[],
  from: number,
  to: number,
  toleranceRad: number,
  maxArcRad: number,
) {
  const a = vertices[from]!;
  const b = vertices[to]!;
  if (angle(a, b) > maxArcRad) return false;
  const n = unit(cross(a, b));
  for (let i = from + 1; i < to; i++) {
    if (distanceToArcRad(vertices[i]!, a, b, n) > toleranceRad) return false;
  }
  return true;
}

/**
 * Positions of the route vertices to keep so that the route and the kept arcs are within `toleranceRad` of
 * each other both ways (every dropped vertex is within it of the arc that replaces it; the arc's
 * neighbourhood is convex, so the dropped segments are too, and the route runs the arc's whole length), with
 * no kept arc longer than `maxArcRad`.
 *
 * Greedy from each kept vertex: the farthest vertex whose arc still covers everything in between, found by
 * doubling then halving the step. O(n log n), unlike Douglas–Peucker's O(n²) worst case, which the
 * zigzags this guards against would hit.
 */
export function simplifyRoute(vertices: readonly Vec[], toleranceRad: number, maxArcRad: number): number[] {
  const n = vertices.length;
  if (n <= 2 || !(toleranceRad > 0)) return vertices.map((_, i) => i);
  const kept = [0];
  let from = 0;
  while (from < n - 1) {
    let good = 1;
    let step = 2;
    while (from + step < n && arcCovers(vertices, from, from + step, toleranceRad, maxArcRad)) {
      good = step;
      step *= 2;
    }
    // The first step that failed (or ran past the end) bounds the search for the farthest one that holds.
    let bad = Math.min(step, n - from);
    while (bad - good > 1) {
      const mid = (good + bad) >> 1;
      if (arcCovers(vertices, from, from + mid, toleranceRad, maxArcRad)) good = mid;
      else bad = mid;
    }
    from += good;
    kept.push(from);
  }
  return kept;
}
