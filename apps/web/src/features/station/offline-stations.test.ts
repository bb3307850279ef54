import { distanceKm, type StationSummary } from '@cng/shared/client';
import { afterEach, describe, expect, it } from 'vitest';
import { testStation as station } from '../../testing/test-station';
import {
  AREA_KEY,
  AREA_REFRESH_KM,
  AREA_REFRESH_MS,
  areaRefreshDue,
  LAST_LIST_KEY,
  readStations,
  savedStation,
  savedStationsNear,
  saveStations,
} from './offline-stations';

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
    const near = savedStationsNear(here, undefined, 2);
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

  it('keeps only the stations the given test accepts', () => {
    saveStations(AREA_KEY, bari, [
      station('open', 16.8, 41.1, { openNow: true, brand: 'Eni' }),
      station('closed', 16.81, 41.1, { openNow: false, brand: 'Eni' }),
    ]);
    const near = savedStationsNear(bari, (s) => s.openNow === true);
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
