import type { BboxResponse, SearchResponse, StationSummary } from '@cng/shared';
import { UNKNOWN_STATUS } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oracleDistanceKm } from '../test-support/brute-force';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';
import { TEST_DIALECTS } from '../test-support/test-db';

describe.each(TEST_DIALECTS)('map, details and search endpoints on %s', (dialect) => {
  const stations = realStations();
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp(dialect, stations);
  });
  afterAll(async () => t?.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('GET /api/stations?bbox&zoom', () => {
    it('clusters all of India at zoom 4 into a light answer that still counts every station', async () => {
      const res = await get('/api/stations?bbox=60,5,100,40&zoom=4');
      expect(res.statusCode).toBe(200);
      const body = res.json() as BboxResponse;
      const inIndia = stations.filter((s) => s.countryCode === 'IN').length;
      expect(body.clusters.reduce((n, c) => n + c.count, 0) + body.stations.length).toBe(inIndia);
      expect(body.clusters.length + body.stations.length).toBeLessThan(100);
      expect(res.body.length).toBeLessThan(50_000);
      expect(res.headers['cache-control']).toMatch(/max-age/);
    });

    it('shows every single station of a city viewport at high zoom', async () => {
      const body = (await get('/api/stations?bbox=9.0,45.3,9.3,45.6&zoom=16')).json() as BboxResponse;
      const want = stations
        .filter((s) => s.lon >= 9 && s.lon <= 9.3 && s.lat >= 45.3 && s.lat <= 45.6)
        .map((s) => s.id)
        .sort();
      expect(want.length).toBeGreaterThan(5);
      expect(body.clusters).toEqual([]);
      expect(body.stations.map((s) => s.id).sort()).toEqual(want);
      expect(body.stations[0]).toMatchObject({ status: UNKNOWN_STATUS, openNow: null });
      expect(body.truncated).toBe(false);
    });

    it('caps single stations and says so', async () => {
      const body = (await get('/api/stations?bbox=-180,-90,180,90&zoom=22')).json() as BboxResponse;
      expect(body.stations).toHaveLength(1000);
      expect(body.truncated).toBe(true);
    });

    it('reads a box with minLon > maxLon as crossing the antimeridian', async () => {
      // From 100°E eastwards round to 5°E: India is inside, Italy (6.6–18.5°E) is not.
      const body = (await get('/api/stations?bbox=60,5,5,50&zoom=22')).json() as BboxResponse;
      expect(body.stations.length).toBe(
        Math.min(1000, stations.filter((s) => s.countryCode === 'IN').length),
      );
      expect(body.stations.every((s) => s.countryCode === 'IN')).toBe(true);
    });
  });

  describe('GET /api/stations/:id', () => {
    it('answers a station with all its sources and licences, an ETag and Cache-Control', async () => {
      const stored = stations.find((s) => s.id.startsWith('it-'))!;
      const res = await get(`/api/stations/${stored.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ...stored,
        openNow: null,
        status: UNKNOWN_STATUS,
        // No driver has reported it: the last confirmation is the import that listed it.
        lastConfirmed: { at: stored.lastSeenAt, by: 'source' },
      } satisfies StationSummary);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
      const again = await get(`/api/stations/${stored.id}`, { 'if-none-match': res.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    });

    it('answers 304 without a payload: no content-length or content-type for a body that is not sent', async () => {
      const id = stations[2]!.id;
      const etag = (await get(`/api/stations/${id}`)).headers.etag as string;
      const res = await get(`/api/stations/${id}`, { 'if-none-match': etag });
      expect(res.statusCode).toBe(304);
      expect(res.headers['content-length']).toBeUndefined();
      expect(res.headers['content-type']).toBeUndefined();
      expect(res.headers.etag).toBe(etag);
      expect(res.rawPayload.length).toBe(0);
    });

    it('answers If-None-Match: * with 304 for a station that exists, and 404 for one that does not', async () => {
      const id = stations[1]!.id;
      const res = await get(`/api/stations/${id}`, { 'if-none-match': '*' });
      expect(res.statusCode).toBe(304);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect((await get('/api/stations/it-0', { 'if-none-match': '*' })).statusCode).toBe(404);
      expect((await get(`/api/stations/${id}`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });

    it('changes the ETag when the live status changes', async () => {
      const id = stations[0]!.id;
      const before = (await get(`/api/stations/${id}`)).headers.etag;
      const original = t.app.statusProvider.summaryFor;
      t.app.statusProvider.summaryFor = () => ({ ...UNKNOWN_STATUS, status: 'available', reportCount: 1 });
      try {
        const res = await get(`/api/stations/${id}`, { 'if-none-match': before as string });
        expect(res.statusCode).toBe(200);
        expect(res.json().status.status).toBe('available');
      } finally {
        t.app.statusProvider.summaryFor = original;
      }
    });

    it('answers an unknown id with 404 JSON naming the id', async () => {
      const res = await get('/api/stations/it-0');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: 'Not Found',
        message: 'id is not a known active station',
        details: [{ field: 'id', problem: 'is not a known active station' }],
      });
    });
  });

  it('answers GET on the along-route path with 405 JSON saying to POST', async () => {
    const res = await get('/api/stations/along-route');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({
      error: 'Method Not Allowed',
      message: 'method must be POST, with the route in a JSON body',
      details: [{ field: 'method', problem: 'must be POST, with the route in a JSON body' }],
    });
  });

  it('documents every station endpoint, with parameters and responses, in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const [path, method] of [
      ['/api/stations/nearest', 'get'],
      ['/api/stations', 'get'],
      ['/api/stations/{id}', 'get'],
      ['/api/stations/search', 'get'],
      ['/api/stations/along-route', 'post'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op, path).toBeDefined();
      expect(op.tags).toEqual(['stations']);
      expect(op.description.length).toBeGreaterThan(30);
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
      expect(op.responses['429'].description).toMatch(/Retry-After/);
    }
    // GET along-route only answers 405: not an operation to document.
    expect(doc.paths['/api/stations/along-route'].get).toBeUndefined();
    const lat = doc.paths['/api/stations/nearest'].get.parameters.find(
      (p: { name: string }) => p.name === 'lat',
    );
    expect(lat).toMatchObject({ in: 'query', required: true, schema: { minimum: -90, maximum: 90 } });
    // Parameters with a default are optional: a client may leave them out.
    const param = (path: string, name: string) =>
      doc.paths[path].get.parameters.find((p: { name: string }) => p.name === name);
    expect(param('/api/stations/nearest', 'limit')).toMatchObject({
      required: false,
      schema: { default: 20 },
    });
    expect(param('/api/stations/nearest', 'radiusKm')).toMatchObject({
      required: false,
      schema: { default: 50 },
    });
    expect(param('/api/stations/search', 'limit')).toMatchObject({
      required: false,
      schema: { default: 20 },
    });
    const body = doc.paths['/api/stations/along-route'].post.requestBody.content['application/json'].schema;
    expect(body.required ?? []).not.toContain('corridorKm');
    expect(body.required ?? []).not.toContain('limit');
    expect(body.properties).toMatchObject({ corridorKm: { default: 2 }, limit: { default: 100 } });
  });

  it('applies the documented defaults when the optional parameters are left out', async () => {
    const nearest = (await get('/api/stations/nearest?lat=45.4642&lon=9.19')).json();
    expect(nearest).toMatchObject({ radiusKm: 50, count: 20 });
    const search = (await get('/api/stations/search?q=agip')).json() as SearchResponse;
    expect(search.count).toBe(20);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stations/along-route',
      payload: {
        line: {
          type: 'LineString',
          coordinates: [
            [9.19, 45.46],
            [11.34, 44.49],
          ],
        },
      },
    });
    expect(res.json().corridorKm).toBe(2);
    const wide = await t.app.inject({
      method: 'POST',
      url: '/api/stations/along-route',
      payload: {
        line: {
          type: 'LineString',
          coordinates: [
            [9.19, 45.46],
            [11.34, 44.49],
          ],
        },
        corridorKm: 30,
      },
    });
    expect(wide.json().count).toBe(100);
  });

  describe('GET /api/stations/search', () => {
    it('finds stations by town without accents and with a typo', async () => {
      const body = (await get('/api/stations/search?q=Mondovi')).json() as SearchResponse;
      expect(body.results[0]!.city).toBe('MONDOVÌ');
      const typo = (await get('/api/stations/search?q=pontedra&limit=3')).json() as SearchResponse;
      expect(typo.count).toBe(3);
      expect(typo.results.map((r) => r.city)).toEqual(['PONTEDERA', 'PONTEDERA', 'PONTEDERA']);
    });

    it('ranks nearer matches first with near=lat,lon and adds distance and bearing', async () => {
      // "Agip" stations exist all over Italy; from Bari the first ones must be the Apulian ones.
      const far = (await get('/api/stations/search?q=agip&limit=50')).json() as SearchResponse;
      const near = (
        await get('/api/stations/search?q=agip&limit=5&near=41.12,16.87')
      ).json() as SearchResponse;
      expect(near.count).toBe(5);
      for (const r of near.results) {
        expect(r.distanceKm).toBeCloseTo(oracleDistanceKm(16.87, 41.12, r.lon, r.lat), 6);
        expect(r.bearingDeg).toBeGreaterThanOrEqual(0);
      }
      expect(near.results[0]!.distanceKm!).toBeLessThan(50);
      expect(far.results.every((r) => r.distanceKm === undefined)).toBe(true);
    });

    it('answers empty lists for a query that matches nothing', async () => {
      expect((await get('/api/stations/search?q=qqxzvj')).json()).toEqual({
        count: 0,
        results: [],
        places: [],
      });
    });

    it('finds stations by their region (province code)', async () => {
      const body = (await get('/api/stations/search?q=FC&limit=50')).json() as SearchResponse;
      const inFc = stations.filter((s) => s.region === 'FC').map((s) => s.id);
      expect(inFc.length).toBeGreaterThan(3);
      expect(body.results.map((r) => r.id)).toEqual(expect.arrayContaining(inFc));
    });

    it('uses only the first six words of a query, so 25 one-letter words cost no more than six', async () => {
      const many = 'abcdefghijklmnopqrstuvwxy'.split('').join(' ');
      const body = (await get(`/api/stations/search?q=${encodeURIComponent(many)}&limit=50`)).json();
      const six = (await get('/api/stations/search?q=a%20b%20c%20d%20e%20f&limit=50')).json();
      expect(body).toEqual(six);
    });

    it('lists places named like the query, with their nearest station, credited to GeoNames', async () => {
      const body = (await get('/api/stations/search?q=mumbi')).json() as SearchResponse;
      const place = body.places![0]!;
      expect(place).toMatchObject({ name: 'Mumbai', countryCode: 'IN' });
      expect(oracleDistanceKm(72.8777, 19.076, place.lon, place.lat)).toBeLessThan(10);
      const nearestKm = Math.min(
        ...stations.map((s) => oracleDistanceKm(place.lon, place.lat, s.lon, s.lat)),
      );
      expect(place.nearestStationKm).toBeCloseTo(nearestKm, 6);
      expect(body.attribution).toMatch(/GeoNames.*CC BY 4\.0/);
      // A place far from every station says so.
      const far = (await get('/api/stations/search?q=reykjavik')).json() as SearchResponse;
      expect(far.places![0]).toMatchObject({ name: 'Reykjavík', countryCode: 'IS' });
      expect(far.places![0]!.nearestStationKm).toBeGreaterThan(2000);
    });

    it('ranks places near `near` first and gives their distance', async () => {
      const body = (await get('/api/stations/search?q=milan&near=35.92,-88.76')).json() as SearchResponse;
      expect(body.places![0]).toMatchObject({ name: 'Milan', countryCode: 'US', adminCode: 'TN' });
      expect(body.places![0]!.distanceKm).toBeLessThan(10);
      const plain = (await get('/api/stations/search?q=milano')).json() as SearchResponse;
      expect(plain.places![0]).toMatchObject({ name: 'Milan', countryCode: 'IT' });
      expect(plain.places![0]!.distanceKm).toBeUndefined();
    });
  });
});
