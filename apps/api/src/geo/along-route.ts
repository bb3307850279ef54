import { EARTH_RADIUS_KM } from '@cng/shared';
import type { NearestIndex } from './nearest-index';

type Vec = [number, number, number];
const RAD = Math.PI / 180;

function toVec(lon: number, lat: number): Vec {
  const φ = lat * RAD;
  const λ = lon * RAD;
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}
const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: Vec) => Math.hypot(a[0], a[1], a[2]);
/** Angle between two unit vectors in radians; atan2 keeps it accurate for tiny and near-antipodal angles. */
const angle = (a: Vec, b: Vec) => Math.atan2(norm(cross(a, b)), dot(a, b));

export interface RouteHit {
  index: number;
  /** Distance along the route from its start to the point of the route closest to the station, km. */
  alongKm: number;
  /** Great-circle distance from the station to the route, km. */
  detourKm: number;
}

/** Thrown for a route the search cannot use (e.g. a segment between antipodal points). */
export class RouteError extends Error {
  override name = 'RouteError';
}

interface Segment {
  a: Vec;
  b: Vec;
  /** Unit normal of the segment's great circle; null for a zero-length segment. */
  n: Vec | null;
  lengthRad: number;
  startKm: number;
}

/** Closest approach of point p to segment s: { alongRad within the segment, distRad }. */
function closest(p: Vec, s: Segment): { alongRad: number; distRad: number } {
  if (s.n) {
    const off = dot(p, s.n);
    const proj: Vec = [p[0] - off * s.n[0], p[1] - off * s.n[1], p[2] - off * s.n[2]];
    // The foot of the perpendicular lies on the segment when it is between a and b, turning the same way.
    if (norm(proj) > 1e-12 && dot(cross(s.a, proj), s.n) >= 0 && dot(cross(proj, s.b), s.n) >= 0) {
      return { alongRad: angle(s.a, proj), distRad: Math.abs(Math.asin(Math.max(-1, Math.min(1, off)))) };
    }
  }
  const da = angle(p, s.a);
  const db = angle(p, s.b);
  return da <= db ? { alongRad: 0, distRad: da } : { alongRad: s.lengthRad, distRad: db };
}

// Longest segment handled in one piece: shorter than a quarter of the globe, so a search cap that
// contains both ends contains the whole arc.
const MAX_PIECE_RAD = Math.PI / 8;
// Consecutive segments are searched together while they stay inside this cap, to keep tree queries few.
const CHUNK_RAD = 25 / EARTH_RADIUS_KM;
const CHUNK_MAX_SEGMENTS = 64;

/** Splits the route into great-circle segments with their start offsets; long arcs are cut into pieces. */
function segmentsOf(line: [number, number][]): { segments: Segment[]; routeKm: number } {
  const segments: Segment[] = [];
  let startKm = 0;
  for (let i = 0; i + 1 < line.length; i++) {
    const a = toVec(line[i]![0], line[i]![1]);
    const b = toVec(line[i + 1]![0], line[i + 1]![1]);
    const lengthRad = angle(a, b);
    if (lengthRad > Math.PI - 1e-6) {
      throw new RouteError(`segment ${i + 1} joins antipodal points, so its path is undefined`);
    }
    const pieces = Math.max(1, Math.ceil(lengthRad / MAX_PIECE_RAD));
    const c = cross(a, b);
    const n: Vec | null = norm(c) > 1e-15 ? [c[0] / norm(c), c[1] / norm(c), c[2] / norm(c)] : null;
    let prev = a;
    for (let k = 1; k <= pieces; k++) {
      // Points along the arc by rotating a towards b in its own plane (exact on the great circle).
      const t = (lengthRad * k) / pieces;
      const next: Vec =
        k === pieces || !n
          ? b
          : (() => {
              const w = cross(n, a);
              return [
                a[0] * Math.cos(t) + w[0] * Math.sin(t),
                a[1] * Math.cos(t) + w[1] * Math.sin(t),
                a[2] * Math.cos(t) + w[2] * Math.sin(t),
              ];
            })();
      const pieceRad = angle(prev, next);
      segments.push({ a: prev, b: next, n, lengthRad: pieceRad, startKm });
      startKm += pieceRad * EARTH_RADIUS_KM;
      prev = next;
    }
  }
  return { segments, routeKm: startKm };
}

const lonLatOf = (v: Vec): [number, number] => [
  Math.atan2(v[1], v[0]) / RAD,
  Math.atan2(v[2], Math.hypot(v[0], v[1])) / RAD,
];

/**
 * Points of `index` within `corridorKm` of the route `line` (`[lon, lat]` vertices, great-circle segments),
 * each with its distance along the route and its detour from it, in route order. A point the route passes
 * twice is reported once, at its closest pass.
 */
export function alongRoute(
  index: NearestIndex,
  line: [number, number][],
  corridorKm: number,
): { hits: RouteHit[]; routeKm: number } {
  const { segments, routeKm } = segmentsOf(line);
  const best = new Map<number, RouteHit>();
  const corridorRad = corridorKm / EARTH_RADIUS_KM;
  for (let first = 0; first < segments.length; ) {
    // Grow a chunk of segments whose vertices all lie within CHUNK_RAD of the chunk's first vertex.
    const centre = segments[first]!.a;
    let last = first;
    let capRad = angle(centre, segments[first]!.b);
    while (last + 1 < segments.length && last + 1 - first < CHUNK_MAX_SEGMENTS) {
      const reach = angle(centre, segments[last + 1]!.b);
      if (reach > Math.max(CHUNK_RAD, capRad)) break;
      capRad = Math.max(capRad, reach);
      last++;
    }
    const [lon, lat] = lonLatOf(centre);
    // Every point of the chunk lies in the cap, so stations within the corridor lie in the cap widened by it.
    const candidates = index.within(lon, lat, (capRad + corridorRad) * EARTH_RADIUS_KM + 1e-6);
    for (const { index: i } of candidates) {
      const p = toVec(index.lonOf(i), index.latOf(i));
      for (let s = first; s <= last; s++) {
        const seg = segments[s]!;
        const { alongRad, distRad } = closest(p, seg);
        if (distRad > corridorRad + 1e-12) continue;
        const hit = {
          index: i,
          alongKm: seg.startKm + alongRad * EARTH_RADIUS_KM,
          detourKm: distRad * EARTH_RADIUS_KM,
        };
        const prev = best.get(i);
        if (!prev || hit.detourKm < prev.detourKm) best.set(i, hit);
      }
    }
    first = last + 1;
  }
  const hits = [...best.values()].sort((a, b) => a.alongKm - b.alongKm || a.detourKm - b.detourKm);
  return { hits, routeKm };
}
