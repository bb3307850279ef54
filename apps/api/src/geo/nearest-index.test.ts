import { describe, expect, it } from 'vitest';
import { bruteForceNearest, sameNearest } from '../test-support/brute-force';
import { seededRandom } from '../test-support/random';
import { realStations } from '../test-support/real-stations';
import { NearestIndex } from './nearest-index';

const indexOf = (points: { lon: number; lat: number }[]) =>
  new NearestIndex(
    points.map((p) => p.lon),
    points.map((p) => p.lat),
  );

describe('NearestIndex on the real Indian and Italian stations', () => {
  const stations = realStations();
  const index = indexOf(stations);
  const rand = seededRandom(42);
  // Query points near the data (around random real stations) and in the wide boxes of both countries.
  const queries: [number, number][] = [];
  for (let i = 0; i < 200; i++) {
    const s = stations[Math.floor(rand() * stations.length)]!;
    queries.push([s.lon + (rand() - 0.5) * 0.6, s.lat + (rand() - 0.5) * 0.6]);
  }
  for (let i = 0; i < 100; i++) queries.push([68 + rand() * 29, 8 + rand() * 29]);
  for (let i = 0; i < 100; i++) queries.push([6.5 + rand() * 12, 36.5 + rand() * 10.5]);

  it('holds 2,500+ real stations', () => {
    expect(stations.length).toBeGreaterThan(2500);
  });

  it.each([
    [10, 50],
    [20, 1000],
    [100, 5],
    [1, Number.POSITIVE_INFINITY],
  ])('matches a brute-force scan for 400 query points (limit %i, radius %s km)', (limit, radiusKm) => {
    let nonEmpty = 0;
    for (const [lon, lat] of queries) {
      const got = index.nearest(lon, lat, limit, radiusKm);
      const want = bruteForceNearest(stations, lon, lat, limit, radiusKm);
      expect(sameNearest(got, want), `query ${lon},${lat}`).toBeNull();
      if (got.length) nonEmpty++;
    }
    // The comparison must not pass vacuously on empty answers.
    expect(nonEmpty).toBeGreaterThan(50);
  });

  it('finds a station at its own coordinates with radius 0', () => {
    const s = stations[123]!;
    const got = index.nearest(s.lon, s.lat, 100, 0);
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got.every((h) => h.distanceKm === 0)).toBe(true);
    expect(got.map((h) => h.index)).toContain(123);
  });

  it('answers an empty list far from every station (mid-Pacific, 50 km)', () => {
    expect(index.nearest(-150, 0, 10, 50)).toEqual([]);
  });

  it('applies the filter before the limit', () => {
    const even = (i: number) => i % 2 === 0;
    const [lon, lat] = [72.88, 19.07];
    const got = index.nearest(lon, lat, 10, 100, even);
    const want = bruteForceNearest(stations, lon, lat, 10_000, 100)
      .filter((h) => even(h.index))
      .slice(0, 10);
    expect(got).toHaveLength(10);
    expect(sameNearest(got, want)).toBeNull();
  });
});

describe('NearestIndex edge cases on synthetic points', () => {
  it('answers nothing from an empty index', () => {
    expect(indexOf([]).nearest(0, 0, 10, 100)).toEqual([]);
  });

  it('finds the nearest point across the antimeridian', () => {
    const points = [
      { lon: 179.9, lat: 0 },
      { lon: -179.95, lat: 0 },
      { lon: 170, lat: 0 },
    ];
    const got = indexOf(points).nearest(-179.99, 0, 3, 5000);
    expect(got.map((h) => h.index)).toEqual([1, 0, 2]);
    expect(got[1]!.distanceKm).toBeCloseTo(0.11 * 111.195, 2);
  });

  it('orders points around the poles by true distance, whatever their longitude', () => {
    const rand = seededRandom(7);
    const points = Array.from({ length: 500 }, () => ({
      lon: rand() * 360 - 180,
      lat: (rand() < 0.5 ? -1 : 1) * (85 + rand() * 5),
    }));
    const index = indexOf(points);
    for (const [lon, lat] of [
      [0, 90],
      [123, 89.9],
      [-45, -90],
      [179.99, -88],
    ] as const) {
      expect(
        sameNearest(index.nearest(lon, lat, 25, 2000), bruteForceNearest(points, lon, lat, 25, 2000)),
      ).toBeNull();
    }
  });

  it('searches both sides of the antimeridian and every longitude near a pole, for a small radius too', () => {
    const rand = seededRandom(11);
    // Points scattered within a few km of the antimeridian on the equator, and of the north pole.
    const points = [
      ...Array.from({ length: 300 }, () => ({
        lon: (rand() < 0.5 ? 180 : -180) - (rand() - 0.5) * 0.2,
        lat: (rand() - 0.5) * 0.2,
      })),
      ...Array.from({ length: 300 }, () => ({ lon: rand() * 360 - 180, lat: 89.85 + rand() * 0.15 })),
    ].map((p) => ({ lon: p.lon > 180 ? p.lon - 360 : p.lon < -180 ? p.lon + 360 : p.lon, lat: p.lat }));
    const index = indexOf(points);
    for (const [lon, lat] of [
      [179.995, 0.01],
      [-179.995, -0.02],
      [180, 0],
      [-180, 0],
      [0, 89.99],
      [-120, 89.9],
      [60, 90],
    ] as const) {
      const got = index.nearest(lon, lat, 30, 8);
      expect(got.length, `${lon},${lat}`).toBeGreaterThan(5);
      expect(sameNearest(got, bruteForceNearest(points, lon, lat, 30, 8)), `${lon},${lat}`).toBeNull();
      expect(sameNearest(index.within(lon, lat, 5), bruteForceNearest(points, lon, lat, 1e9, 5))).toBeNull();
    }
  });

  it('stays exact when a radius holds thousands of points, with and without a filter', () => {
    const rand = seededRandom(5);
    // 6,000 points in a 5 km square: from inside it the first box (under a km) is ranked; from just outside,
    // the box that reaches the square holds more than it pays to rank, so the best-first search answers.
    const points = Array.from({ length: 6000 }, () => ({
      lon: 77 + rand() * 0.05,
      lat: 28.4 + rand() * 0.05,
    }));
    const index = indexOf(points);
    const odd = (i: number) => i % 2 === 1;
    for (const [lon, lat] of [
      [77.025, 28.425],
      [76.99, 28.39],
    ] as const) {
      expect(
        sameNearest(index.nearest(lon, lat, 10, 100), bruteForceNearest(points, lon, lat, 10, 100)),
      ).toBeNull();
      const want = bruteForceNearest(points, lon, lat, 1e9, 100)
        .filter((h) => odd(h.index))
        .slice(0, 25);
      expect(sameNearest(index.nearest(lon, lat, 25, 100, odd), want)).toBeNull();
      // And a radius small enough to rank its box: the same answer either way.
      expect(
        sameNearest(index.nearest(lon, lat, 10, 0.3), bruteForceNearest(points, lon, lat, 10, 0.3)),
      ).toBeNull();
    }
  });

  it('stays exact as the box grows: a city, its suburbs and a town far out, with filters that skip most', () => {
    const rand = seededRandom(9);
    // Dense in the centre (within ~3 km), sparse to 40 km, and a few points just inside and past 50 km.
    const points = [
      ...Array.from({ length: 300 }, () => ({
        lon: 77.2 + (rand() - 0.5) * 0.06,
        lat: 28.6 + (rand() - 0.5) * 0.06,
      })),
      ...Array.from({ length: 200 }, () => ({
        lon: 77.2 + (rand() - 0.5) * 0.8,
        lat: 28.6 + (rand() - 0.5) * 0.8,
      })),
      ...Array.from({ length: 20 }, () => ({
        lon: 77.2 + (rand() - 0.5) * 1.2,
        lat: 28.6 + (rand() - 0.5) * 1.2,
      })),
    ];
    const index = indexOf(points);
    const rare = (i: number) => i % 17 === 0;
    let checked = 0;
    for (let q = 0; q < 60; q++) {
      const [lon, lat] = [77.2 + (rand() - 0.5) * 1.1, 28.6 + (rand() - 0.5) * 1.1];
      for (const [limit, radiusKm] of [
        [10, 50],
        [1, 50],
        [40, 20],
        [10, 4],
      ] as const) {
        const got = index.nearest(lon, lat, limit, radiusKm);
        expect(sameNearest(got, bruteForceNearest(points, lon, lat, limit, radiusKm))).toBeNull();
        const want = bruteForceNearest(points, lon, lat, 1e9, radiusKm).filter((h) => rare(h.index));
        expect(sameNearest(index.nearest(lon, lat, limit, radiusKm, rare), want.slice(0, limit))).toBeNull();
        if (got.length) checked++;
      }
    }
    expect(checked).toBeGreaterThan(150);
  });

  it('answers nothing for a query that is not a point (NaN), and does not hang', () => {
    const index = indexOf([{ lon: 77.2, lat: 28.6 }]);
    expect(index.nearest(Number.NaN, 28.6, 10, 50)).toEqual([]);
    expect(index.nearest(77.2, Number.NaN, 10, 50)).toEqual([]);
  });

  it('returns only the single nearest point with limit 1', () => {
    const points = [
      { lon: 10, lat: 45 },
      { lon: 10.001, lat: 45 },
    ];
    expect(indexOf(points).nearest(10.0009, 45, 1)).toEqual([{ index: 1, distanceKm: expect.any(Number) }]);
  });

  it('keeps a point exactly on the radius and drops one just past it', () => {
    const points = [{ lon: 0, lat: 1 }];
    const d = bruteForceNearest(points, 0, 0, 1, Number.POSITIVE_INFINITY)[0]!.distanceKm;
    expect(indexOf(points).nearest(0, 0, 1, d + 1e-9)).toHaveLength(1);
    expect(indexOf(points).nearest(0, 0, 1, d - 0.0005)).toHaveLength(0);
  });
});
