import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';

const ORIGIN = 'https://third-party.example';
const EXPOSED = ['ETag', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

describe('CORS of the public station API', () => {
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp('sqlite', realStations().slice(0, 50));
  });
  afterAll(async () => t?.close());

  const preflight = (url: string, method: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin: ORIGIN,
        'access-control-request-method': method,
        'access-control-request-headers': 'content-type',
      },
    });
  const allowedMethods = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['access-control-allow-methods'] ?? '').split(/,\s*/);

  it('lets any origin read the station API and the ETag and rate-limit headers', async () => {
    const station = realStations()[0]!;
    for (const url of ['/api/stations/nearest?lat=45&lon=9', `/api/stations/${station.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(String(res.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(EXPOSED);
    }
  });

  it('lets any origin POST a route to along-route', async () => {
    const pre = await preflight('/api/stations/along-route', 'POST');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(allowedMethods(pre)).toContain('POST');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stations/along-route',
      headers: { origin: ORIGIN },
      payload: {
        line: {
          type: 'LineString',
          coordinates: [
            [9.1, 45.4],
            [9.3, 45.5],
          ],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps driver reports, official status and contact messages to our own origin', async () => {
    const id = realStations()[0]!.id;
    for (const url of [
      `/api/stations/${id}/reports`,
      `/api/stations/${id}/official-status`,
      '/api/contact',
    ]) {
      const pre = await preflight(url, 'POST');
      expect(allowedMethods(pre), url).not.toContain('POST');
    }
  });

  it('answers a preflight with the headers asked for and a day of max-age, and refuses one without its headers', async () => {
    const pre = await preflight('/api/stations/nearest', 'GET');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-headers']).toBe('content-type');
    expect(pre.headers['access-control-max-age']).toBe('86400');
    expect(pre.headers.vary).toBe('Access-Control-Request-Headers');
    expect(allowedMethods(pre)).toEqual(['GET', 'HEAD', 'OPTIONS']);
    const notPreflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/stations/nearest',
      headers: { origin: ORIGIN },
    });
    expect(notPreflight.statusCode).toBe(400);
    expect(notPreflight.body).toBe('Invalid Preflight Request');
  });

  it('puts the CORS headers on errors too, and does not count preflights against the API budget', async () => {
    const small = await createStationApiApp('sqlite', realStations().slice(0, 10), {
      API_RATE_LIMIT_PER_MIN: '2',
    });
    try {
      for (let i = 0; i < 4; i++) {
        const pre = await small.app.inject({
          method: 'OPTIONS',
          url: '/api/stations/along-route',
          headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
        });
        expect(pre.statusCode).toBe(204);
        expect(pre.headers['x-ratelimit-remaining']).toBeUndefined();
      }
      const url = '/api/stations/nearest?lat=45&lon=9';
      const codes = [];
      for (let i = 0; i < 3; i++) {
        const res = await small.app.inject({ method: 'GET', url, headers: { origin: ORIGIN } });
        codes.push(res.statusCode);
        expect(res.headers['access-control-allow-origin']).toBe('*');
      }
      expect(codes).toEqual([200, 200, 429]);
      const missing = await small.app.inject({
        method: 'GET',
        url: '/api/nothing-here',
        headers: { origin: ORIGIN },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['access-control-allow-origin']).toBe('*');
    } finally {
      await small.close();
    }
  });
});
