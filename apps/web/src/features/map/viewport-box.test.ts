// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { boxContains, needsReload, paddedBox } from './viewport-box';

describe('paddedBox', () => {
  it('grows the view by the fraction on every side', () => {
    expect(paddedBox(9, 45, 10, 46, 0.5)).toEqual([8.5, 44.5, 10.5, 46.5]);
  });
  it('wraps longitudes past ±180 and clamps latitudes at the poles', () => {
    const [w, s, e, n] = paddedBox(179, 88, 181, 89.5, 0.5);
    expect(w).toBeCloseTo(178);
    expect(e).toBeCloseTo(-178);
    expect(s).toBeCloseTo(87.25);
    expect(n).toBe(90);
  });
  it('answers the whole world when the padded view spans 360° or more', () => {
    expect(paddedBox(-150, -10, 150, 10, 0.5)).toEqual([-180, -20, 180, 20]);
  });
});

describe('boxContains', () => {
  it('holds a box inside and refuses one that sticks out on any side', () => {
    const outer: [number, number, number, number] = [8, 44, 11, 47];
    expect(boxContains(outer, [9, 45, 10, 46])).toBe(true);
    expect(boxContains(outer, [7.9, 45, 10, 46])).toBe(false);
    expect(boxContains(outer, [9, 43.9, 10, 46])).toBe(false);
    expect(boxContains(outer, [9, 45, 11.1, 46])).toBe(false);
    expect(boxContains(outer, [9, 45, 10, 47.1])).toBe(false);
  });
  it('works across the antimeridian', () => {
    expect(boxContains([170, -10, -170, 10], [175, -5, -175, 5])).toBe(true);
    expect(boxContains([170, -10, -170, 10], [175, -5, -165, 5])).toBe(false);
    expect(boxContains([170, -10, -170, 10], [160, -5, 165, 5])).toBe(false);
  });
});

describe('needsReload', () => {
  const loaded = { box: paddedBox(9, 45, 10, 46, 0.5), zoom: 12 };
  it('loads the first time and after a zoom change', () => {
    expect(needsReload(null, [9, 45, 10, 46], 12)).toBe(true);
    expect(needsReload(loaded, [9, 45, 10, 46], 13)).toBe(true);
  });
  it('does not reload while following a driver a little way inside the padded box', () => {
    // 60 fixes 15 m apart heading east: 0.9 km ≈ 0.0115° of longitude at 45°N.
    for (let k = 0; k < 60; k++) {
      const dLon = k * 0.000192;
      expect(needsReload(loaded, [9 + dLon, 45, 10 + dLon, 46], 12)).toBe(false);
    }
  });
  it('reloads once the view leaves the padded box', () => {
    expect(needsReload(loaded, [9.6, 45, 10.6, 46], 12)).toBe(true);
  });
});
