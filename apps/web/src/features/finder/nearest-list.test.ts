import type { NearestStation, StationSummary } from '@cng/shared/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useFinderMessages } from '../../testing/test-messages';
import { testStation as station } from '../../testing/test-station';
import {
  AREA_KEY,
  AREA_LIMIT,
  AREA_RADIUS_KM,
  savedAreaCoverage,
  saveStations,
} from '../station/offline-stations';
import { NO_FILTERS } from './finder-filters';
import { loadNearest, nearestIsProven, stationFilter, stationsAt } from './nearest-list';

beforeAll(() => useFinderMessages());

const bari = { lon: 16.87, lat: 41.12 };
/** A point `km` north of Bari (one degree of latitude is about 111.2 km). */
const north = (km: number) => ({ lon: bari.lon, lat: bari.lat + km / 111.195 });

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the one "is the nearest proven" rule', () => {
  it('is sure near the area origin and not beyond its radius', () => {
    saveStations(AREA_KEY, bari, [station('a', 16.88, 41.13)]);
    const coverage = savedAreaCoverage();
    expect(coverage?.boundKm).toBe(AREA_RADIUS_KM);
    expect(nearestIsProven(coverage, bari, 1.5)).toBe(true);
    // 60 km from where the area was fetched: a station just outside it may be nearer than any saved one.
    expect(nearestIsProven(coverage, north(AREA_RADIUS_KM + 10), 59)).toBe(false);
    // Inside the area, but the saved nearest is farther than the area's edge from here.
    expect(nearestIsProven(coverage, north(30), 25)).toBe(false);
    expect(nearestIsProven(coverage, north(30), 15)).toBe(true);
  });

  it('shrinks to the farthest saved station when the area was cut at its limit, and is never sure without one', () => {
    const many = Array.from({ length: AREA_LIMIT }, (_, i) => station(`s${i}`, bari.lon, north(i / 10).lat));
    saveStations(AREA_KEY, bari, many);
    expect(savedAreaCoverage()?.boundKm).toBeCloseTo((AREA_LIMIT - 1) / 10, 2);
    localStorage.clear();
    expect(savedAreaCoverage()).toBeNull();
    expect(nearestIsProven(null, bari, 0.1)).toBe(false);
  });
});

describe('the filters on saved stations, folded like the server', () => {
  const hpclSuppliedByIgl = station('hp', 77.2, 28.6, {
    brand: 'HPCL',
    operator: 'Indraprastha Gas Limited',
  });
  const iglOwn = station('igl', 77.21, 28.6, { brand: 'IGL', operator: 'Indraprastha Gas Limited' });
  const mgl = station('mgl', 72.8, 19.0, { brand: 'MGL', operator: 'Mahanagar Gas Limited' });

  it('finds a pump by the short name of the gas company that supplies it ("IGL" finds an HPCL pump)', () => {
    const keep = stationFilter({ operator: 'IGL' });
    expect([hpclSuppliedByIgl, iglOwn, mgl].filter(keep).map((s) => s.id)).toEqual(['hp', 'igl']);
  });

  it('ignores case and accents, and applies status and "open now" as saved', () => {
    const eni = station('eni', 16.8, 41.1, { brand: 'Enilive', openNow: true });
    expect(stationFilter({ operator: 'ENÌ' })(eni)).toBe(true);
    expect(stationFilter({ openNow: true })(station('x', 0, 0, { openNow: false }))).toBe(false);
    const available = station('ok', 0, 0, { status: { status: 'available' } as StationSummary['status'] });
    expect(stationFilter({ availableOnly: true })(available)).toBe(true);
    expect(stationFilter({ availableOnly: true })(iglOwn)).toBe(false);
    // Under two characters the operator text does not filter.
    expect(stationFilter({ operator: 'h' })(mgl)).toBe(true);
  });
});

function nearestBody(stations: Partial<NearestStation>[]) {
  return { lon: 0, lat: 0, radiusKm: 1, count: stations.length, stations };
}

describe('loading the nearest list', () => {
  it('asks for the nearest station of any kind beside a filtered answer', async () => {
    const near = { ...station('near', 73.85, 18.52), distanceKm: 1.2, bearingDeg: 10 };
    const far = { ...station('far', 73.85, 19.6), distanceKm: 120, bearingDeg: 0 };
    const fetchMock = vi.fn(async (url: string) =>
      Response.json(nearestBody(url.includes('status=available') ? [far] : [near])),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answer = await loadNearest({ lon: 73.85, lat: 18.51 }, { ...NO_FILTERS, availableOnly: true });
    expect(answer.stations.map((s) => s.id)).toEqual(['far']);
    expect(answer.anyNearest?.id).toBe('near');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Without a filter, one request: the list's first station is the nearest of any kind.
    fetchMock.mockClear();
    const plain = await loadNearest({ lon: 73.85, lat: 18.51 }, NO_FILTERS);
    expect(plain.anyNearest?.id).toBe('near');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back on the saved copy, filtered the same way, with the nearest of any kind beside it', async () => {
    saveStations(AREA_KEY, { lon: 77.2, lat: 28.6 }, [
      station('hp', 77.2, 28.6, { brand: 'HPCL', operator: 'Indraprastha Gas Limited' }),
      station('plain', 77.2001, 28.6, { brand: 'Indian Oil', operator: 'Somebody Else' }),
    ]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const answer = await loadNearest({ lon: 77.2002, lat: 28.6 }, { ...NO_FILTERS, operator: 'IGL' });
    expect(answer.stations.map((s) => s.id)).toEqual(['hp']);
    expect(answer.anyNearest?.id).toBe('plain');
    expect(answer.offline?.coverage?.boundKm).toBe(AREA_RADIUS_KM);
    expect(answer.error).toMatch(/saved stations/);
  });
});

describe('the per-fix recompute', () => {
  it('computes each distance once, and takes the nearest of any kind from the list when it is there', () => {
    const a = { ...station('a', 16.8, 41.1), distanceKm: 0, bearingDeg: 0 };
    const b = { ...station('b', 16.9, 41.1), distanceKm: 0, bearingDeg: 0 };
    const here = stationsAt([a, b], b, { lon: 16.91, lat: 41.1 });
    expect(here.stations.map((s) => s.id)).toEqual(['b', 'a']);
    expect(here.anyNearest).toBe(here.stations[0]);
    const outside = { ...station('c', 16.92, 41.1), distanceKm: 0, bearingDeg: 0 };
    expect(stationsAt([a], outside, { lon: 16.91, lat: 41.1 }).anyNearest?.distanceKm).toBeGreaterThan(0);
  });
});
