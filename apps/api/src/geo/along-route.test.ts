import { describe, expect, it } from 'vitest';
import { oracleDistanceKm } from '../test-support/brute-force';
import { seededRandom } from '../test-support/random';
import { bruteForceAlongRoute, sameRouteHits } from '../test-support/route-oracle';
import { alongRoute as alongRouteBounded, ROUTE_WORK_BUDGET, RouteError } from './along-route';
import { NearestIndex } from './nearest-index';

const indexOf = (points: { lon: number; lat: number }[]) =>
  new NearestIndex(
    points.map((p) => p.lon),
    points.map((p) => p.lat),
  );

/** The search with no bound on the route's length (the API's own bound is tested on its own below). */
const alongRoute = (index: NearestIndex, line: [number, number][], corridorKm: number) =>
  alongRouteBounded(index, line, corridorKm, Number.POSITIVE_INFINITY);

describe('alongRoute', () => {
  it('measures a point beside the middle of an equator segment exactly', () => {
    // 0.01° of latitude north of the equator, halfway along a 1° segment.
    const { hits, routeKm } = alongRoute(
      indexOf([{ lon: 0.5, lat: 0.01 }]),
      [
        [0, 0],
        [1, 0],
      ],
      2,
    );
    expect(routeKm).toBeCloseTo(111.1951, 3);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.alongKm).toBeCloseTo(111.1951 / 2, 3);
    expect(hits[0]!.detourKm).toBeCloseTo(1.111951, 5);
  });

  it('measures a point beyond the end of the route to the end vertex', () => {
    const { hits } = alongRoute(
      indexOf([{ lon: 1.01, lat: 0 }]),
      [
        [0, 0],
        [1, 0],
      ],
      2,
    );
    expect(hits[0]!.alongKm).toBeCloseTo(111.1951, 3);
    expect(hits[0]!.detourKm).toBeCloseTo(1.111951, 5);
  });

  it('reports a point the route passes twice once, at its closest pass', () => {
    const line: [number, number][] = [
      [0, 0],
      [1, 0],
      [1, 0.02],
      [0, 0.02],
    ];
    const { hits } = alongRoute(indexOf([{ lon: 0.5, lat: 0.015 }]), line, 2);
    expect(hits).toHaveLength(1);
    // The return leg is a great circle, not the 0.02° parallel: it bulges ~8 cm north in the middle.
    expect(hits[0]!.detourKm).toBeCloseTo(0.005 * 111.1951, 3);
    expect(hits[0]!.alongKm).toBeGreaterThan(2 * 55);
  });

  it('follows a route across the antimeridian', () => {
    const points = [
      { lon: -179.995, lat: 0.001 },
      { lon: 179.995, lat: -0.001 },
      { lon: 0, lat: 0 },
    ];
    const { hits, routeKm } = alongRoute(
      indexOf(points),
      [
        [179.99, 0],
        [-179.99, 0],
      ],
      1,
    );
    expect(routeKm).toBeCloseTo(0.02 * 111.1951, 4);
    expect(hits.map((h) => h.index)).toEqual([1, 0]);
  });

  it('follows the great circle of a long segment, not the straight line on the map', () => {
    // Between two points at 60°N, 90° of longitude apart, the great circle passes atan(tan 60° / cos 45°)
    // = 67.79°N at 45°E, ~870 km north of the 60th parallel.
    const { hits } = alongRoute(
      indexOf([
        { lon: 45, lat: 67.79 },
        { lon: 45, lat: 60 },
      ]),
      [
        [0, 60],
        [90, 60],
      ],
      5,
    );
    expect(hits.map((h) => h.index)).toEqual([0]);
  });

  it('agrees with a densely sampled brute force for random routes and points', () => {
    const rand = seededRandom(99);
    for (let trial = 0; trial < 8; trial++) {
      const lon0 = rand() * 360 - 180;
      const lat0 = rand() * 160 - 80;
      const line: [number, number][] = [[lon0, lat0]];
      for (let v = 0; v < 6; v++) {
        const [lon, lat] = line[line.length - 1]!;
        line.push([
          ((lon + (rand() - 0.5) * 0.6 + 540) % 360) - 180,
          Math.max(-89, Math.min(89, lat + (rand() - 0.5) * 0.4)),
        ]);
      }
      const points = Array.from({ length: 300 }, () => ({
        lon: ((lon0 + (rand() - 0.5) * 4 + 540) % 360) - 180,
        lat: Math.max(-90, Math.min(90, lat0 + (rand() - 0.5) * 3)),
      }));
      const corridorKm = 1 + rand() * 10;
      const got = alongRoute(indexOf(points), line, corridorKm).hits;
      const want = bruteForceAlongRoute(points, line, corridorKm, 0.02);
      expect(sameRouteHits(got, want, corridorKm), `trial ${trial}`).toBeNull();
      expect(want.length).toBeGreaterThan(0);
    }
  });

  it('is exact for an ordinary route (tolerance 0)', () => {
    const result = alongRoute(
      indexOf([{ lon: 0.5, lat: 0.01 }]),
      [
        [0, 0],
        [0.5, 0.0001],
        [1, 0],
      ],
      2,
    );
    expect(result.toleranceKm).toBe(0);
    expect(result.hits).toHaveLength(1);
  });

  it('simplifies a dense zigzag within a fifth of the corridor, and stays within that of a brute force', () => {
    const rand = seededRandom(5);
    // 2,000 stations in a 1° × 1.6° box and a 10,000-point zigzag 1.1 km wide across its middle: 50 km
    // corridor, so some stations lie well inside it and some (up to ~89 km away) well outside.
    const points = Array.from({ length: 2000 }, () => ({ lon: 9 + rand(), lat: 44.6 + rand() * 1.6 }));
    const line = Array.from({ length: 10_000 }, (_, i): [number, number] => [
      9 + i * 0.0001,
      45.4 + (i % 2) * 0.01,
    ]);
    const corridorKm = 50;
    const { hits, toleranceKm, routeKm } = alongRoute(indexOf(points), line, corridorKm);
    expect(toleranceKm).toBeGreaterThan(0);
    expect(toleranceKm).toBeLessThanOrEqual(corridorKm / 5);
    // The length stays the original's: 10,000 legs of ~1.1 km, not the ~80 km of the simplified line.
    expect(routeKm).toBeGreaterThan(10_000);
    // Oracle on the vertices only (the legs are 1.1 km; their vertices bound the line to within 0.6 km).
    const nearestVertexKm = (p: { lon: number; lat: number }) =>
      Math.min(
        ...line.filter((_, i) => i % 2 === 0).map(([lon, lat]) => oracleDistanceKm(p.lon, p.lat, lon, lat)),
      );
    const got = new Map(hits.map((h) => [h.index, h]));
    let surelyInside = 0;
    let surelyOutside = 0;
    points.forEach((p, i) => {
      const exactish = nearestVertexKm(p);
      const hit = got.get(i);
      if (exactish <= corridorKm - toleranceKm - 0.6) {
        surelyInside++;
        expect(hit, `station ${i}`).toBeDefined();
      }
      if (hit) expect(Math.abs(hit.detourKm - exactish)).toBeLessThanOrEqual(toleranceKm + 0.6);
      if (exactish > corridorKm + toleranceKm + 0.6) {
        surelyOutside++;
        expect(hit, `station ${i}`).toBeUndefined();
      }
    });
    // Both checks above ran on many stations.
    expect(surelyInside).toBeGreaterThan(100);
    expect(surelyOutside).toBeGreaterThan(100);
    expect(hits.length).toBeGreaterThan(100);
  });

  it('keeps a route that cannot be simplified whole, however costly', () => {
    // A zigzag 11 km wide with a 2 km corridor: no vertex can go; the work stays under the budget anyway.
    const rand = seededRandom(8);
    const points = Array.from({ length: 500 }, () => ({ lon: 9 + rand() * 0.1, lat: 45 + rand() * 0.1 }));
    const line = Array.from({ length: 100 }, (_, i): [number, number] => [9 + i * 0.001, 45 + (i % 2) * 0.1]);
    const { hits, toleranceKm } = alongRoute(indexOf(points), line, 2);
    expect(ROUTE_WORK_BUDGET).toBeGreaterThan(500 * 100);
    expect(toleranceKm).toBe(0);
    const want = bruteForceAlongRoute(points, line, 2, 0.02);
    expect(sameRouteHits(hits, want, 2)).toBeNull();
  });

  it('refuses a route longer than the bound it is given, and measures one within it', () => {
    const line = Array.from({ length: 41 }, (_, i): [number, number] => [9 + (i % 2) * 7.7, 45]);
    expect(() => alongRouteBounded(indexOf([]), line, 1, 20_000)).toThrow(
      /is 2\d{4} km long; routes of at most 20000 km/,
    );
    expect(alongRouteBounded(indexOf([]), line, 1, 30_000).routeKm).toBeGreaterThan(20_000);
  });

  it('refuses a segment between antipodal points, whose path is undefined', () => {
    expect(() =>
      alongRoute(
        indexOf([]),
        [
          [0, 0],
          [180, 0],
        ],
        1,
      ),
    ).toThrow(RouteError);
  });

  it('answers nothing with an empty index and a zero corridor finds only points on the line', () => {
    expect(
      alongRoute(
        indexOf([]),
        [
          [0, 0],
          [1, 0],
        ],
        5,
      ).hits,
    ).toEqual([]);
    const { hits } = alongRoute(
      indexOf([
        { lon: 0.5, lat: 0 },
        { lon: 0.5, lat: 0.0001 },
      ]),
      [
        [0, 0],
        [1, 0],
      ],
      0,
    );
    expect(hits.map((h) => h.index)).toEqual([0]);
  });
});
