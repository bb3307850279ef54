import { gzipSync } from 'node:zlib';
import type { AlongRouteResponse } from '@cng/shared';
import polyline from '@mapbox/polyline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oracleDistanceKm } from '../test-support/brute-force';
import { realStations } from '../test-support/real-stations';
import { bruteForceAlongRoute, sameRouteHits } from '../test-support/route-oracle';
import { createStationApiApp } from '../test-support/station-api-app';
import { TEST_DIALECTS } from '../test-support/test-db';

/**
 * NH48 / Mumbai–Pune Expressway from Kalamboli (Navi Mumbai) to Wakad (Pune), as [lon, lat].
 * How the line was made: one vertex per landmark the road is known to pass — Kalamboli junction, the
 * Shedung interchange, Khalapur toll plaza, the Khopoli exit, Lonavala, Kamshet, the Urse toll plaza,
 * Dehu Road, Ravet and Wakad — with coordinates read off OpenStreetMap to about 4 decimals (±300 m). It is
 * not a surveyed trace, so the test checks the API against a brute force over every real station for this
 * very line, and checks that the real stations signed as being on the expressway are found.
 */
const NH48_MUMBAI_PUNE: [number, number][] = [
  [73.101, 19.033],
  [73.165, 18.945],
  [73.2744, 18.8166],
  [73.33, 18.79],
  [73.4062, 18.7546],
  [73.55, 18.76],
  [73.682, 18.733],
  [73.74, 18.67],
  [73.78, 18.62],
  [73.83, 18.56],
];

/**
 * A1 Autostrada del Sole from the Milano Sud barrier (Melegnano) to Bologna, as [lon, lat].
 * Made the same way: the exits of Lodi, Casalpusterlengo, Piacenza Nord, Fiorenzuola, Fidenza, Parma,
 * Reggio Emilia, Modena Nord and Bologna Borgo Panigale, to about 3 decimals.
 */
const A1_MILANO_BOLOGNA: [number, number][] = [
  [9.305, 45.37],
  [9.46, 45.29],
  [9.65, 45.18],
  [9.72, 45.08],
  [9.91, 44.93],
  [10.08, 44.87],
  [10.33, 44.79],
  [10.62, 44.71],
  [10.9, 44.67],
  [11.27, 44.52],
];

/** The NH48 line resampled into 9,999 segments (every ~10 m): the same corridor, many more vertices. */
function denseNh48(): [number, number][] {
  const dense: [number, number][] = [];
  for (let i = 0; i < 10_000; i++) {
    const f = (i / 9_999) * (NH48_MUMBAI_PUNE.length - 1);
    const k = Math.min(Math.floor(f), NH48_MUMBAI_PUNE.length - 2);
    const [a, b] = [NH48_MUMBAI_PUNE[k]!, NH48_MUMBAI_PUNE[k + 1]!];
    dense.push([a[0] + (b[0] - a[0]) * (f - k), a[1] + (b[1] - a[1]) * (f - k)]);
  }
  return dense;
}

describe.each(TEST_DIALECTS)('POST /api/stations/along-route on %s', (dialect) => {
  const stations = realStations();
  const byId = [...stations].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp(dialect, stations);
  });
  afterAll(async () => t?.close());
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/stations/along-route', payload });

  it.each([
    ['NH48 Mumbai–Pune', NH48_MUMBAI_PUNE, 3],
    ['A1 Milano–Bologna', A1_MILANO_BOLOGNA, 5],
  ] as const)(
    'finds the real stations along %s exactly as a brute force does',
    async (_name, line, corridorKm) => {
      const res = await post({ line: { type: 'LineString', coordinates: line }, corridorKm, limit: 500 });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json() as AlongRouteResponse;
      const got = body.stations.map((s) => ({
        index: byId.findIndex((b) => b.id === s.id),
        alongKm: s.alongKm,
        detourKm: s.detourKm,
      }));
      const want = bruteForceAlongRoute(byId, line as [number, number][], corridorKm);
      expect(want.length).toBeGreaterThan(10);
      expect(sameRouteHits(got, want, corridorKm)).toBeNull();
      expect(body.count).toBe(body.stations.length);
      expect(body.corridorKm).toBe(corridorKm);
      // A route of a few vertices is measured exactly, not simplified.
      expect(body.toleranceKm).toBe(0);
    },
  );

  it('finds the stations named after the Mumbai–Pune expressway, in order from Mumbai', async () => {
    const body = (
      await post({ line: { type: 'LineString', coordinates: NH48_MUMBAI_PUNE }, corridorKm: 3 })
    ).json();
    expect(body.routeKm).toBeGreaterThan(95);
    expect(body.routeKm).toBeLessThan(105);
    const names = (body as AlongRouteResponse).stations.map((s) => s.name);
    expect(names).toContain('Bp Co Expressway');
    expect(names).toContain('E-Way Siddhivinayak');
    expect(names.indexOf('Bp Co Expressway')).toBeLessThan(names.indexOf('E-Way Siddhivinayak'));
    // Nothing in the data lies on the ghat section between Khopoli and Lonavala's east side (km 15–70).
    const ghat = (body as AlongRouteResponse).stations.filter((s) => s.alongKm > 15 && s.alongKm < 70);
    expect(ghat).toEqual([]);
  });

  it('answers the same for the route as an encoded polyline', async () => {
    const encoded = polyline.encode(A1_MILANO_BOLOGNA.map(([lon, lat]) => [lat, lon]));
    const fromLine = (
      await post({ line: { type: 'LineString', coordinates: A1_MILANO_BOLOGNA }, corridorKm: 2 })
    ).json();
    const fromPolyline = (await post({ polyline: encoded, corridorKm: 2 })).json();
    expect(fromPolyline.stations.map((s: { id: string }) => s.id)).toEqual(
      fromLine.stations.map((s: { id: string }) => s.id),
    );
    expect(fromPolyline.stations.length).toBeGreaterThan(3);
  });

  it('limits the answer to the first stations along the route', async () => {
    const body = (
      await post({ line: { type: 'LineString', coordinates: A1_MILANO_BOLOGNA }, corridorKm: 5, limit: 2 })
    ).json();
    const all = (
      await post({ line: { type: 'LineString', coordinates: A1_MILANO_BOLOGNA }, corridorKm: 5 })
    ).json();
    expect(body.stations).toEqual(all.stations.slice(0, 2));
  });

  it('accepts a 10,000-point route', async () => {
    const res = await post({
      polyline: polyline.encode(denseNh48().map(([lon, lat]) => [lat, lon])),
      corridorKm: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThan(20);
  });

  it('accepts a 10,000-point GeoJSON route at full double precision, as JSON.stringify writes it', async () => {
    const body = { line: { type: 'LineString', coordinates: denseNh48() }, corridorKm: 3 };
    const json = JSON.stringify(body);
    // Interpolated coordinates carry 15–17 significant digits: about 380 KB, more than 320 KiB.
    expect(json.length).toBeGreaterThan(320 * 1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stations/along-route',
      headers: { 'content-type': 'application/json' },
      payload: json,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBeGreaterThan(20);
  });

  it('reads a gzip-compressed body the same as a plain one (request decompression stays on routes with a body)', async () => {
    const body = { line: { type: 'LineString', coordinates: NH48_MUMBAI_PUNE }, corridorKm: 3 };
    const plain = await post(body);
    const zipped = await t.app.inject({
      method: 'POST',
      url: '/api/stations/along-route',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify(body)),
    });
    expect(zipped.statusCode).toBe(200);
    expect(plain.json().count).toBeGreaterThan(0);
    expect(zipped.json()).toEqual(plain.json());
  });

  it('answers a 10,000-point zigzag with the widest corridor on a simplified line, and says how simplified', async () => {
    // 1.1 km wide, 10 m steps, across Milan: 11,000 km of legs within 100 km.
    const zigzag = Array.from({ length: 10_000 }, (_, i) => [
      Math.round((9 + i * 0.0001) * 1e5) / 1e5,
      45.4 + (i % 2) * 0.01,
    ]);
    const res = await post({ line: { type: 'LineString', coordinates: zigzag }, corridorKm: 50, limit: 500 });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AlongRouteResponse;
    expect(body.toleranceKm).toBeGreaterThan(0);
    expect(body.toleranceKm).toBeLessThanOrEqual(10);
    expect(body.routeKm).toBeGreaterThan(10_000);
    // Every station listed is within the corridor of the real line, give or take the tolerance.
    for (const s of body.stations) {
      const vertexKm = Math.min(
        ...zigzag
          .filter((_, i) => i % 100 === 0)
          .map(([lon, lat]) => oracleDistanceKm(s.lon, s.lat, lon!, lat!)),
      );
      // Every line point is within 1.2 km of a sampled vertex (0.39 km along, 1.1 km across).
      expect(vertexKm).toBeLessThanOrEqual(50 + body.toleranceKm! + 1.2);
    }
    expect(body.count).toBeGreaterThan(100);
  });

  it('refuses a route longer than 20,000 km, naming the line', async () => {
    const res = await post({
      line: {
        type: 'LineString',
        coordinates: Array.from({ length: 41 }, (_, i) => [9 + (i % 2) * 7.7, 45]),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({
      field: 'line',
      problem: expect.stringMatching(/at most 20000 km/),
    });
  });
});
