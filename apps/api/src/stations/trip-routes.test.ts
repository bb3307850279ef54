import { distanceKm, type TripResponse, TripResponseSchema } from '@cng/shared';
import polyline from '@mapbox/polyline';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOsrm, plainLeg, startFakeOsrm } from '../test-support/fake-osrm';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';

// Pune (Shivajinagar) to Mumbai (Dadar): the trip of a CNG taxi.
const PUNE = { lat: 18.5308, lon: 73.8478 };
const MUMBAI = { lat: 19.0178, lon: 72.8432 };
const TRIP = `from=${PUNE.lat},${PUNE.lon}&to=${MUMBAI.lat},${MUMBAI.lon}`;
const stations = realStations();

type App = Awaited<ReturnType<typeof createStationApiApp>>;

async function trip(t: App, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/trip?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as TripResponse;
  expect(Value.Check(TripResponseSchema, body)).toBe(true);
  const along = body.stations.map((s) => s.alongKm);
  expect(along).toEqual([...along].sort((a, b) => a - b));
  return body;
}

/** The same line asked of POST /api/stations/along-route, whose answers a brute-force oracle checks. */
async function alongRoute(t: App, coordinates: number[][], corridorKm: number, limit: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stations/along-route',
    payload: { line: { type: 'LineString', coordinates }, corridorKm, limit },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { stations: { id: string; alongKm: number; detourKm: number }[] };
}

describe('GET /api/trip without a routing server', () => {
  let t: App;
  beforeAll(async () => {
    t = await createStationApiApp('sqlite', stations);
  });
  afterAll(async () => t?.close());

  it('plans along the straight line, labelled, with the stations along-route finds on it', async () => {
    const body = await trip(t, `${TRIP}&corridorKm=5`);
    expect(body.mode).toBe('straight_line');
    expect(body.road).toEqual({ status: 'unavailable', reason: 'not_configured' });
    expect(body.durationMin).toBeNull();
    expect(body.geometry.coordinates).toEqual([
      [PUNE.lon, PUNE.lat],
      [MUMBAI.lon, MUMBAI.lat],
    ]);
    expect(body.distanceKm).toBeCloseTo(distanceKm(PUNE.lon, PUNE.lat, MUMBAI.lon, MUMBAI.lat), 9);
    const want = await alongRoute(t, body.geometry.coordinates, 5, 50);
    expect(body.count).toBeGreaterThan(0);
    expect(body.stations.map((s) => [s.id, s.alongKm, s.detourKm])).toEqual(
      want.stations.map((s) => [s.id, s.alongKm, s.detourKm]),
    );
    expect(body.stations.every((s) => s.detourMin === null)).toBe(true);
  });

  it('names the field at fault', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/trip?from=91,73&to=${MUMBAI.lat},${MUMBAI.lon}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'from', problem: 'latitude must be between -90 and 90' }]);
    const missing = await t.app.inject({ method: 'GET', url: `/api/trip?from=${PUNE.lat},${PUNE.lon}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('to');
    const words = await t.app.inject({
      method: 'GET',
      url: `/api/trip?from=Pune&to=${MUMBAI.lat},${MUMBAI.lon}`,
    });
    expect(words.json().details).toEqual([
      { field: 'from', problem: 'must be lat,lon: two comma-separated numbers' },
    ]);
  });
});

describe('GET /api/trip with a loopback OSRM', () => {
  const noRoad = { lat: 18.9, lon: 72.5 };
  const inSea = (p: [number, number]) => distanceKm(p[0], p[1], noRoad.lon, noRoad.lat) < 1;
  const leg = (a: [number, number], b: [number, number]) => (inSea(a) || inSea(b) ? null : plainLeg(a, b));
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

  it("follows the engine's route and gives each station its detour in minutes", async () => {
    osrm.setMode('ok');
    const before = osrm.requests.length;
    const body = await trip(t, `${TRIP}&corridorKm=5`);
    expect(body.mode).toBe('road');
    expect(body.road).toEqual({ status: 'ok' });
    expect(body.detours).toEqual({ status: 'ok' });
    const calls = osrm.requests.slice(before);
    expect(calls.filter((c) => c.startsWith('/route/'))).toHaveLength(1);
    expect(calls.filter((c) => c.startsWith('/table/'))).toHaveLength(2);
    // The geometry is the engine's polyline6, decoded.
    const [route] = JSON.parse(
      await (
        await fetch(
          `${osrm.url}/route/v1/driving/${PUNE.lon},${PUNE.lat};${MUMBAI.lon},${MUMBAI.lat}?geometries=polyline6`,
        )
      ).text(),
    ).routes;
    const want = polyline.decode(route.geometry, 6).map(([lat, lon]) => [lon, lat]);
    expect(body.geometry.coordinates).toHaveLength(want.length);
    body.geometry.coordinates.forEach((p, k) => {
      expect(p[0]).toBeCloseTo(want[k]![0]!, 9);
      expect(p[1]).toBeCloseTo(want[k]![1]!, 9);
    });
    expect(body.distanceKm).toBeCloseTo(route.distance / 1000, 9);
    expect(body.durationMin).toBeCloseTo(route.duration / 60, 9);
    // The stations are those along-route finds on that line.
    const along = await alongRoute(t, body.geometry.coordinates, 5, 50);
    expect(body.stations.map((s) => s.id)).toEqual(along.stations.map((s) => s.id));
    expect(body.count).toBeGreaterThan(0);
    const start: [number, number] = [PUNE.lon, PUNE.lat];
    const end: [number, number] = [MUMBAI.lon, MUMBAI.lat];
    const minutes = (a: [number, number], b: [number, number]) => plainLeg(a, b).durationS / 60;
    for (const s of body.stations) {
      const at: [number, number] = [+s.lon.toFixed(6), +s.lat.toFixed(6)];
      const detour = Math.max(0, minutes(start, at) + minutes(at, end) - minutes(start, end));
      expect(s.detourMin).toBeCloseTo(detour, 6);
    }
  });

  it('falls back to the straight line with reason no_route when OSRM answers NoRoute', async () => {
    osrm.setMode('ok');
    const body = await trip(t, `from=${PUNE.lat},${PUNE.lon}&to=${noRoad.lat},${noRoad.lon}`);
    expect(body.mode).toBe('straight_line');
    expect(body.road).toEqual({ status: 'unavailable', reason: 'no_route' });
    expect(body.detours).toEqual(body.road);
    expect(body.geometry.coordinates).toHaveLength(2);
  });

  it('falls back to the straight line with reason timeout when OSRM is slow', async () => {
    osrm.setMode('slow');
    const body = await trip(t, TRIP);
    expect(body.mode).toBe('straight_line');
    expect(body.road).toEqual({ status: 'unavailable', reason: 'timeout' });
    expect(body.stations.every((s) => s.detourMin === null)).toBe(true);
  });

  it('falls back to the straight line with reason error on malformed JSON', async () => {
    osrm.setMode('malformed');
    const body = await trip(t, TRIP);
    expect(body.mode).toBe('straight_line');
    expect(body.road).toEqual({ status: 'unavailable', reason: 'error' });
    osrm.setMode('ok');
  });

  it('falls back to the straight line with reason down when OSRM refuses connections', async () => {
    const gone = await startFakeOsrm();
    await gone.close();
    const down = await createStationApiApp('sqlite', stations, { ROUTING_URL: gone.url });
    try {
      const body = await trip(down, TRIP);
      expect(body.mode).toBe('straight_line');
      expect(body.road).toEqual({ status: 'unavailable', reason: 'down' });
    } finally {
      await down.close();
    }
  });
});
