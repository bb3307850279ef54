import { describe, expect, it } from 'vitest';
import { type Comparable, namesMatch, sameStationDistanceM } from './same-station';
import { StationGrid } from './station-grid';

const at = (lon: number, lat: number, over: Partial<Comparable> = {}): Comparable => ({
  lon,
  lat,
  name: 'Station',
  brand: null,
  operator: null,
  coordinateQuality: 'osm',
  ...over,
});
// 0.0001° of latitude ≈ 11.1 m.
const north = (p: Comparable, m: number, over: Partial<Comparable> = {}) =>
  at(p.lon, p.lat + m / 111_195, over);

describe('the same-station rule', () => {
  const a = at(77.2, 28.6, { name: 'Chaudhary CNG', brand: 'IGL' });

  it('joins any two records within 50 m', () => {
    expect(sameStationDistanceM(a, north(a, 49, { name: 'Something else' }))).toBeCloseTo(49, 0);
    expect(sameStationDistanceM(a, north(a, 60, { name: 'Something else' }))).toBeNull();
  });

  it('joins records up to 150 m only when brand or name match', () => {
    expect(sameStationDistanceM(a, north(a, 140, { name: 'Chaudhary Cng Station' }))).not.toBeNull();
    expect(sameStationDistanceM(a, north(a, 140, { name: 'Other', brand: 'IGL' }))).not.toBeNull();
    expect(sameStationDistanceM(a, north(a, 160, { name: 'Chaudhary CNG' }))).toBeNull();
  });

  it('never joins a geocoded point on distance alone (village centres hold many stations)', () => {
    const g = north(a, 0, { name: 'Dahyabhai And Sons', coordinateQuality: 'geocoded' });
    expect(sameStationDistanceM(a, g)).toBeNull();
    expect(
      sameStationDistanceM(a, north(a, 100, { name: 'Chaudhary', coordinateQuality: 'geocoded' })),
    ).not.toBeNull();
  });

  it('compares names by their identifying words, ignoring filler and accents', () => {
    expect(namesMatch(at(0, 0, { name: 'Agip Eni' }), at(0, 0, { name: 'ENI Station' }))).toBe(true);
    expect(namesMatch(at(0, 0, { name: 'Stazione Metano Città' }), at(0, 0, { name: 'citta' }))).toBe(true);
    expect(namesMatch(at(0, 0, { name: 'CNG Station' }), at(0, 0, { name: 'CNG Pump' }))).toBe(false);
  });
});

describe('StationGrid', () => {
  it('finds every station within 150 m, checked against brute force at several latitudes', () => {
    for (const lat of [0, 45, 70]) {
      const grid = new StationGrid();
      const points: [string, number, number][] = [];
      for (let i = 0; i < 400; i++) {
        const p: [string, number, number] = [
          `s${i}`,
          10 + (i % 20) * 0.0007,
          lat + Math.floor(i / 20) * 0.0007,
        ];
        points.push(p);
        grid.add(...p);
      }
      const q = at(10.006, lat + 0.006);
      const near = new Set(grid.near(q.lon, q.lat));
      for (const [id, lon, plat] of points) {
        const d = sameStationDistanceM(q, at(lon, plat));
        if (d !== null) expect(near.has(id)).toBe(true);
      }
    }
  });
});
