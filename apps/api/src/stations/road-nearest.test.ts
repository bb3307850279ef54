import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { distanceKm, type NearestResponse, NearestResponseSchema, STATION_API_LIMITS } from '@cng/shared';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLeg, type FakeOsrm, plainLeg, startFakeOsrm } from '../test-support/fake-osrm';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';

const N = STATION_API_LIMITS.nearestRoadCandidates;
const stations = realStations();
/** Query points in Pune, among real stations; each test uses its own, so the origin cache cannot mix them. */
const PUNE = { lat: 18.5308, lon: 73.8478 };
const at = (dLat: number) => ({ lat: +(PUNE.lat + dLat).toFixed(4), lon: PUNE.lon });

type App = Awaited<ReturnType<typeof createStationApiApp>>;

async function nearest(t: App, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/stations/nearest?${query}` });
  expect(res.statusCode).toBe(200);
  // Caches may keep an answer with road figures or without a routing server, never a fallback.
  const fallback = res.json().road.status === 'unavailable' && res.json().road.reason !== 'not_configured';
  expect(res.headers['cache-control']).toBe(fallback ? 'no-store' : 'public, max-age=30');
  const body = res.json() as NearestResponse;
  expect(
    Value.Check(NearestResponseSchema, body),
    JSON.stringify([...Value.Errors(NearestResponseSchema, body)][0]),
  ).toBe(true);
  return body;
}

/** The drive the fake measures to a station, from the query's origin rounded to 3 decimals. */
const driveFrom = (
  leg: (a: [number, number], b: [number, number]) => FakeLeg | null,
  p: typeof PUNE,
  s: { lon: number; lat: number },
) => leg([Math.round(p.lon * 1000) / 1000, Math.round(p.lat * 1000) / 1000], [s.lon, s.lat]);

describe('GET /api/stations/nearest without a routing server', () => {
  let t: App;
  beforeAll(async () => {
    t = await createStationApiApp('sqlite', stations);
  });
  afterAll(async () => t?.close());

  it('answers the straight-line list, says routing is not configured, and gives stations no road field', async () => {
    const body = await nearest(t, `lat=${PUNE.lat}&lon=${PUNE.lon}&sort=road`);
    expect(body.road).toEqual({ status: 'unavailable', reason: 'not_configured' });
    expect(body.stations.every((s) => !('road' in s))).toBe(true);
    const d = body.stations.map((s) => s.distanceKm);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });
});

describe('GET /api/stations/nearest with a loopback OSRM', () => {
  // A river: the station nearest Pune's query point by straight line is across it, a long drive round.
  const acrossRiver = new Set<string>();
  const leg = (a: [number, number], b: [number, number]) => {
    const plain = plainLeg(a, b);
    const far = acrossRiver.has(`${b[0]},${b[1]}`);
    return far ? { distanceM: plain.distanceM * 8, durationS: plain.durationS * 8 } : plain;
  };
  let osrm: FakeOsrm;
  let t: App;
  beforeAll(async () => {
    osrm = await startFakeOsrm({ leg, delayMs: 1500 });
    t = await createStationApiApp('sqlite', stations, { ROUTING_URL: osrm.url, ROUTING_TIMEOUT_MS: '300' });
  });
  afterAll(async () => {
    await t?.close();
    await osrm?.close();
  });

  it('sends the answer with road figures compressed, whole, to a client that accepts it', async () => {
    osrm.setMode('ok');
    const p = at(0.0031);
    // 100 stations: over 64 KB, the size above which the answer is compressed as a stream.
    const url = `/api/stations/nearest?lat=${p.lat}&lon=${p.lon}&limit=100&radiusKm=1000`;
    const plain = await t.app.inject({ method: 'GET', url });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.rawPayload.length).toBeGreaterThan(1000);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
    expect(plain.json().road).toEqual({ status: 'ok' });
    expect(plain.rawPayload.length).toBeGreaterThan(65_536);
  });

  it(`adds the drive to the first ${N} stations by straight line, from one table call`, async () => {
    osrm.setMode('ok');
    const p = at(0);
    const before = osrm.requests.length;
    const body = await nearest(t, `lat=${p.lat}&lon=${p.lon}&limit=${N + 5}`);
    expect(osrm.requests.slice(before)).toHaveLength(1);
    expect(osrm.requests[before]).toMatch(
      /^\/table\/v1\/driving\/73\.848,18\.531;.*\?sources=0&annotations=duration,distance$/,
    );
    expect(body.road).toEqual({ status: 'ok' });
    expect(body.count).toBe(N + 5);
    body.stations.forEach((s, k) => {
      if (k >= N) {
        expect(s.road).toBeNull();
        return;
      }
      const want = driveFrom(leg, p, s)!;
      expect(s.road!.distanceKm).toBeCloseTo(want.distanceM / 1000, 9);
      expect(s.road!.durationMin).toBeCloseTo(want.durationS / 60, 9);
    });
    // Still by straight line without sort=road.
    const d = body.stations.map((s) => s.distanceKm);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it('orders by drive time with sort=road, ranking the candidates even for a smaller limit', async () => {
    osrm.setMode('ok');
    const q = at(0.02);
    // The straight-line nearest, found by a scan of the real stations, is across the river.
    const byLine = [...stations].sort(
      (x, y) => distanceKm(q.lon, q.lat, x.lon, x.lat) - distanceKm(q.lon, q.lat, y.lon, y.lat),
    );
    const first = byLine[0]!;
    acrossRiver.add(`${first.lon},${first.lat}`);
    try {
      const all = await nearest(t, `lat=${q.lat}&lon=${q.lon}&limit=${N}&sort=road`);
      const minutes = all.stations.map((s) => s.road!.durationMin);
      expect(minutes).toEqual([...minutes].sort((x, y) => x - y));
      expect(new Set(all.stations.map((s) => s.id))).toEqual(new Set(byLine.slice(0, N).map((s) => s.id)));
      expect(all.stations[0]!.id).not.toBe(first.id);
      const top3 = await nearest(t, `lat=${q.lat}&lon=${q.lon}&limit=3&sort=road`);
      expect(top3.stations.map((s) => s.id)).toEqual(all.stations.slice(0, 3).map((s) => s.id));
    } finally {
      acrossRiver.clear();
    }
  });

  it('reuses the drives of a rounded origin: a point 20 m away makes no new call', async () => {
    osrm.setMode('ok');
    const p = at(0.03);
    const once = await nearest(t, `lat=${p.lat}&lon=${p.lon}`);
    const before = osrm.requests.length;
    const again = await nearest(t, `lat=${p.lat + 0.0002}&lon=${p.lon}`);
    expect(osrm.requests.length).toBe(before);
    // The same drives, station by station (the straight-line order may differ 20 m away).
    const drives = new Map(once.stations.slice(0, N).map((s) => [s.id, s.road]));
    const shared = again.stations.slice(0, N).filter((s) => drives.has(s.id));
    expect(shared.length).toBeGreaterThan(N / 2);
    for (const s of shared) expect(s.road).toEqual(drives.get(s.id));
  });

  it('answers the straight-line list with road null and reason timeout when the engine is slow', async () => {
    osrm.setMode('slow');
    const p = at(0.04);
    const body = await nearest(t, `lat=${p.lat}&lon=${p.lon}&sort=road`);
    expect(body.road).toEqual({ status: 'unavailable', reason: 'timeout' });
    expect(body.stations.every((s) => s.road === null)).toBe(true);
    const d = body.stations.map((s) => s.distanceKm);
    expect(d).toEqual([...d].sort((a, b) => a - b));
  });

  it('answers reason error when the engine answers malformed JSON', async () => {
    osrm.setMode('malformed');
    const p = at(0.05);
    const body = await nearest(t, `lat=${p.lat}&lon=${p.lon}`);
    expect(body.road).toEqual({ status: 'unavailable', reason: 'error' });
    expect(body.count).toBe(STATION_API_LIMITS.nearestDefaultLimit);
    // An answer that comes is believed again (the failures in a row were fewer than the breaker's three).
    osrm.setMode('ok');
    expect((await nearest(t, `lat=${p.lat}&lon=${p.lon}`)).road).toEqual({ status: 'ok' });
  });

  it('answers reason down when the engine refuses connections', async () => {
    const gone = await startFakeOsrm();
    await gone.close();
    const down = await createStationApiApp('sqlite', stations, { ROUTING_URL: gone.url });
    try {
      for (let k = 0; k < 4; k++) {
        const body = await nearest(down, `lat=${PUNE.lat + k / 100}&lon=${PUNE.lon}`);
        expect(body.road).toEqual({ status: 'unavailable', reason: 'down' });
        expect(body.stations[0]!.road).toBeNull();
      }
      expect(down.app.routingEngine).not.toBeNull();
    } finally {
      await down.close();
    }
  });

  it('answers reason no_route when no road is near the query point (NoSegment), and null where none reaches', async () => {
    const sea = { lat: 18.9, lon: 72.6 };
    const island = await startFakeOsrm({
      offRoad: (p) => distanceKm(p[0], p[1], sea.lon, sea.lat) < 1,
      leg: (a, b) => (distanceKm(b[0], b[1], 72.93, 18.95) < 5 ? null : plainLeg(a, b)),
    });
    const app = await createStationApiApp('sqlite', stations, { ROUTING_URL: island.url });
    try {
      const off = await nearest(app, `lat=${sea.lat}&lon=${sea.lon}&radiusKm=100`);
      expect(off.road).toEqual({ status: 'unavailable', reason: 'no_route' });
      // Uran and Nhava Sheva, across the harbour from Mumbai: the fake reaches none of their stations.
      const uran = await nearest(app, `lat=18.95&lon=72.93&radiusKm=100`);
      expect(uran.road).toEqual({ status: 'ok' });
      for (const s of uran.stations.slice(0, N))
        expect(s.road === null).toBe(distanceKm(s.lon, s.lat, 72.93, 18.95) < 5);
    } finally {
      await app.close();
      await island.close();
    }
  });
});
