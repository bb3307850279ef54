import { describe, expect, it } from 'vitest';
import { bearingDeg, distanceKm, EARTH_RADIUS_KM } from './geo';

const gap = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('distanceKm and bearingDeg at the edges of the map', () => {
  it('measures the short way across the antimeridian, both directions alike', () => {
    const d = distanceKm(179.9, 0, -179.9, 0);
    expect(d).toBeCloseTo(0.2 * ((Math.PI * EARTH_RADIUS_KM) / 180), 9);
    expect(distanceKm(-179.9, 0, 179.9, 0)).toBe(d);
  });

  it('points east across the antimeridian and west back', () => {
    expect(gap(bearingDeg(179.9, 10, -179.9, 10), 90)).toBeLessThan(0.02);
    expect(gap(bearingDeg(-179.9, 10, 179.9, 10), 270)).toBeLessThan(0.02);
  });

  it('puts every longitude of a pole at distance 0 and a pole 90° from the equator', () => {
    expect(distanceKm(0, 90, 123, 90)).toBeCloseTo(0, 9);
    expect(distanceKm(77, 0, -10, 90)).toBeCloseTo((Math.PI / 2) * EARTH_RADIUS_KM, 6);
  });

  it('answers half the circumference for antipodes, never NaN', () => {
    expect(distanceKm(0, 0, 180, 0)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
    expect(distanceKm(12.5, 41.9, 12.5 - 180, -41.9)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 6);
  });

  it('points due north to the north pole and due south to the south pole from anywhere', () => {
    for (const [lon, lat] of [
      [0, 0],
      [179.9, 45],
      [-60, -89.9],
      [10, 89.999],
    ]) {
      expect(gap(bearingDeg(lon!, lat!, 0, 90), 0)).toBeLessThan(1e-6);
      expect(gap(bearingDeg(lon!, lat!, 0, -90), 180)).toBeLessThan(1e-6);
    }
  });

  it('measures bearings at a pole from the meridian of the given longitude', () => {
    // At a pole every way is south (north); the bearing is taken as if the pole had been reached along the
    // meridian of its given longitude, the limit of the bearings just beside it.
    expect(gap(bearingDeg(45, 90, 45, 89), 180)).toBeLessThan(1e-6);
    expect(gap(bearingDeg(0, 90, 90, 89), 90)).toBeLessThan(1e-6);
    expect(gap(bearingDeg(0, -90, 90, -89), 90)).toBeLessThan(1e-6);
  });

  it('answers 0 for coincident points', () => {
    expect(bearingDeg(9.19, 45.46, 9.19, 45.46)).toBe(0);
    expect(distanceKm(9.19, 45.46, 9.19, 45.46)).toBe(0);
  });
});
