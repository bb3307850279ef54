import type { OfficialCount } from '@cng/shared';
import { describe, expect, it } from 'vitest';
import { NearestIndex } from '../geo/nearest-index';
import type { CoverageCity, CoverageFacts, CoverageRegion } from './coverage-facts';
import { type BigCity, CoverageModel, shareLevel } from './coverage-model';

const official = (count: number): OfficialCount => ({ count, asOf: '2024-01', source: 'a test table' });

// Points in central India (country-coder: IN), a degree apart: far enough that their circles never overlap.
const A = { lon: 78, lat: 21 };
const B = { lon: 80, lat: 21 };
const C = { lon: 82, lat: 21 };
/** `n` points within a few km of `at` (0.01° steps to the east). */
const around = (at: { lon: number; lat: number }, n: number) =>
  Array.from({ length: n }, (_, k) => ({ lon: at.lon + 0.01 * (k + 1), lat: at.lat }));

/** Everything west of 81° E is "West State", the rest "East State". */
function facts(cities: CoverageCity[], regions: CoverageRegion[]): CoverageFacts {
  return { cities, regions, stateAt: (lon) => (lon < 81 ? 'West State' : 'East State'), problems: [] };
}
const city = (name: string, at: { lon: number; lat: number }, count: number | null): CoverageCity => ({
  name,
  state: 'West State',
  countryCode: 'IN',
  ...at,
  suppliers: [`${name} Gas`],
  sources: [],
  official: count === null ? null : official(count),
});
const model = (points: { lon: number; lat: number }[], f: CoverageFacts, big: BigCity[] = []) =>
  new CoverageModel(
    f,
    new NearestIndex(
      points.map((p) => p.lon),
      points.map((p) => p.lat),
    ),
    big,
  );

describe('shareLevel', () => {
  it('is thin under 50 % of the official count, partial to 80 %, good from there', () => {
    expect(shareLevel(49, official(100))).toBe('thin');
    expect(shareLevel(50, official(100))).toBe('partial');
    expect(shareLevel(79, official(100))).toBe('partial');
    expect(shareLevel(80, official(100))).toBe('good');
    expect(shareLevel(120, official(100))).toBe('good');
    expect(shareLevel(0, official(0))).toBe('good');
  });
});

describe('CoverageModel', () => {
  it("judges a listed city by its own count, and names the city's suppliers", () => {
    const m = model(
      around(A, 3),
      facts(
        [city('Alpha', A, 10)],
        [{ kind: 'state', name: 'West State', countryCode: 'IN', official: official(3) }],
      ),
    );
    const c = m.at(A.lon, A.lat);
    expect(c.area).toEqual({ kind: 'city', name: 'Alpha', known: 3, official: official(10) });
    expect(c).toMatchObject({ level: 'thin', basis: 'official-share', knownNearby: 3 });
    expect(c.suppliers).toEqual([{ name: 'Alpha Gas' }]);
  });

  it('falls back to the state, then to the country, when the city has no count', () => {
    const states: CoverageRegion[] = [
      { kind: 'state', name: 'West State', countryCode: 'IN', official: official(4) },
    ];
    const country: CoverageRegion[] = [
      { kind: 'country', name: 'India', countryCode: 'IN', official: official(10) },
    ];
    const points = [...around(A, 3), ...around(C, 2)];
    const byState = model(points, facts([city('Alpha', A, null)], [...states, ...country])).at(A.lon, A.lat);
    expect(byState.area).toEqual({ kind: 'state', name: 'West State', known: 3, official: official(4) });
    expect(byState.level).toBe('partial');
    // East State has no count: India's share (5 of 10) judges it.
    const byCountry = model(points, facts([], [...states, ...country])).at(C.lon, C.lat);
    expect(byCountry.area).toEqual({ kind: 'country', name: 'India', known: 5, official: official(10) });
    expect(byCountry).toMatchObject({ level: 'partial', suppliers: [] });
  });

  it('with no count anywhere, keeps the most local area and says no figure judged it', () => {
    const c = model(around(A, 3), facts([city('Alpha', A, null)], [])).at(A.lon, A.lat);
    expect(c.area).toEqual({ kind: 'city', name: 'Alpha', known: 3, official: null });
    expect(c).toMatchObject({ level: 'good', basis: 'no-figure' });
  });

  it('says none with no known station within 25 km, whatever the area', () => {
    const m = model(
      around(A, 3),
      facts([], [{ kind: 'state', name: 'West State', countryCode: 'IN', official: official(3) }]),
    );
    // B is about 208 km east of A, in the same state, whose count we match.
    expect(m.at(B.lon, B.lat)).toMatchObject({ level: 'none', basis: 'none-nearby', knownNearby: 0 });
    expect(m.at(B.lon, B.lat).area).toMatchObject({ kind: 'state', name: 'West State', known: 3 });
  });

  it('holds a big city to 5 known stations within 15 km of its centre, unless its own count judged it', () => {
    const state: CoverageRegion[] = [
      { kind: 'state', name: 'West State', countryCode: 'IN', official: official(4) },
    ];
    const big: BigCity[] = [{ name: 'Bigtown', population: 2_000_000, ...A }];
    const four = model(around(A, 4), facts([], state), big).at(A.lon, A.lat);
    expect(four).toMatchObject({ level: 'thin', basis: 'sparse-big-city' });
    expect(four.bigCity).toEqual({ name: 'Bigtown', population: 2_000_000, knownWithinKm: 4 });
    const five = model(around(A, 5), facts([], state), big).at(A.lon, A.lat);
    expect(five).toMatchObject({ level: 'good', basis: 'official-share' });
    // A listed city with a figure it meets is good, however few stations that is.
    const own = model(around(A, 4), facts([city('Bigtown', A, 4)], state), big).at(A.lon, A.lat);
    expect(own).toMatchObject({ level: 'good', basis: 'official-share', bigCity: null });
  });

  it('judges a point on the 0.01° grid: points of one cell share one answer', () => {
    const m = model(around(A, 3), facts([city('Alpha', A, 10)], []));
    expect(m.at(A.lon + 0.004, A.lat - 0.004)).toEqual(m.at(A.lon, A.lat));
  });

  it('lists countries, states and cities with their counts, shares and levels', () => {
    const regions: CoverageRegion[] = [
      { kind: 'state', name: 'West State', countryCode: 'IN', official: official(10) },
      { kind: 'country', name: 'India', countryCode: 'IN', official: official(10) },
    ];
    const areas = model([...around(A, 3), ...around(C, 1)], facts([city('Alpha', A, null)], regions)).areas();
    expect(areas.map((a) => [a.kind, a.name, a.known, a.share, a.level])).toEqual([
      ['country', 'India', 4, 0.4, 'thin'],
      ['state', 'East State', 1, null, null],
      ['state', 'West State', 3, 0.3, 'thin'],
      ['city', 'Alpha', 3, null, 'thin'],
    ]);
  });
});
