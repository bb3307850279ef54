import type { Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../plugins/device-id';
import { northOf, seedStations } from '../test-support/seed-stations';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let ip = 0;
/** A fresh client address, so per-IP limits of one test do not leak into the next. */
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

describe.each(TEST_DIALECTS)('station reports on %s', (dialect) => {
  let t: TestApp;
  let stations: Station[];
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    stations = await seedStations(db.db, 30);
    t = await createTestApp({ db, env: { REPORT_RATE_LIMIT_PER_MIN: '5' } });
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  const post = (stationId: string, payload: object, opts: { cookie?: string; remoteAddress?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stations/${stationId}/reports`,
      payload,
      remoteAddress: opts.remoteAddress ?? nextIp(),
      cookies: opts.cookie ? { [DEVICE_COOKIE]: opts.cookie } : {},
    });
  const stored = async (stationId: string) =>
    t.db.db.selectFrom('station_reports').selectAll().where('station_id', '=', stationId).execute();

  it('stores a report with a nearby position, answers 201 and issues a signed HttpOnly device cookie', async () => {
    const s = stations[0]!;
    const res = await post(s.id, {
      status: 'available',
      queueMin: 12,
      position: { ...northOf(s, 80), accuracyM: 9 },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.report).toMatchObject({
      stationId: s.id,
      status: 'available',
      queueMin: 12,
      withPosition: true,
    });
    expect(body.report).not.toHaveProperty('deviceId');
    expect(body.status).toMatchObject({
      status: 'available',
      confidence: 'medium',
      queueMin: 12,
      reportCount: 1,
    });
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    // Signed: the value is "<uuid>.<signature>", and the stored device id is the uuid alone.
    const [row] = await stored(s.id);
    expect(cookie.value.startsWith(`${row!.device_id}.`)).toBe(true);
    expect(row).toMatchObject({ status: 'available', queue_min: 12, source: 'driver' });
    expect(Number(row!.distance_m)).toBeCloseTo(80, -1);
  });

  it('accepts a report without a position, with less weight', async () => {
    const s = stations[1]!;
    const res = await post(s.id, { status: 'no_gas' });
    expect(res.statusCode).toBe(201);
    expect(res.json().report.withPosition).toBe(false);
    expect(res.json().status).toMatchObject({ status: 'no_gas', confidence: 'low' });
  });

  it('refuses a report from 1 km away with 422 and the distance, and stores nothing', async () => {
    const s = stations[2]!;
    const res = await post(s.id, { status: 'closed', position: northOf(s, 1000) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ maxDistanceM: 500, details: [{ field: 'position' }] });
    expect(res.json().distanceM).toBeGreaterThan(990);
    expect(res.json().distanceM).toBeLessThan(1010);
    expect(await stored(s.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown station', async () => {
    const res = await post('no-such-station', { status: 'available' });
    expect(res.statusCode).toBe(404);
    expect(res.json().details).toEqual([{ field: 'id', problem: 'is not a known active station' }]);
  });

  it.each([
    [{ status: 'unknown' }, 'status'],
    [{ status: 'available', queueMin: 301 }, 'queueMin'],
    [{ status: 'available', queueMin: 2.5 }, 'queueMin'],
    [{ status: 'available', note: 'x'.repeat(141) }, 'note'],
    [{ status: 'available', position: { lon: 200, lat: 0 } }, 'position.lon'],
    [{ status: 'available', deviceId: 'chosen' }, 'deviceId'],
    [{}, 'status'],
  ])('answers 400 naming the field for %j', async (payload, field) => {
    const s = stations[3]!;
    const res = await post(s.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
    expect(await stored(s.id)).toHaveLength(0);
  });

  it('accepts a 140-character note and stores HTML as literal text', async () => {
    const s = stations[4]!;
    const note = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const res = await post(s.id, { status: 'low_pressure', note });
    expect(res.statusCode).toBe(201);
    expect((await stored(s.id))[0]!.note).toBe(note);
    const list = await t.app.inject({ method: 'GET', url: `/api/stations/${s.id}/reports` });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.json().reports[0].note).toBe(note);
    const long = await post(stations[5]!.id, { status: 'available', note: 'é'.repeat(140) });
    expect(long.statusCode).toBe(201);
  });

  it('allows one report per station per device per 10 minutes: 429 with Retry-After and when', async () => {
    const s = stations[6]!;
    const first = await post(s.id, { status: 'available' });
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    const again = await post(s.id, { status: 'no_gas' }, { cookie });
    expect(again.statusCode).toBe(429);
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(Date.parse(again.json().retryAt) - Date.now()).toBeGreaterThan(589_000);
    expect(again.json().retryAfterSec).toBe(retryAfter);
    expect(await stored(s.id)).toHaveLength(1);
    // The same device may still report another station.
    expect((await post(stations[7]!.id, { status: 'available' }, { cookie })).statusCode).toBe(201);
  });

  it('ignores a forged device cookie and issues a new id', async () => {
    const s = stations[8]!;
    const res = await post(
      s.id,
      { status: 'available' },
      { cookie: '3f1c2a52-1b7e-4c55-9d5b-1a2b3c4d5e6f.forged' },
    );
    expect(res.statusCode).toBe(201);
    const [row] = await stored(s.id);
    expect(row!.device_id).not.toBe('3f1c2a52-1b7e-4c55-9d5b-1a2b3c4d5e6f');
    expect(res.cookies.some((c) => c.name === DEVICE_COOKIE)).toBe(true);
  });

  it('limits a flood from one IP across stations with 429 and stores nothing more', async () => {
    const flooded = stations.slice(12, 21);
    const remoteAddress = '10.99.0.1';
    const results = [];
    // Cookie-less clients get a new device id each time: the per-IP limit (5/min here) stops them.
    for (const s of flooded) results.push(await post(s.id, { status: 'available' }, { remoteAddress }));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429]);
    expect(Number(results[5]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(results[5]!.json().message).toMatch(/Try again in .* \(at \d{4}-\d\d-\d\dT/);
    const rows = await t.db.db
      .selectFrom('station_reports')
      .select('id')
      .where(
        'station_id',
        'in',
        flooded.map((s) => s.id),
      )
      .execute();
    expect(rows).toHaveLength(5);
  });

  it('does not let one network outvote a station by dropping its cookie: one voice, 3 reports per 10 min', async () => {
    const s = stations[21]!;
    const near = { position: northOf(s, 30) };
    expect((await post(s.id, { status: 'available', ...near })).statusCode).toBe(201);
    // One address, no cookie: each request is a new device, but the same network.
    const remoteAddress = '10.98.0.1';
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(await post(s.id, { status: 'closed', ...near }, { remoteAddress }));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 429, 429]);
    // The honest driver and the network count one voice each: they disagree; nobody has "6 drivers".
    expect(results[2]!.json().status).toMatchObject({ reportCount: 2, confidence: 'mixed' });
    const refused = results[3]!.json();
    expect(refused.details).toEqual([{ field: 'network', problem: expect.stringMatching(/^reported/) }]);
    expect(refused.message).toMatch(/3 reports from your network in the last 10 minutes/);
    expect(Date.parse(refused.retryAt) - Date.now()).toBeGreaterThan(590_000);
    const rows = (await stored(s.id)).sort((a, b) => Number(a.id) - Number(b.id));
    expect(rows).toHaveLength(4);
    // Stored as a keyed hash, never the address; the same for every report from that network.
    const hashes = rows.map((r) => r.network_hash);
    expect(new Set(hashes.slice(1)).size).toBe(1);
    expect(hashes[0]).not.toBe(hashes[1]);
    for (const h of hashes) {
      expect(h).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(h).not.toContain('10.98');
    }
    const list = await t.app.inject({ method: 'GET', url: `/api/stations/${s.id}/reports` });
    expect(list.body).not.toContain(hashes[1]!);
  });

  it('does not count refused bodies against the per-IP limit, but still stops a flood of valid ones', async () => {
    const targets = stations.slice(22, 28);
    const remoteAddress = '10.97.0.1';
    // More 400s than the limit (5/min here): they store nothing, so they must not use up the budget.
    const bad = [
      {},
      { status: 'bogus' },
      { status: 'available', queueMin: 301 },
      { status: 'available', note: 'x'.repeat(141) },
      { status: 'available', deviceId: 'chosen' },
      { status: 'available', position: { lon: 200, lat: 0 } },
    ];
    for (const payload of bad) {
      expect((await post(targets[0]!.id, payload, { remoteAddress })).statusCode).toBe(400);
    }
    const codes = [];
    for (const s of targets)
      codes.push((await post(s.id, { status: 'available' }, { remoteAddress })).statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('drops zero-width and bidi-control characters from a note, keeping the visible text', async () => {
    const s = stations[28]!;
    const note = '\u202eevil\u202c \u200bqueue\u200d at \u2066pump\u2069 2\ufeff\u200f';
    const res = await post(s.id, { status: 'available', note });
    expect(res.statusCode).toBe(201);
    expect(res.json().report.note).toBe('evil queue at pump 2');
    expect((await stored(s.id))[0]!.note).toBe('evil queue at pump 2');
    // A note of nothing but invisible characters is no note.
    const empty = await post(stations[29]!.id, { status: 'available', note: '\u200b\u2066\ufeff' });
    expect(empty.json().report.note).toBeNull();
  });

  it('turns C1 control characters in a note into spaces, as it does C0 ones (U+009B starts a terminal escape)', async () => {
    const res = await post(stations[27]!.id, {
      status: 'available',
      note: 'queue\u009b31m long\u0085now\u0007',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().report.note).toBe('queue 31m long now');
    expect((await stored(stations[27]!.id))[0]!.note).toBe('queue 31m long now');
    // An invisible character between two controls leaves one space, not two; controls alone are no note.
    const between = await post(stations[26]!.id, { status: 'available', note: 'pump\u0007\u200b\u0007two' });
    expect(between.json().report.note).toBe('pump two');
    const onlyC1 = await post(stations[25]!.id, { status: 'available', note: '\u0085\u009b' });
    expect(onlyC1.json().report.note).toBeNull();
  });

  it('refuses unknown query parameters on the timeline, naming them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stations/${stations[10]!.id}/reports?limit=2&offset=5`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'offset', problem: 'is not allowed' }]);
  });

  it('lists recent reports newest first without device ids or positions', async () => {
    const s = stations[10]!;
    for (const status of ['available', 'no_gas', 'closed']) {
      expect((await post(s.id, { status, position: northOf(s, 20) })).statusCode).toBe(201);
    }
    const res = await t.app.inject({ method: 'GET', url: `/api/stations/${s.id}/reports?limit=2` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.reports.map((r: { status: string }) => r.status)).toEqual(['closed', 'no_gas']);
    expect(res.body).not.toMatch(/device|"lon"|"lat"|distance/);
    expect(body.status).toMatchObject({ confidence: 'mixed', reportCount: 3 });
    expect((await t.app.inject({ method: 'GET', url: '/api/stations/nope/reports' })).statusCode).toBe(404);
  });

  it('documents the live-status endpoints in OpenAPI under the status tag', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
    expect(paths['/api/stations/{id}/reports'].post.tags).toEqual(['status']);
    expect(paths['/api/stations/{id}/reports'].get.tags).toEqual(['status']);
    expect(paths['/api/stations/{id}/official-status'].post.tags).toEqual(['status']);
    expect(paths['/api/events'].get.tags).toEqual(['status']);
    expect(paths['/api/status'].get.tags).toEqual(['status']);
  });

  it('puts the live status into every station answer', async () => {
    await t.app.stationIndex.rebuild('test');
    const s = stations[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/stations/${s.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toMatchObject({ status: 'available', explanation: '1 driver, just now' });
    const other = await t.app.inject({ method: 'GET', url: `/api/stations/${stations[11]!.id}` });
    expect(other.json().status).toMatchObject({ status: 'unknown', confidence: 'unknown' });
  });
});
