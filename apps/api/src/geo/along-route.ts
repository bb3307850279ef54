import { EARTH_RADIUS_KM } from '@cng/shared';
import type { NearestIndex } from './nearest-index';
import { simplifyRoute } from './route-simplify';
import { angle, cross, dot, lonLatOf, norm, toVec, unit, type Vec } from './sphere-vectors';

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
  /** Midpoint (unit vector) and half length: a station farther than corridor + half from it cannot be near. */
  mid: Vec;
  /** Cosine of (corridor + half length): dot(p, mid) below it means the segment is out of reach of p. */
  cosReach: number;
  lengthRad: number;
  /** Distance along the original route at `a`, km, and km of the original route per radian of this segment. */
  startKm: number;
  kmPerRad: number;
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

/** The original route's length up to each vertex, km; throws RouteError for a segment with no defined path. */
function cumulativeKm(vertices: readonly Vec[]): number[] {
  const km = [0];
  for (let i = 0; i + 1 < vertices.length; i++) {
    const lengthRad = angle(vertices[i]!, vertices[i + 1]!);
    if (lengthRad > Math.PI - 1e-6) {
      throw new RouteError(`segment ${i + 1} joins antipodal points, so its path is undefined`);
    }
    km.push(km[i]! + lengthRad * EARTH_RADIUS_KM);
  }
  return km;
}

/**
 * Splits the kept arcs into great-circle segments (long arcs into pieces), each knowing where it starts on
 * the original route: along a kept arc, distance is stretched to the length of the stretch it replaces.
 */
function segmentsOf(vertices: readonly Vec[], kept: number[], km: number[], corridorRad: number): Segment[] {
  const segments: Segment[] = [];
  for (let j = 0; j + 1 < kept.length; j++) {
    const a = vertices[kept[j]!]!;
    const b = vertices[kept[j + 1]!]!;
    const lengthRad = angle(a, b);
    const originalKm = km[kept[j + 1]!]! - km[kept[j]!]!;
    const kmPerRad = lengthRad > 0 ? originalKm / lengthRad : 0;
    const pieces = Math.max(1, Math.ceil(lengthRad / MAX_PIECE_RAD));
    const n = unit(cross(a, b));
    let prev = a;
    let doneRad = 0;
    for (let k = 1; k <= pieces; k++) {
      // Points along the arc by rotating a towards b in its own plane (exact on the great circle).
      const t = (lengthRad * k) / pieces;
      const w = n ? cross(n, a) : null;
      const next: Vec =
        k === pieces || !w
          ? b
          : [
              a[0] * Math.cos(t) + w[0] * Math.sin(t),
              a[1] * Math.cos(t) + w[1] * Math.sin(t),
              a[2] * Math.cos(t) + w[2] * Math.sin(t),
            ];
      const pieceRad = angle(prev, next);
      const mid = unit([prev[0] + next[0], prev[1] + next[1], prev[2] + next[2]]) ?? prev;
      segments.push({
        a: prev,
        b: next,
        n,
        mid,
        cosReach: Math.cos(Math.min(Math.PI, corridorRad + pieceRad / 2 + 1e-9)),
        lengthRad: pieceRad,
        startKm: km[kept[j]!]! + doneRad * kmPerRad,
        kmPerRad,
      });
      doneRad += pieceRad;
      prev = next;
    }
  }
  return segments;
}

interface Chunk {
  first: number;
  last: number;
  candidates: number[];
}

/** Groups consecutive segments into caps and finds the stations each cap, widened by the corridor, holds. */
function chunksOf(index: NearestIndex, segments: Segment[], corridorRad: number): Chunk[] {
  const chunks: Chunk[] = [];
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
    const hits = index.within(lon, lat, (capRad + corridorRad) * EARTH_RADIUS_KM + 1e-6);
    chunks.push({ first, last, candidates: hits.map((h) => h.index) });
    first = last + 1;
  }
  return chunks;
}

/** Station–segment pairs to measure: the work of a search, about 50 ns each. */
const workOf = (chunks: Chunk[]) =>
  chunks.reduce((n, c) => n + c.candidates.length * (c.last - c.first + 1), 0);

/** Above this many station–segment pairs (~25 ms) the route is simplified, coarser step by step. */
export const ROUTE_WORK_BUDGET = 500_000;
/** The simplification steps, as shares of the corridor width: each is the bound on the detour error. */
const TOLERANCE_SHARES = [0, 1 / 20, 1 / 10, 1 / 5];

/**
 * Points of `index` within `corridorKm` of the route `line` (`[lon, lat]` vertices, great-circle segments),
 * each with its distance along the route and its detour from it, in route order. A point the route passes
 * twice is reported once, at its closest pass.
 *
 * Exact (`toleranceKm` 0) unless that would measure more than ROUTE_WORK_BUDGET station–segment pairs, as a
 * dense 10,000-point trace or a zigzag with a wide corridor would: then the route is first simplified to
 * within corridorKm / 20 (then / 10, / 5 if still too costly), and detours and corridor membership are
 * measured on the simplified route, so each detour is within `toleranceKm` of the exact one. Distances along
 * the route are stretched to the original line, so `routeKm` stays exact. A route longer than `maxRouteKm`
 * throws RouteError before any station is measured.
 */
export function alongRoute(
  index: NearestIndex,
  line: [number, number][],
  corridorKm: number,
  maxRouteKm: number,
): { hits: RouteHit[]; routeKm: number; toleranceKm: number } {
  const vertices = line.map(([lon, lat]) => toVec(lon, lat));
  const km = cumulativeKm(vertices);
  const routeKm = km[km.length - 1]!;
  // The caller's bound (the API's: longer "routes" are no road trip, only a way to make the search measure a
  // winding line for long), checked before any station is measured.
  if (routeKm > maxRouteKm) {
    throw new RouteError(
      `is ${Math.round(routeKm)} km long; routes of at most ${maxRouteKm} km are searched`,
    );
  }
  const corridorRad = corridorKm / EARTH_RADIUS_KM;
  let toleranceKm = 0;
  let segments: Segment[] = [];
  let chunks: Chunk[] = [];
  for (const share of TOLERANCE_SHARES) {
    toleranceKm = corridorKm * share;
    const kept =
      share === 0
        ? vertices.map((_, i) => i)
        : simplifyRoute(vertices, toleranceKm / EARTH_RADIUS_KM, MAX_PIECE_RAD);
    segments = segmentsOf(vertices, kept, km, corridorRad);
    chunks = chunksOf(index, segments, corridorRad);
    if (workOf(chunks) <= ROUTE_WORK_BUDGET || corridorKm === 0) break;
  }
  const hits = measure(index, segments, chunks, corridorRad);
  return { hits, routeKm, toleranceKm };
}

/** Each candidate's closest pass over the segments of its chunks; hits in route order. */
function measure(index: NearestIndex, segments: Segment[], chunks: Chunk[], corridorRad: number): RouteHit[] {
  const sinCorridor = Math.sin(corridorRad) + 1e-12;
  const best = new Map<number, RouteHit>();
  for (const { first, last, candidates } of chunks) {
    for (const i of candidates) {
      const p = toVec(index.lonOf(i), index.latOf(i));
      let hit = best.get(i);
      let sinBest = hit ? Math.sin(hit.detourKm / EARTH_RADIUS_KM) + 1e-12 : sinCorridor;
      for (let s = first; s <= last; s++) {
        const seg = segments[s]!;
        // Cheap lower bounds first: the distance to the segment's midpoint less its half length, and the
        // distance to its great circle, are never more than the distance to the segment.
        if (dot(p, seg.mid) < seg.cosReach) continue;
        if (seg.n && Math.abs(dot(p, seg.n)) > sinBest) continue;
        const { alongRad, distRad } = closest(p, seg);
        if (distRad > corridorRad + 1e-12) continue;
        const detourKm = distRad * EARTH_RADIUS_KM;
        if (hit && detourKm >= hit.detourKm) continue;
        hit = { index: i, alongKm: seg.startKm + alongRad * seg.kmPerRad, detourKm };
        best.set(i, hit);
        sinBest = Math.min(sinCorridor, Math.sin(distRad) + 1e-12);
      }
    }
  }
  return [...best.values()].sort((a, b) => a.alongKm - b.alongKm || a.detourKm - b.detourKm);
}
