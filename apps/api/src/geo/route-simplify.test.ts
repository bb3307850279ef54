import { EARTH_RADIUS_KM } from '@cng/shared';
import { describe, expect, it } from 'vitest';
import { oracleDistanceKm } from '../test-support/brute-force';
import { seededRandom } from '../test-support/random';
import { simplifyRoute } from './route-simplify';
import { toVec } from './sphere-vectors';

const MAX_ARC_RAD = Math.PI / 8;
const vecs = (line: [number, number][]) => line.map(([lon, lat]) => toVec(lon, lat));
const rad = (km: number) => km / EARTH_RADIUS_KM;

/** Oracle: distance from p to the arc a–b, by sampling the arc every ~5 m with spherical interpolation. */
function sampledArcKm(p: [number, number], a: [number, number], b: [number, number]): number {
  const [va, vb] = vecs([a, b]);
  const lengthKm = oracleDistanceKm(a[0], a[1], b[0], b[1]);
  const steps = Math.max(1, Math.ceil(lengthKm / 0.005));
  let best = Number.POSITIVE_INFINITY;
  for (let k = 0; k <= steps; k++) {
    const f = k / steps;
    const v = [0, 1, 2].map((c) => va![c]! * (1 - f) + vb![c]! * f);
    const lon = (Math.atan2(v[1]!, v[0]!) * 180) / Math.PI;
    const lat = (Math.atan2(v[2]!, Math.hypot(v[0]!, v[1]!)) * 180) / Math.PI;
    best = Math.min(best, oracleDistanceKm(p[0], p[1], lon, lat));
  }
  return best;
}

describe('simplifyRoute', () => {
  it('keeps only the ends of a dense straight line', () => {
    const line = Array.from({ length: 1000 }, (_, i): [number, number] => [9 + i * 0.001, 45]);
    // A parallel is not a great circle: over 1° at 45°N it bows ~120 m from the chord.
    expect(simplifyRoute(vecs(line), rad(0.15), MAX_ARC_RAD)).toEqual([0, 999]);
    expect(simplifyRoute(vecs(line), rad(0.08), MAX_ARC_RAD).length).toBeGreaterThan(2);
  });

  it('keeps every corner of a zigzag wider than the tolerance', () => {
    const line = Array.from({ length: 200 }, (_, i): [number, number] => [
      9 + i * 0.0001,
      45 + (i % 2) * 0.05,
    ]);
    expect(simplifyRoute(vecs(line), rad(2.5), MAX_ARC_RAD)).toHaveLength(200);
  });

  it('collapses a zigzag narrower than the tolerance', () => {
    const line = Array.from({ length: 10_000 }, (_, i): [number, number] => [
      9 + i * 0.0001,
      45 + (i % 2) * 0.01,
    ]);
    expect(simplifyRoute(vecs(line), rad(2.5), MAX_ARC_RAD).length).toBeLessThan(10);
  });

  it('leaves every dropped vertex within the tolerance of the arc that replaces it (sampled oracle)', () => {
    const rand = seededRandom(7);
    for (let trial = 0; trial < 20; trial++) {
      // A random walk of 300 steps of up to ~1 km, turning gently or sharply.
      const line: [number, number][] = [[rand() * 300 - 150, rand() * 120 - 60]];
      let heading = rand() * 2 * Math.PI;
      for (let i = 0; i < 300; i++) {
        heading += (rand() - 0.5) * (trial % 2 ? 0.3 : 3);
        const [lon, lat] = line[i]!;
        const step = rand() * 0.01;
        line.push([
          lon + (step * Math.cos(heading)) / Math.cos((lat * Math.PI) / 180),
          lat + step * Math.sin(heading),
        ]);
      }
      const toleranceKm = 0.05 + rand() * 0.5;
      const kept = simplifyRoute(vecs(line), rad(toleranceKm), MAX_ARC_RAD);
      expect(kept[0]).toBe(0);
      expect(kept.at(-1)).toBe(line.length - 1);
      expect(kept.length).toBeLessThan(line.length);
      for (let j = 0; j + 1 < kept.length; j++) {
        for (let i = kept[j]! + 1; i < kept[j + 1]!; i++) {
          const d = sampledArcKm(line[i]!, line[kept[j]!]!, line[kept[j + 1]!]!);
          expect(d, `trial ${trial}, vertex ${i}`).toBeLessThanOrEqual(toleranceKm + 0.005);
        }
      }
    }
  });

  it('keeps a line of two points and every vertex with a zero tolerance', () => {
    const line: [number, number][] = [
      [9, 45],
      [9.001, 45],
      [9.002, 45],
    ];
    expect(simplifyRoute(vecs(line.slice(0, 2)), rad(1), MAX_ARC_RAD)).toEqual([0, 1]);
    expect(simplifyRoute(vecs(line), 0, MAX_ARC_RAD)).toEqual([0, 1, 2]);
  });

  it('never makes an arc longer than the longest allowed', () => {
    const line = Array.from({ length: 100 }, (_, i): [number, number] => [i * 1.5, 0]);
    const kept = simplifyRoute(vecs(line), rad(1), MAX_ARC_RAD);
    for (let j = 0; j + 1 < kept.length; j++) {
      expect((kept[j + 1]! - kept[j]!) * 1.5).toBeLessThanOrEqual((MAX_ARC_RAD * 180) / Math.PI);
    }
    expect(kept.length).toBeGreaterThan(2);
  });
});
