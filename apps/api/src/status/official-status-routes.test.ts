import type { Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerMatches } from '../lib/bearer-token';
import { seedStations } from '../test-support/seed-stations';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';

const TOKEN = 'operator-token-for-tests-0123456789';

describe('bearerMatches', () => {
  it('accepts only the exact token after "Bearer "', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer x', '')).toBe(false);
  });
});

describe.each(TEST_DIALECTS)('official status on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let off: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    stations = await seedStations(db.db, 3, 100);
    t = await createTestApp({ db, env: { OPERATOR_TOKEN: TOKEN } });
    // Token-less behaviour does not depend on the dialect; one PostgreSQL test schema at a time is safer.
    off = await createTestApp({ dialect: 'sqlite' });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
    await t.db.cleanup();
  });

  const postOfficial = (app: typeof t.app, stationId: string, payload: object, auth?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/stations/${stationId}/official-status`,
      payload,
      headers: auth ? { authorization: auth } : {},
    });

  it('is off (404) when OPERATOR_TOKEN is unset', async () => {
    const res = await postOfficial(off.app, 'any', { status: 'closed' }, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
  });

  it('answers 401 without the right token, before looking at the body, and stores nothing', async () => {
    const s = stations[0]!;
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', `Basic ${TOKEN}`]) {
      const res = await postOfficial(t.app, s.id, { nonsense: true }, auth);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    }
    const rows = await t.db.db.selectFrom('station_reports').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('outranks fresh driver reports and is shown as official', async () => {
    const s = stations[0]!;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/stations/${s.id}/reports`,
        payload: { status: 'available', position: { lon: s.lon, lat: s.lat } },
        remoteAddress: `10.8.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const res = await postOfficial(
      t.app,
      s.id,
      { status: 'closed', ttlMin: 60, note: 'Compressor repair' },
      `Bearer ${TOKEN}`,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().report).toMatchObject({ official: true, status: 'closed', note: 'Compressor repair' });
    expect(Date.parse(res.json().report.validUntil) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(res.json().status).toMatchObject({
      status: 'closed',
      confidence: 'high',
      official: true,
      explanation: 'Official: operator update just now',
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/stations/${s.id}/reports` });
    expect(list.json().status.official).toBe(true);
    expect(list.json().reports[0]).toMatchObject({ official: true, status: 'closed' });
  });

  it('accepts an explicit validUntil and refuses one in the past or beyond 7 days', async () => {
    const s = stations[1]!;
    const auth = `Bearer ${TOKEN}`;
    const past = await postOfficial(
      t.app,
      s.id,
      { status: 'available', validUntil: '2020-01-01T00:00:00Z' },
      auth,
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].field).toBe('validUntil');
    const far = new Date(Date.now() + 8 * 24 * 3600_000).toISOString();
    expect((await postOfficial(t.app, s.id, { status: 'available', validUntil: far }, auth)).statusCode).toBe(
      400,
    );
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const ok = await postOfficial(t.app, s.id, { status: 'available', queueMin: 5, validUntil: soon }, auth);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().status).toMatchObject({ status: 'available', queueMin: 5, official: true });
    expect(Date.parse(ok.json().report.validUntil)).toBe(Date.parse(soon));
  });

  it('cleans the official note like a driver note: control characters become spaces, HTML stays text', async () => {
    const s = stations[2]!;
    const res = await postOfficial(
      t.app,
      s.id,
      { status: 'low_pressure', ttlMin: 5, note: '  Compressor\nrepair\u0007<b>soon</b>\t ' },
      `Bearer ${TOKEN}`,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().report.note).toBe('Compressor repair <b>soon</b>');
    const blank = await postOfficial(t.app, s.id, { status: 'closed', note: '\n\u0000 ' }, `Bearer ${TOKEN}`);
    expect(blank.json().report.note).toBeNull();
    // The same cleaning as a driver's note (one function): C1 controls too, and zero-width and bidi characters go.
    const hidden = await postOfficial(
      t.app,
      s.id,
      { status: 'closed', note: '\u202eCompressor\u202c\u009brepair\u200b\u0085\u200d\u0007today' },
      `Bearer ${TOKEN}`,
    );
    expect(hidden.json().report.note).toBe('Compressor repair today');
    const onlyC1 = await postOfficial(
      t.app,
      s.id,
      { status: 'closed', note: '\u0085\u009b' },
      `Bearer ${TOKEN}`,
    );
    expect(onlyC1.json().report.note).toBeNull();
  });

  it('answers 404 for an unknown station and 400 for an invalid status', async () => {
    const auth = `Bearer ${TOKEN}`;
    expect((await postOfficial(t.app, 'nope', { status: 'closed' }, auth)).statusCode).toBe(404);
    const bad = await postOfficial(t.app, stations[2]!.id, { status: 'exploded' }, auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('status');
  });
});
