import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { TEST_DIALECTS } from '../test-support/test-db';

describe.each(TEST_DIALECTS)('API skeleton on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t.close());

  it('reports a reachable database and the station count', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', dialect, stations: 0 });
  });

  it('answers the same text, headers and fields from the reused check as from a fresh one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    const reused = await t.app.inject({ method: 'GET', url: '/api/health' });
    for (const res of [fresh, reused]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // Exactly HealthSchema's fields, in its order: what the schema serialiser wrote before.
      expect(res.body).toBe(
        JSON.stringify({
          status: 'ok',
          database: 'ok',
          dialect,
          stations: 0,
          version: t.app.appVersion,
        }),
      );
    }
  });

  it('answers unknown API paths with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      error: 'Not Found',
      message: 'No API endpoint GET /api/no-such-thing',
      details: [{ field: 'path', problem: 'is not an API endpoint' }],
    });
  });

  it('sends security headers on every response, errors included: the API set on API routes', async () => {
    // A success, a 400 from schema validation and a 400 from the query-shape check (unknown key): JSON that
    // nothing may run, frame or sniff.
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/stations/nearest?lat=1&lon=1&limit=1', 200],
      ['/api/stations/nearest?lat=91&lon=0', 400],
      ['/api/stations/nearest?lat=1&lon=1&fuel=x', 400],
      // An /api/ path no route takes answers JSON too.
      ['/api/missing', 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Page-only headers are not sent with JSON.
      expect(res.headers['permissions-policy'], url).toBeUndefined();
    }
    // The API docs are a page with their own policy (Swagger UI's), not the JSON one.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.headers['content-security-policy']).toContain("script-src 'self'");
    // Any other path no route takes gets the page set (the web app answers it with its not-found page).
    for (const url of ['/missing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['permissions-policy'], url).toBe(
        'geolocation=(self), camera=(), microphone=(), payment=()',
      );
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain('https://tile.openstreetmap.org');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('answers a path Fastify refuses before routing with JSON naming the path, and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stations/%E0%A4%A' }); // broken percent-encoding
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({
      details: [{ field: 'path', problem: 'is not valid percent-encoding' }],
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // An over-long id reaches its route and is refused naming it; a segment no route could take is a 414.
    const long = await t.app.inject({ method: 'GET', url: `/api/stations/${'x'.repeat(101)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].field).toBe('id');
    expect(long.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const absurd = await t.app.inject({ method: 'GET', url: `/api/stations/${'x'.repeat(1001)}` });
    expect(absurd.statusCode).toBe(414);
    expect(absurd.headers['content-type']).toMatch(/application\/json/);
    // No route takes it, but it is an /api/ address answered in JSON: the API set.
    expect(absurd.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('answers malformed JSON with 400 and never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
  });
});

describe('rate limiting and health checks', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MIN: '3' } });
  });
  afterAll(async () => t.close());

  it('keeps answering health checks from an address whose API budget is used up', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/api/stations/nearest?lat=45&lon=9' })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});
