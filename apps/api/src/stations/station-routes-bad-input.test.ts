import type { ApiError } from '@cng/shared';
import polyline from '@mapbox/polyline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';
import { TEST_DIALECTS } from '../test-support/test-db';

const N = '/api/stations/nearest?';
const B = '/api/stations?';
const S = '/api/stations/search?';

/** [query string or path, the field the 400 must name]. */
const GET_CORPUS: [string, string][] = [
  [`${N}lon=9`, 'lat'],
  [`${N}lat=45`, 'lon'],
  [`${N}lat=abc&lon=9`, 'lat'],
  [`${N}lat=NaN&lon=9`, 'lat'],
  [`${N}lat=Infinity&lon=9`, 'lat'],
  [`${N}lat=-Infinity&lon=9`, 'lat'],
  [`${N}lat=1e400&lon=9`, 'lat'],
  [`${N}lat=${'9'.repeat(5000)}&lon=9`, 'lat'],
  [`${N}lat=91&lon=9`, 'lat'],
  [`${N}lat=-90.0001&lon=9`, 'lat'],
  [`${N}lat=&lon=9`, 'lat'],
  [`${N}lat=45&lat=46&lon=9`, 'lat'],
  [`${N}lat[]=45&lon=9`, 'lat'],
  [`${N}lat=0x&lon=9`, 'lat'],
  // Ajv's coercion reads `+value`: hexadecimal, binary, octal and padded numbers must not pass as decimals.
  [`${N}lat=0x10&lon=9`, 'lat'],
  [`${N}lat=0b1&lon=9`, 'lat'],
  [`${N}lat=0o7&lon=9`, 'lat'],
  [`${N}lat=%2045&lon=9`, 'lat'],
  [`${N}lat=45&lon=0x1F`, 'lon'],
  [`${N}lat=45&lon=9&limit=0x10`, 'limit'],
  [`${N}lat=45&lon=9&radiusKm=0b11`, 'radiusKm'],
  [`${B}bbox=0,0,1,1&zoom=0x5`, 'zoom'],
  [`${N}lat=45&lon=181`, 'lon'],
  [`${N}lat=45&lon=-180.5`, 'lon'],
  [`${N}lat=45&lon=9&limit=0`, 'limit'],
  [`${N}lat=45&lon=9&limit=101`, 'limit'],
  [`${N}lat=45&lon=9&limit=1.5`, 'limit'],
  [`${N}lat=45&lon=9&limit=-1`, 'limit'],
  [`${N}lat=45&lon=9&limit=1e10`, 'limit'],
  [`${N}lat=45&lon=9&radiusKm=-1`, 'radiusKm'],
  [`${N}lat=45&lon=9&radiusKm=1000.1`, 'radiusKm'],
  [`${N}lat=45&lon=9&radiusKm=NaN`, 'radiusKm'],
  [`${N}lat=45&lon=9&radiusKm=Infinity`, 'radiusKm'],
  [`${N}lat=45&lon=9&openNow=maybe`, 'openNow'],
  [`${N}lat=45&lon=9&operator=a`, 'operator'],
  // Spaces around the text are not part of it (as in the app's filter box): blanks alone are no filter.
  [`${N}lat=45&lon=9&operator=%20%20`, 'operator'],
  [`${N}lat=45&lon=9&operator=%09%09`, 'operator'],
  [`${N}lat=45&lon=9&operator=%20a%20`, 'operator'],
  [`${N}lat=45&lon=9&operator=${'x'.repeat(81)}`, 'operator'],
  [`${N}lat=45&lon=9&status=bogus`, 'status'],
  [`${N}lat=45&lon=9&status=available,,closed`, 'status'],
  [`${N}lat=45&lon=9&radius=5`, 'radius'],
  [`${B}zoom=5`, 'bbox'],
  [`${B}bbox=1,2,3&zoom=5`, 'bbox'],
  [`${B}bbox=1,2,3,4,5&zoom=5`, 'bbox'],
  [`${B}bbox=a,b,c,d&zoom=5`, 'bbox'],
  [`${B}bbox=,,,&zoom=5`, 'bbox'],
  [`${B}bbox=NaN,0,1,1&zoom=5`, 'bbox'],
  [`${B}bbox=-Infinity,0,1,1&zoom=5`, 'bbox'],
  [`${B}bbox=0,50,10,40&zoom=5`, 'bbox'],
  [`${B}bbox=-181,0,0,1&zoom=5`, 'bbox'],
  [`${B}bbox=0,-91,1,0&zoom=5`, 'bbox'],
  [`${B}bbox=0,0,1,1e999&zoom=5`, 'bbox'],
  [`${B}bbox=${'1,'.repeat(100)}1&zoom=5`, 'bbox'],
  [`${B}bbox=0,0,1,1&bbox=0,0,2,2&zoom=5`, 'bbox'],
  // The parts of a number list are query numbers too: plain decimals only.
  [`${B}bbox=0x1,0,1,1&zoom=5`, 'bbox'],
  [`${B}bbox=0,0b1,1,1&zoom=5`, 'bbox'],
  [`${B}bbox=0,0,0o1,1&zoom=5`, 'bbox'],
  [`${B}bbox=0,0,1,%201&zoom=5`, 'bbox'],
  [`${B}bbox=0,0,1%20,1&zoom=5`, 'bbox'],
  [`${B}bbox=0,0,1,1`, 'zoom'],
  [`${B}bbox=0,0,1,1&zoom=23`, 'zoom'],
  [`${B}bbox=0,0,1,1&zoom=-1`, 'zoom'],
  [`${B}bbox=0,0,1,1&zoom=1.5`, 'zoom'],
  [`${B}bbox=0,0,1,1&zoom=abc`, 'zoom'],
  ['/api/stations/has%20space', 'id'],
  ['/api/stations/a.b', 'id'],
  [`/api/stations/${'x'.repeat(81)}`, 'id'],
  ['/api/stations/..%2F..%2Fetc', 'id'],
  [`${S}limit=5`, 'q'],
  [`${S}q=`, 'q'],
  [`${S}q=%20%20%20`, 'q'],
  [`${S}q=${'a'.repeat(101)}`, 'q'],
  [`${S}q=eni&limit=0`, 'limit'],
  [`${S}q=eni&limit=51`, 'limit'],
  [`${S}q=eni&near=abc`, 'near'],
  [`${S}q=eni&near=45`, 'near'],
  [`${S}q=eni&near=45,9,1`, 'near'],
  [`${S}q=eni&near=91,9`, 'near'],
  [`${S}q=eni&near=45,181`, 'near'],
  [`${S}q=eni&near=NaN,9`, 'near'],
  [`${S}q=roma&near=0x1,1`, 'near'],
  [`${S}q=roma&near=1,0b1`, 'near'],
  [`${S}q=roma&near=%201,2`, 'near'],
  [`${S}q=roma&near=1,2%20`, 'near'],
  [`${S}q=roma&near=+1,2`, 'near'],
  [`${S}q=eni&q=agip`, 'q'],
  [`${S}q=eni&sort=name`, 'sort'],
];

const line = (coordinates: unknown) => ({ type: 'LineString', coordinates });
const OK_LINE = [
  [9.3, 45.4],
  [9.5, 45.3],
];
/** [body, the field the 400 must name]. */
const POST_CORPUS: [unknown, string][] = [
  [{}, 'polyline'],
  [{ corridorKm: 2 }, 'polyline'],
  [{ polyline: '' }, 'polyline'],
  [{ polyline: '_p~iF ~ps|U' }, 'polyline'],
  [{ polyline: '!!!!' }, 'polyline'],
  [{ polyline: '_p~iF~ps|U_ulLnnqC_mqNvxq' }, 'polyline'],
  [{ polyline: '_p~iF~ps|U_ulL' }, 'polyline'],
  [{ polyline: '_p~iF~ps|U' }, 'polyline'],
  [
    {
      polyline: polyline.encode([
        [89, 0],
        [91, 0],
      ]),
    },
    'polyline',
  ],
  [
    { polyline: polyline.encode(Array.from({ length: 10_001 }, (_, i) => [i / 1e4, 0] as [number, number])) },
    'polyline',
  ],
  [{ polyline: 'a'.repeat(200_001) }, 'polyline'],
  [{ polyline: 12345 }, 'polyline'],
  [{ polyline: ['_p~iF~ps|U'] }, 'polyline'],
  [{ polyline: '_p~iF~ps|U_ulLnnqC', line: line(OK_LINE) }, 'polyline'],
  [{ line: { type: 'Polygon', coordinates: OK_LINE } }, 'line.type'],
  [{ line: line([[9, 45]]) }, 'line.coordinates'],
  [{ line: line([[9], [10, 45]]) }, 'line.coordinates'],
  [
    {
      line: line([
        [9, 45, 1, 2],
        [10, 45],
      ]),
    },
    'line.coordinates',
  ],
  [
    {
      line: line([
        ['9', 'x'],
        [10, 45],
      ]),
    },
    'line.coordinates',
  ],
  [
    {
      line: line([
        [200, 45],
        [10, 45],
      ]),
    },
    'line.coordinates.0',
  ],
  [
    {
      line: line([
        [10, 45],
        [10, -95],
      ]),
    },
    'line.coordinates.1',
  ],
  [
    {
      line: line([
        [0, 0],
        [180, 0],
      ]),
    },
    'line',
  ],
  [{ line: line(Array.from({ length: 10_001 }, (_, i) => [i / 1e4, 0])) }, 'line.coordinates'],
  [{ line: line('9,45,10,45') }, 'line.coordinates'],
  [{ line: { ...line(OK_LINE), properties: {} } }, 'line.properties'],
  [{ line: line(OK_LINE), corridorKm: 51 }, 'corridorKm'],
  [{ line: line(OK_LINE), corridorKm: -1 }, 'corridorKm'],
  [{ line: line(OK_LINE), corridorKm: 'wide' }, 'corridorKm'],
  [{ line: line(OK_LINE), limit: 0 }, 'limit'],
  [{ line: line(OK_LINE), limit: 501 }, 'limit'],
  [{ line: line(OK_LINE), extra: true }, 'extra'],
  // JSON carries its own types: nothing is coerced (null and false would become 0, [x] would become x).
  [{ line: line([[null, null], OK_LINE[1]]) }, 'line.coordinates'],
  [{ line: line([[true, false], OK_LINE[1]]) }, 'line.coordinates'],
  [{ line: line([['9.3', '45.4'], OK_LINE[1]]) }, 'line.coordinates'],
  [{ polyline: ['_p~iF~ps|U_ulLnnqC'] }, 'polyline'],
  [{ polyline: 12345 }, 'polyline'],
  [{ polyline: true }, 'polyline'],
  [{ line: line(OK_LINE), corridorKm: [3] }, 'corridorKm'],
  [{ line: line(OK_LINE), corridorKm: '3' }, 'corridorKm'],
  [{ line: line(OK_LINE), corridorKm: null }, 'corridorKm'],
  [{ line: line(OK_LINE), limit: '5' }, 'limit'],
  [{ line: line(OK_LINE), limit: true }, 'limit'],
  // Longer than half the equator: 40 hops of 600 km back and forth.
  [{ line: line(Array.from({ length: 41 }, (_, i) => [9 + (i % 2) * 7.7, 45])) }, 'line'],
];

describe.each(TEST_DIALECTS)('bad input to the station API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp(dialect, realStations().slice(0, 300), {
      API_RATE_LIMIT_PER_MIN: '100000',
    });
  });
  afterAll(async () => t?.close());

  it.each(GET_CORPUS)('GET %s → 400 naming %s', async (url, field) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const body = res.json() as ApiError;
    expect(body.error).toBe('Bad Request');
    expect(
      body.details?.map((d) => d.field),
      body.message,
    ).toContain(field);
    expect(body.details?.[0]?.problem.length).toBeGreaterThan(3);
  });

  it.each(POST_CORPUS.map(([b, f]) => [JSON.stringify(b).slice(0, 80), b, f] as const))(
    'POST along-route %s → 400 naming %s',
    async (_label, payload, field) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stations/along-route',
        payload: payload as object,
      });
      expect(res.statusCode).toBe(400);
      const body = res.json() as ApiError;
      // Nested fields are named by their path, e.g. line.coordinates.0.1.
      expect(
        body.details?.some((d) => d.field === field || d.field.startsWith(`${field}.`)),
        body.message,
      ).toBe(true);
    },
  );

  it.each([
    [`${N}lat=45&lat=46&lon=9`, 'lat', 'number'],
    [`${N}lat[]=45&lon=9`, 'lat', 'number'],
    [`${N}lat[0]=45&lon=9`, 'lat', 'number'],
    [`${N}lat=45&lon=9&openNow=true&openNow=false`, 'openNow', 'true/false value'],
    [`${S}q=eni&q=agip`, 'q', 'value'],
  ])('GET %s → 400 telling %s to be a single %s, not that it is missing', async (url, field, kind) => {
    const body = (await t.app.inject({ method: 'GET', url })).json() as ApiError;
    expect(body.details?.[0]).toEqual({
      field,
      problem: `must be a single ${kind}, given once (not a list)`,
    });
  });

  it('accepts every decimal way of writing a number', async () => {
    for (const lat of ['45', '+45', '-45.5', '45.', '.5', '4.5e1', '4.5E+1']) {
      const res = await t.app.inject({ method: 'GET', url: `${N}lat=${encodeURIComponent(lat)}&lon=9` });
      expect(res.statusCode, lat).toBe(200);
      expect(res.json().lat, lat).toBe(Number(lat));
    }
  });

  it('accepts every decimal way of writing the numbers of bbox and near', async () => {
    const box = await t.app.inject({ method: 'GET', url: `${B}bbox=-9.5,4.4e1,.5,46.&zoom=5` });
    expect(box.statusCode, box.body).toBe(200);
    const near = await t.app.inject({ method: 'GET', url: `${S}q=roma&near=%2B45.5,-9E0` });
    expect(near.statusCode, near.body).toBe(200);
  });

  it('names the rule a hexadecimal number breaks', async () => {
    const body = (await t.app.inject({ method: 'GET', url: `${N}lat=0x10&lon=9` })).json() as ApiError;
    expect(body.details).toEqual([{ field: 'lat', problem: 'must be a decimal number, e.g. 45.46' }]);
  });

  it('refuses malformed JSON, a non-JSON body and an oversized body with 4xx JSON', async () => {
    const send = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/stations/along-route',
        headers: { 'content-type': type },
        payload,
      });
    for (const [res, status, field] of [
      [await send('{"polyline":'), 400, 'body'],
      [await send('', 'application/json'), 400, 'body'],
      [await send('polyline=abc', 'text/plain'), 400, 'body'],
      [await send('polyline=abc', 'application/x-www-form-urlencoded'), 415, 'content-type'],
      // Just past the 512 KiB that a 10,000-point full-precision GeoJSON route needs.
      [await send(JSON.stringify({ polyline: 'a'.repeat(512 * 1024) })), 413, 'body'],
      [await send('[1,2,3]'), 400, 'body'],
    ] as const) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      // Every answer names the part of the request that is wrong.
      expect(res.json().details?.[0]?.field, res.body).toBe(field);
      expect(res.json().details[0].problem).toEqual(expect.any(String));
    }
  });

  it('keeps serving after the whole corpus', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stations/nearest?lat=45.46&lon=9.19&limit=1&radiusKm=1000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('rate limiting of the station API', () => {
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp('sqlite', realStations().slice(0, 10), { API_RATE_LIMIT_PER_MIN: '3' });
  });
  afterAll(async () => t?.close());

  it('gives along-route a tenth of the per-IP budget, documented as 429', async () => {
    const along = await createStationApiApp('sqlite', realStations().slice(0, 10), {
      API_RATE_LIMIT_PER_MIN: '30',
    });
    try {
      const post = () =>
        along.app.inject({
          method: 'POST',
          url: '/api/stations/along-route',
          payload: { line: line(OK_LINE) },
        });
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await post()).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const other = await along.app.inject({ method: 'GET', url: '/api/stations/nearest?lat=45&lon=9' });
      expect(other.statusCode).toBe(200);
      expect(other.headers['x-ratelimit-limit']).toBe('30');
    } finally {
      await along.close();
    }
  });

  it('answers 429 with Retry-After once an IP exceeds its per-minute budget', async () => {
    const url = '/api/stations/nearest?lat=45&lon=9';
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ method: 'GET', url })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await t.app.inject({ method: 'GET', url });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ error: 'Too Many Requests' });
  });
});
