import type { Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStations } from '../test-support/seed-stations';
import { createTestApp } from '../test-support/test-app';
import { createTestDb } from '../test-support/test-db';
import { crossOriginProblem } from './same-origin-writes';

const HOST = 'cng.example:8080';
const OPERATOR_TOKEN = 'operator-token-0123456789';

describe('writes are accepted only from the site itself', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  let ip = 0;
  beforeAll(async () => {
    const db = await createTestDb('sqlite');
    stations = await seedStations(db.db, 5);
    t = await createTestApp({ db, env: { OPERATOR_TOKEN, TRUSTED_ORIGINS: 'https://partner.example' } });
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  const write = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { host: HOST, ...headers },
      payload,
      remoteAddress: `10.9.0.${++ip}`,
    });
  const report = { status: 'closed' };
  const contact = { name: 'Asha', email: 'asha@example.com', message: 'Hello' };
  const counts = async () => ({
    reports: (await t.db.db.selectFrom('station_reports').select('id').execute()).length,
    messages: (await t.db.db.selectFrom('contact_messages').select('id').execute()).length,
  });

  it('refuses a report and a contact message sent by a page on another origin, and stores nothing', async () => {
    const before = await counts();
    const hostile: Record<string, string>[] = [
      { origin: 'https://ads.example' },
      { origin: 'https://ads.example', 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: `http://${HOST}.ads.example` },
      { origin: 'null' },
      // Another subdomain of the same site is still another origin.
      { origin: 'https://other.cng.example', 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of hostile) {
      for (const [url, payload] of [
        [`/api/stations/${stations[0]!.id}/reports`, report],
        ['/api/contact', contact],
      ] as const) {
        const res = await write(url, headers, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        const body = res.json();
        expect(body.error).toBe('Forbidden');
        expect(body.details[0].field).toBe(headers['sec-fetch-site'] ? 'sec-fetch-site' : 'origin');
        expect(body.details[0].problem).toMatch(/own pages/);
        // Security headers on the refusal too.
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('cannot be walked around with a percent-encoded path that reaches the same route', async () => {
    const before = await counts();
    const hostile = { origin: 'https://ads.example', 'sec-fetch-site': 'cross-site' };
    for (const url of ['/%61pi/contact', `/%61pi/stations/${stations[0]!.id}/reports`, '/ap%69/contact']) {
      const res = await write(url, hostile, url.includes('contact') ? contact : report);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it("accepts the site's own pages, trusted origins, and clients that are not browsers", async () => {
    const allowed: Record<string, string>[] = [
      { origin: `http://${HOST}`, 'sec-fetch-site': 'same-origin' },
      { origin: `https://${HOST}` },
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'https://partner.example', 'sec-fetch-site': 'cross-site' },
      {},
    ];
    for (const [i, headers] of allowed.entries()) {
      const res = await write(`/api/stations/${stations[1 + (i % 4)]!.id}/reports`, headers, report);
      expect(res.statusCode, JSON.stringify(headers)).toBe(201);
      const msg = await write('/api/contact', headers, contact);
      expect(msg.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('lets an operator post an official status from anywhere: its token guards it', async () => {
    const res = await write(
      `/api/stations/${stations[0]!.id}/official-status`,
      { origin: 'https://operator-dashboard.example', authorization: `Bearer ${OPERATOR_TOKEN}` },
      { status: 'available' },
    );
    expect(res.statusCode).toBe(201);
  });

  it('leaves reads open to every origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stations/${stations[0]!.id}/reports`,
      headers: { host: HOST, origin: 'https://ads.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('crossOriginProblem', () => {
  const none = new Set<string>();
  it('compares the Origin host with the requested host, case-insensitively, port included', () => {
    expect(crossOriginProblem({ origin: 'http://Site.Example:8080' }, 'site.example:8080', none)).toBeNull();
    expect(crossOriginProblem({ origin: 'http://site.example:8081' }, 'site.example:8080', none)).toMatch(
      /not this site/,
    );
    expect(crossOriginProblem({ origin: 'not a url' }, 'site.example', none)).toMatch(/not this site/);
  });
  it('believes Sec-Fetch-Site over Origin', () => {
    expect(
      crossOriginProblem(
        { origin: 'http://site.example', 'sec-fetch-site': 'cross-site' },
        'site.example',
        none,
      ),
    ).toMatch(/cross-site/);
  });
});
