import type { NearestResponse, Station, StatusSummary } from '@cng/shared';
import { UNKNOWN_STATUS } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bruteForceNearest, oracleDistanceKm, sameNearest } from '../test-support/brute-force';
import { seededRandom } from '../test-support/random';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';
import { TEST_DIALECTS } from '../test-support/test-db';

/** Initial bearing computed another way (3-D vectors), to check the API's bearing independently. */
function oracleBearingDeg(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const r = Math.PI / 180;
  const v = (lon: number, lat: number) => [
    Math.cos(lat * r) * Math.cos(lon * r),
    Math.cos(lat * r) * Math.sin(lon * r),
    Math.sin(lat * r),
  ];
  const q = v(lon2, lat2);
  const north = [
    -Math.sin(lat1 * r) * Math.cos(lon1 * r),
    -Math.sin(lat1 * r) * Math.sin(lon1 * r),
    Math.cos(lat1 * r),
  ];
  const east = [-Math.sin(lon1 * r), Math.cos(lon1 * r), 0];
  const dotq = (a: number[]) => a[0]! * q[0]! + a[1]! * q[1]! + a[2]! * q[2]!;
  return (Math.atan2(dotq(east), dotq(north)) / r + 360) % 360;
}

const bearingGap = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe.each(TEST_DIALECTS)('GET /api/stations/nearest on %s', (dialect) => {
  const stations = realStations();
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  // The index orders stations by id (loadActiveStations); the oracle scans the same list.
  const byId = [...stations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  beforeAll(async () => {
    t = await createStationApiApp(dialect, stations);
  });
  afterAll(async () => t?.close());

  const get = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stations/nearest?${query}` });
    return { res, body: res.json() as NearestResponse };
  };

  it('matches a brute-force scan over every real station for 300 random points, to the metre', async () => {
    const rand = seededRandom(2026);
    let compared = 0;
    for (let q = 0; q < 300; q++) {
      // Half near real stations, half anywhere in the India and Italy boxes.
      const s = byId[Math.floor(rand() * byId.length)]!;
      const [lon, lat] =
        q % 2 === 0
          ? [s.lon + (rand() - 0.5), s.lat + (rand() - 0.5)]
          : s.countryCode === 'IN'
            ? [68 + rand() * 29, 8 + rand() * 29]
            : [6.5 + rand() * 12, 36.5 + rand() * 10.5];
      const limit = 1 + Math.floor(rand() * 30);
      const radiusKm = [5, 50, 200, 1000][q % 4]!;
      const { res, body } = await get(`lat=${lat}&lon=${lon}&limit=${limit}&radiusKm=${radiusKm}`);
      expect(res.statusCode).toBe(200);
      const want = bruteForceNearest(byId, lon, lat, limit, radiusKm);
      const got = body.stations.map((st) => ({
        index: byId.findIndex((b) => b.id === st.id),
        distanceKm: st.distanceKm,
      }));
      expect(sameNearest(got, want), `query ${lat},${lon} limit ${limit} r ${radiusKm}`).toBeNull();
      for (const st of body.stations) {
        expect(bearingGap(st.bearingDeg, oracleBearingDeg(lon, lat, st.lon, st.lat))).toBeLessThan(1e-6);
      }
      compared += got.length;
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('returns every field of the wire contract, status and openNow included', async () => {
    const { res, body } = await get('lat=19.0760&lon=72.8777&limit=3');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(body).toMatchObject({ lat: 19.076, lon: 72.8777, radiusKm: 50, count: 3 });
    const first = body.stations[0]!;
    const stored = stations.find((s) => s.id === first.id)!;
    expect(first).toEqual({
      ...stored,
      openNow: null,
      status: UNKNOWN_STATUS,
      lastConfirmed: { at: stored.lastSeenAt, by: 'source' },
      distanceKm: oracleDistanceKm(72.8777, 19.076, stored.lon, stored.lat),
      bearingDeg: expect.any(Number),
    });
    expect(first.sources[0]).toMatchObject({ source: 'india-open', licence: 'ODbL-1.0' });
  });

  it('defaults to 20 stations within 50 km', async () => {
    const { body } = await get('lat=45.4642&lon=9.19');
    expect(body.count).toBe(20);
    expect(body.stations.every((s) => s.distanceKm <= 50)).toBe(true);
  });

  it('answers an empty list far from every station, and with radius 0 away from a station', async () => {
    expect((await get('lat=0&lon=-150')).body).toMatchObject({ count: 0, stations: [] });
    expect((await get('lat=45.1&lon=9.1&radiusKm=0')).body.count).toBe(0);
  });

  it('finds the station under the query point with radius 0 and limit 1', async () => {
    const s = byId[500]!;
    const { body } = await get(`lat=${s.lat}&lon=${s.lon}&radiusKm=0&limit=1`);
    expect(body.count).toBe(1);
    expect(body.stations[0]!.distanceKm).toBe(0);
    expect(stations.filter((o) => o.lon === s.lon && o.lat === s.lat).map((o) => o.id)).toContain(
      body.stations[0]!.id,
    );
  });

  it('filters by operator or brand, ignoring case and accents, before the limit', async () => {
    const { body } = await get('lat=45.4642&lon=9.19&limit=5&radiusKm=200&operator=AGIP%20eni');
    expect(body.count).toBe(5);
    for (const s of body.stations) expect(`${s.brand} ${s.operator}`.toLowerCase()).toContain('agip eni');
    const want = bruteForceNearest(
      byId.filter((s) => `${s.brand}\n${s.operator}`.toLowerCase().includes('agip eni')),
      9.19,
      45.4642,
      5,
      200,
    );
    expect(body.stations.map((s) => s.distanceKm)).toEqual(want.map((w) => expect.closeTo(w.distanceKm, 6)));
  });

  it('carries the status from the status provider and filters on it', async () => {
    const original = t.app.statusProvider.summaryFor;
    const noGas: StatusSummary = { ...UNKNOWN_STATUS, status: 'no_gas', confidence: 'high', reportCount: 3 };
    const { body: all } = await get('lat=19.0760&lon=72.8777&limit=4');
    const dry = all.stations[0]!.id;
    t.app.statusProvider.summaryFor = (id) => (id === dry ? noGas : UNKNOWN_STATUS);
    try {
      const { body: withStatus } = await get('lat=19.0760&lon=72.8777&limit=4');
      expect(withStatus.stations[0]!.status).toEqual(noGas);
      const { body: usable } = await get('lat=19.0760&lon=72.8777&limit=3&status=available,unknown');
      expect(usable.stations.map((s) => s.id)).toEqual(all.stations.slice(1, 4).map((s) => s.id));
      const { body: onlyDry } = await get('lat=19.0760&lon=72.8777&limit=3&status=no_gas');
      expect(onlyDry.stations.map((s) => s.id)).toEqual([dry]);
    } finally {
      t.app.statusProvider.summaryFor = original;
    }
  });
});

describe('GET /api/stations/nearest at the edges of the map', () => {
  const station = (id: string, lon: number, lat: number, extra: Partial<Station> = {}): Station => ({
    ...realStations()[0]!,
    id,
    name: `Synthetic ${id}`,
    lon,
    lat,
    countryCode: 'XX',
    timeZone: 'UTC',
    sources: [],
    ...extra,
  });
  // Synthetic test points (never served by the product): both sides of the antimeridian and both poles.
  const fixtures = [
    station('fiji-east', 179.99, -17),
    station('samoa-west', -179.99, -17),
    station('north-pole', 45, 89.999),
    station('south-pole', -120, -89.999),
    station('open-always', 0.001, 0, { openingHours: '24/7' }),
    station('closed-always', 0.002, 0, { openingHours: 'off' }),
  ];
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp('sqlite', fixtures);
  });
  afterAll(async () => t?.close());
  const get = async (query: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/stations/nearest?${query}` })).json() as NearestResponse;

  it('measures and points across the antimeridian', async () => {
    const body = await get('lat=-17&lon=179.999&limit=2&radiusKm=10');
    expect(body.stations.map((s) => s.id)).toEqual(['fiji-east', 'samoa-west']);
    expect(body.stations[1]!.distanceKm).toBeCloseTo(oracleDistanceKm(179.999, -17, -179.99, -17), 9);
    expect(body.stations[1]!.distanceKm).toBeLessThan(1.2);
    // Samoa's station lies east across the line: bearing ~90°, not ~270°.
    expect(bearingGap(body.stations[1]!.bearingDeg, 90)).toBeLessThan(0.01);
    expect(bearingGap(body.stations[0]!.bearingDeg, 270)).toBeLessThan(0.01);
  });

  it('measures and points at and near the poles', async () => {
    // At a pole every direction is south (north); bearings there are taken from the query's meridian.
    for (const [lat, lon, id, sLon, sLat] of [
      [90, 0, 'north-pole', 45, 89.999],
      [89.99, 170, 'north-pole', 45, 89.999],
      [-90, 0, 'south-pole', -120, -89.999],
      [-89.995, -60, 'south-pole', -120, -89.999],
    ] as const) {
      const body = await get(`lat=${lat}&lon=${lon}&limit=1&radiusKm=5`);
      expect(body.stations[0]!.id).toBe(id);
      expect(body.stations[0]!.distanceKm).toBeCloseTo(oracleDistanceKm(lon, lat, sLon, sLat), 9);
      expect(bearingGap(body.stations[0]!.bearingDeg, oracleBearingDeg(lon, lat, sLon, sLat))).toBeLessThan(
        1e-6,
      );
    }
    // From the pole along the meridian 45° the station at lon 45 is straight ahead: due south.
    expect(
      bearingGap((await get('lat=90&lon=45&limit=1&radiusKm=1')).stations[0]!.bearingDeg, 180),
    ).toBeLessThan(1e-6);
  });

  it('evaluates openNow from opening hours and filters on it', async () => {
    const body = await get('lat=0&lon=0&limit=2&radiusKm=1');
    expect(Object.fromEntries(body.stations.map((s) => [s.id, s.openNow]))).toEqual({
      'open-always': true,
      'closed-always': false,
    });
    expect((await get('lat=0&lon=0&radiusKm=1&openNow=true')).stations.map((s) => s.id)).toEqual([
      'open-always',
    ]);
    expect((await get('lat=0&lon=0&radiusKm=1&openNow=false')).stations.map((s) => s.id)).toEqual([
      'closed-always',
    ]);
  });
});
