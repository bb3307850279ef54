import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ApiErrorSchema,
  type BboxResponse,
  BboxResponseSchema,
  type NearestResponse,
  NearestResponseSchema,
  STATION_API_LIMITS,
} from '@cng/shared';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOsrm } from '../test-support/fake-osrm';
import { seededRandom } from '../test-support/random';
import { importRealStations } from '../test-support/real-import';
import { expectMatchesSchema } from '../test-support/schema-check';
import { northOf } from '../test-support/seed-stations';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { TEST_DIALECTS } from '../test-support/test-db';

/**
 * nearest and bbox write their JSON themselves, past Fastify's serializer (ADR 0021): every answer here, on the
 * product's real start-up import, is checked against the route's response schema, field the schema does not
 * name included.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const OPERATOR = 'operator-token-for-answer-contracts-0123';
const {
  nearestMaxLimit: MAX_LIMIT,
  nearestMaxRadiusKm: MAX_RADIUS,
  bboxMaxStations,
  maxZoom,
} = STATION_API_LIMITS;
const ENV = {
  API_RATE_LIMIT_PER_MIN: '1000000',
  REPORT_RATE_LIMIT_PER_MIN: '1000000',
  OPERATOR_TOKEN: OPERATOR,
};

/** A random point over India or over Italy. */
const randomPoint = (rand: () => number, india: boolean): [number, number] =>
  india ? [68 + rand() * 29, 8 + rand() * 29] : [6.5 + rand() * 12, 36.5 + rand() * 10.5];

/** Every station's own position in the app's index, in index order. */
/**
 * The positions of every STATION_STRIDE-th station of the index, India and Italy alike: over a thousand
 * answers per test and database, each of up to 100 stations.
 */
function stationPositions(t: TestApp): [number, number][] {
  const index = t.app.stationIndex.current;
  const positions: [number, number][] = [];
  for (let i = 0; i < index.size; i += STATION_STRIDE)
    positions.push([index.nearest.lonOf(i), index.nearest.latOf(i)]);
  return positions;
}
const STATION_STRIDE = 3;

/** GETs `url`, expects 200 JSON and checks the body against `schema`; answers the body. */
async function checked<T>(t: TestApp, schema: TSchema, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
  const body = res.json() as T;
  expectMatchesSchema(schema, body, url);
  return body;
}

/** GETs `url` and expects the 400 error shape. */
async function refused(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(400);
  expectMatchesSchema(ApiErrorSchema, res.json(), url);
}

/**
 * GETs `url` brotli- and gzip-encoded: each decodes to the plain answer, which matches `schema` (an answer under
 * the compression threshold, 1 KB, goes out plain). Answers the plain answer's size.
 */
async function checkedCompressed(t: TestApp, schema: TSchema, url: string) {
  const plain = await t.app.inject({ method: 'GET', url });
  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
    expect(res.statusCode, url).toBe(200);
    const compressed = plain.rawPayload.length >= 1024;
    expect(res.headers['content-encoding'], url).toBe(compressed ? encoding : undefined);
    const body = JSON.parse((compressed ? decode(res.rawPayload) : res.rawPayload).toString('utf8'));
    expectMatchesSchema(schema, body, `${url} (${encoding})`);
    expect(body).toEqual(plain.json());
  }
  return plain.rawPayload.length;
}

/**
 * Live statuses of every kind on some real stations, so answers carry more than the unknown status: drivers who
 * agree (with a queue), drivers who disagree, and an operator's status with a driver dissenting.
 */
async function giveLiveStatuses(t: TestApp) {
  const index = t.app.stationIndex.current;
  let ip = 0;
  const report = async (i: number, status: string, extra: object = {}) => {
    const at = northOf({ lon: index.nearest.lonOf(i), lat: index.nearest.latOf(i) }, 30);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${index.idOf(i)}/reports`,
      payload: { status, position: at, ...extra },
      remoteAddress: `10.${Math.floor(++ip / 250)}.${ip % 250}.1`,
    });
    expect(res.statusCode).toBe(201);
  };
  for (let i = 0; i < index.size; i += 37) {
    const kind = (i / 37) % 3;
    if (kind === 0) await report(i, 'available', { queueMin: 15 });
    if (kind === 1) {
      await report(i, 'available');
      await report(i, 'no_gas');
    }
    if (kind === 2) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/stations/${index.idOf(i)}/official-status`,
        payload: { status: 'closed' },
        headers: { authorization: `Bearer ${OPERATOR}` },
      });
      expect(res.statusCode).toBe(201);
      await report(i, 'available');
    }
  }
}

describe.each(TEST_DIALECTS)('hand-built list answers on the real import on %s', (dialect) => {
  let t: TestApp;
  let positions: [number, number][];
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: ENV });
    await importRealStations(t.db.db, t.config);
    await publishAndWaitForRebuild(t.app);
    await giveLiveStatuses(t);
    positions = stationPositions(t);
  }, 180_000);
  afterAll(async () => t?.close());

  const nearest = (query: string) =>
    checked<NearestResponse>(t, NearestResponseSchema, `/api/stations/nearest?${query}`);
  const bbox = (box: readonly number[], zoom: number) =>
    checked<BboxResponse>(t, BboxResponseSchema, `/api/stations?bbox=${box.join(',')}&zoom=${zoom}`);

  it("matches NearestResponseSchema at stations' own positions, live statuses included", async () => {
    const limits = [1, 5, 20, MAX_LIMIT];
    const radii = [0, 5, 50, MAX_RADIUS];
    const seen = { stations: 0, live: 0, areas: new Set<string>() };
    for (const [k, [lon, lat]] of positions.entries()) {
      const body = await nearest(
        `lat=${lat}&lon=${lon}&limit=${limits[k % 4]}&radiusKm=${radii[(k >> 2) % 4]}`,
      );
      expect(body.count).toBe(body.stations.length);
      expect(body.count).toBeGreaterThan(0);
      seen.stations += body.count;
      seen.live += body.stations.filter((s) => s.status.status !== 'unknown').length;
      seen.areas.add(`${body.coverage.level}/${body.coverage.area?.kind ?? 'none'}`);
    }
    expect(positions.length).toBeGreaterThan(1000);
    expect(seen.live).toBeGreaterThan(100);
    expect(seen.areas.size).toBeGreaterThan(3);
  });

  it('matches NearestResponseSchema at 400 seeded random points over India and Italy, with filters', async () => {
    const rand = seededRandom(20260821);
    const filters = ['', '&openNow=true', '&openNow=false', '&operator=eni', '&status=available,unknown'];
    let listed = 0;
    for (let q = 0; q < 400; q++) {
      const [lon, lat] = randomPoint(rand, q % 2 === 0);
      const limit = 1 + Math.floor(rand() * MAX_LIMIT);
      const radiusKm = [1, 25, 50, 200, MAX_RADIUS][q % 5];
      const filter = filters[Math.floor(q / 5) % filters.length];
      const sort = q % 7 === 0 ? '&sort=road' : '';
      listed += (await nearest(`lat=${lat}&lon=${lon}&limit=${limit}&radiusKm=${radiusKm}${filter}${sort}`))
        .count;
    }
    expect(listed).toBeGreaterThan(2000);
  });

  it('matches NearestResponseSchema with no station: mid-ocean and on both sides of the antimeridian', async () => {
    for (const [lat, lon] of [
      [0, -150],
      [-40, 60],
      [-17, 179.99],
      [-17, -179.99],
      [65, 180],
      [65, -180],
      [90, 0],
      [-90, 0],
    ]) {
      const body = await nearest(`lat=${lat}&lon=${lon}&limit=${MAX_LIMIT}&radiusKm=${MAX_RADIUS}`);
      expect(body).toMatchObject({ count: 0, stations: [] });
    }
  });

  it('matches NearestResponseSchema at the radius and limit bounds, and refuses past them', async () => {
    const milan = 'lat=45.4642&lon=9.19';
    const atMax = await nearest(`${milan}&limit=${MAX_LIMIT}&radiusKm=${MAX_RADIUS}`);
    expect(atMax).toMatchObject({ radiusKm: MAX_RADIUS, count: MAX_LIMIT });
    expect((await nearest(`${milan}&limit=1&radiusKm=${MAX_RADIUS}`)).count).toBe(1);
    expect((await nearest(`${milan}&limit=1&radiusKm=0`)).count).toBe(0);
    for (const bad of [
      `radiusKm=${MAX_RADIUS + 0.001}`,
      `radiusKm=${MAX_RADIUS + 1}`,
      'radiusKm=-1',
      'limit=0',
      `limit=${MAX_LIMIT + 1}`,
    ])
      await refused(t, `/api/stations/nearest?${milan}&${bad}`);
  });

  it('sends nearest answers brotli- and gzip-encoded that decode to answers matching the schema', async () => {
    const sizes: number[] = [];
    for (const [lon, lat] of positions.filter((_, k) => k % 70 === 0)) {
      for (const limit of [1, MAX_LIMIT])
        sizes.push(
          await checkedCompressed(
            t,
            NearestResponseSchema,
            `/api/stations/nearest?lat=${lat}&lon=${lon}&limit=${limit}&radiusKm=${MAX_RADIUS}`,
          ),
        );
    }
    // Both sides of the 64 KB above which an answer is compressed as a stream.
    expect(Math.min(...sizes)).toBeLessThan(65_536);
    expect(Math.max(...sizes)).toBeGreaterThan(65_536);
  });

  it("matches BboxResponseSchema around stations' own positions, at every zoom", async () => {
    let stations = 0;
    let clusters = 0;
    for (const [k, [lon, lat]] of positions.entries()) {
      const d = [0.001, 0.05, 1][k % 3]!;
      const body = await bbox([lon - d, lat - d, lon + d, lat + d], k % (maxZoom + 1));
      expect(body.zoom).toBe(k % (maxZoom + 1));
      stations += body.stations.length;
      clusters += body.clusters.length;
    }
    expect(stations).toBeGreaterThan(1000);
    expect(clusters).toBeGreaterThan(1000);
  });

  it('matches BboxResponseSchema over 300 seeded random boxes over India and Italy', async () => {
    const rand = seededRandom(1401);
    let shown = 0;
    for (let q = 0; q < 300; q++) {
      const [lon, lat] = randomPoint(rand, q % 2 === 0);
      const w = rand() * 5;
      const h = rand() * 5;
      const body = await bbox(
        [lon, lat, Math.min(180, lon + w), Math.min(90, lat + h)],
        Math.floor(rand() * (maxZoom + 1)),
      );
      shown += body.stations.length + body.clusters.length;
    }
    expect(shown).toBeGreaterThan(1000);
  });

  it('matches BboxResponseSchema for empty boxes, boxes across the antimeridian and a truncated box', async () => {
    for (let zoom = 0; zoom <= maxZoom; zoom++) {
      expect(await bbox([-160, -10, -140, 10], zoom)).toMatchObject({
        clusters: [],
        stations: [],
        truncated: false,
      });
      expect(await bbox([170, -30, -170, 30], zoom)).toMatchObject({ clusters: [], stations: [] });
      // From 60°E eastward round to 10°E: India and western Italy, across the antimeridian.
      const across = await bbox([60, 0, 10, 50], zoom);
      expect(across.stations.length + across.clusters.length).toBeGreaterThan(0);
      await bbox([-180, -90, 180, 90], zoom);
    }
    const india = await bbox([68, 8, 97, 37], maxZoom);
    expect(india).toMatchObject({ truncated: true });
    expect(india.stations).toHaveLength(bboxMaxStations);
    await refused(t, `/api/stations?bbox=68,8,97,37&zoom=${maxZoom + 1}`);
    await refused(t, '/api/stations?bbox=-181,8,97,37&zoom=3');
  });

  it('sends bbox answers brotli- and gzip-encoded that decode to answers matching the schema', async () => {
    const sizes: number[] = [];
    for (const zoom of [0, 8, maxZoom])
      for (const box of ['68,8,97,37', '6.5,36.5,18.5,47', '9,45,9.5,45.5'])
        sizes.push(await checkedCompressed(t, BboxResponseSchema, `/api/stations?bbox=${box}&zoom=${zoom}`));
    expect(Math.max(...sizes)).toBeGreaterThan(65_536);
  });

  it('matches NearestResponseSchema with road figures and with each fallback, at 300 real positions', async () => {
    // A second app on the same database, with a loopback OSRM that works, breaks and lags.
    const osrm = await startFakeOsrm({ delayMs: 400 });
    const roads = await createTestApp({
      db: t.db,
      env: { ...ENV, ROUTING_URL: osrm.url, ROUTING_TIMEOUT_MS: '200' },
    });
    try {
      // Working first, then failing each way: once it fails repeatedly, the circuit breaker answers `down`.
      const modes = ['malformed', 'http-500', 'slow'] as const;
      const reasons = new Set<string>();
      let withRoad = 0;
      for (let q = 0; q < 300; q++) {
        const [lon, lat] = positions[(q * 13) % positions.length]!;
        osrm.setMode(q < 200 ? 'ok' : modes[q % modes.length]!);
        const limit = [1, 20, MAX_LIMIT][q % 3];
        const sort = q % 2 === 0 ? 'road' : 'distance';
        const body = await checked<NearestResponse>(
          roads,
          NearestResponseSchema,
          `/api/stations/nearest?lat=${lat}&lon=${lon}&limit=${limit}&radiusKm=${MAX_RADIUS}&sort=${sort}`,
        );
        reasons.add(body.road.reason ?? body.road.status);
        expect(body.stations.every((s) => 'road' in s)).toBe(true);
        withRoad += body.stations.filter((s) => s.road).length;
      }
      expect(reasons).toContain('ok');
      expect(reasons.size).toBeGreaterThan(2);
      expect(withRoad).toBeGreaterThan(1000);
    } finally {
      await roads.close();
      await osrm.close();
    }
  });
});
