import { distanceKm, type StationSummary } from '@cng/shared';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AREA_KEY,
  AREA_LIMIT,
  AREA_RADIUS_KM,
  AREA_REFRESH_KM,
  AREA_REFRESH_MS,
  areaRefreshDue,
  LAST_LIST_KEY,
  readStations,
  savedAreaCoverage,
  savedNearestIsSure,
  savedStation,
  savedStationsNear,
  saveStations,
} from './offline-stations';

/** A minimal station row: only the fields the offline list reads. */
function station(id: string, lon: number, lat: number, extra: Partial<StationSummary> = {}): StationSummary {
  return {
    id,
    name: id,
    lon,
    lat,
    brand: null,
    operator: null,
    openNow: null,
    status: { status: 'unknown' },
    ...extra,
  } as unknown as StationSummary;
}

const bari = { lon: 16.87, lat: 41.12 };

afterEach(() => localStorage.clear());

describe('stations saved for offline use', () => {
  it('lists the saved stations nearest to a new position, with distances from there', () => {
    saveStations(
      AREA_KEY,
      bari,
      [station('a', 16.8, 41.1), station('b', 16.95, 41.13), station('c', 17.3, 41.0)],
      1000,
    );
    const here = { lon: 16.94, lat: 41.13 };
    const near = savedStationsNear(here, {}, 2);
    expect(near?.stations.map((s) => s.id)).toEqual(['b', 'a']);
    expect(near?.stations[0]?.distanceKm).toBeCloseTo(distanceKm(here.lon, here.lat, 16.95, 41.13), 9);
    expect(near?.dataAtMs).toBe(1000);
  });

  it('takes the newer copy of a station and dates the list by the older of the lists used', () => {
    saveStations(AREA_KEY, bari, [station('a', 16.8, 41.1, { name: 'old name' })], 1000);
    saveStations(LAST_LIST_KEY, bari, [station('a', 16.8, 41.1, { name: 'new name' })], 5000);
    const near = savedStationsNear(bari);
    expect(near?.stations.map((s) => s.name)).toEqual(['new name']);
    expect(near?.dataAtMs).toBe(1000);
  });

  it('applies the filters the saved fields allow', () => {
    saveStations(AREA_KEY, bari, [
      station('open', 16.8, 41.1, { openNow: true, brand: 'Eni' }),
      station('closed', 16.81, 41.1, { openNow: false, brand: 'Eni' }),
      station('other', 16.82, 41.1, { openNow: true, brand: 'Q8' }),
    ]);
    const near = savedStationsNear(bari, { openNow: true, operator: 'en' });
    expect(near?.stations.map((s) => s.id)).toEqual(['open']);
  });

  it('keeps no per-query distance in storage, and answers null when nothing is saved', () => {
    expect(savedStationsNear(bari)).toBeNull();
    saveStations(LAST_LIST_KEY, bari, [
      { ...station('a', 16.8, 41.1), distanceKm: 3, bearingDeg: 90 } as StationSummary,
    ]);
    expect(readStations(LAST_LIST_KEY)?.stations[0]).not.toHaveProperty('distanceKm');
  });

  it('asks for a new area after moving far enough or when it is old', () => {
    const now = 10 * AREA_REFRESH_MS;
    expect(areaRefreshDue(bari, now)).toBe(true);
    saveStations(AREA_KEY, bari, [station('a', 16.8, 41.1)], now);
    expect(areaRefreshDue(bari, now + 1000)).toBe(false);
    // One degree of latitude is about 111 km.
    expect(areaRefreshDue({ lon: bari.lon, lat: bari.lat + (AREA_REFRESH_KM + 1) / 111 }, now)).toBe(true);
    expect(areaRefreshDue(bari, now + AREA_REFRESH_MS + 1)).toBe(true);
  });

  it('finds one station by id in the saved lists, the newest copy first', () => {
    expect(savedStation('a')).toBeNull();
    saveStations(AREA_KEY, bari, [station('a', 16.8, 41.1, { name: 'old' }), station('b', 16.9, 41.1)], 1000);
    saveStations(LAST_LIST_KEY, bari, [station('a', 16.8, 41.1, { name: 'new' })], 5000);
    expect(savedStation('a')?.name).toBe('new');
    expect(savedStation('b')?.name).toBe('b');
    expect(savedStation('zzz')).toBeNull();
  });
});

describe('how far the saved area vouches for its nearest station', () => {
  /** A point `km` north of Bari (one degree of latitude is about 111.2 km). */
  const north = (km: number) => ({ lon: bari.lon, lat: bari.lat + km / 111.195 });

  it('is sure near the area origin and not beyond its radius', () => {
    saveStations(AREA_KEY, bari, [station('a', 16.88, 41.13)]);
    const coverage = savedAreaCoverage();
    expect(coverage?.boundKm).toBe(AREA_RADIUS_KM);
    expect(savedNearestIsSure(coverage, bari, 1.5)).toBe(true);
    // 60 km from where the area was fetched: a station just outside it may be nearer than any saved one.
    expect(savedNearestIsSure(coverage, north(AREA_RADIUS_KM + 10), 59)).toBe(false);
    // Inside the area, but the saved nearest is farther than the area's edge from here.
    expect(savedNearestIsSure(coverage, north(30), 25)).toBe(false);
    expect(savedNearestIsSure(coverage, north(30), 15)).toBe(true);
  });

  it('shrinks to the farthest saved station when the area was cut at its limit, and is never sure without one', () => {
    const many = Array.from({ length: AREA_LIMIT }, (_, i) => station(`s${i}`, bari.lon, north(i / 10).lat));
    saveStations(AREA_KEY, bari, many);
    expect(savedAreaCoverage()?.boundKm).toBeCloseTo((AREA_LIMIT - 1) / 10, 2);
    localStorage.clear();
    expect(savedAreaCoverage()).toBeNull();
    expect(savedNearestIsSure(null, bari, 0.1)).toBe(false);
  });
});
