import { randomUUID } from 'node:crypto';
import type { Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { northOf, seedStations } from '../test-support/seed-stations';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';

describe.each(TEST_DIALECTS)('Idempotency-Key on anonymous writes on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  let ip = 0;
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    stations = await seedStations(db.db, 10);
    t = await createTestApp({
      db,
      env: { REPORT_RATE_LIMIT_PER_MIN: '2', API_RATE_LIMIT_PER_MIN: '100000' },
    });
    await publishAndWaitForRebuild(t.app);
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  /** A write with no cookie (a new device each time) from `from`, or from a new network. */
  const post = (url: string, payload: object, key?: string, from?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: from ?? `10.30.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });
  const count = async (table: 'station_reports' | 'station_proposals' | 'contact_messages') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers a repeated report with the first answer and stores it once', async () => {
    const url = `/api/stations/${stations[0]!.id}/reports`;
    const key = randomUUID();
    const before = await count('station_reports');
    const first = await post(url, { status: 'available', queueMin: 5 }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Again from a new device and network, as a retry after a lost answer may be.
    const again = await post(url, { status: 'available', queueMin: 5 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('station_reports')).toBe(before + 1);
  });

  it('refuses the same key with another body, 422 naming the header, and stores nothing', async () => {
    const url = `/api/stations/${stations[1]!.id}/reports`;
    const key = randomUUID();
    expect((await post(url, { status: 'available' }, key)).statusCode).toBe(201);
    const before = await count('station_reports');
    for (const [other, body] of [
      [url, { status: 'no_gas' }],
      [`/api/stations/${stations[2]!.id}/reports`, { status: 'available' }],
    ] as const) {
      const res = await post(other, body, key);
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().details).toEqual([
        { field: 'Idempotency-Key', problem: 'was already used for a different request' },
      ]);
    }
    expect(await count('station_reports')).toBe(before);
  });

  it('does not count a repeat against the per-address report limit', async () => {
    const from = '10.31.0.1';
    const url = `/api/stations/${stations[3]!.id}/reports`;
    const key = randomUUID();
    // The limit is 2 a minute: five sends of one report, then one more report, all pass.
    for (let i = 0; i < 5; i++)
      expect((await post(url, { status: 'closed' }, key, from)).statusCode).toBe(201);
    const other = await post(
      `/api/stations/${stations[4]!.id}/reports`,
      { status: 'closed' },
      randomUUID(),
      from,
    );
    expect(other.statusCode).toBe(201);
    const third = await post(
      `/api/stations/${stations[5]!.id}/reports`,
      { status: 'closed' },
      randomUUID(),
      from,
    );
    expect(third.statusCode).toBe(429);
  });

  it('counts a repeated proposal as one voice, however many networks it comes from', async () => {
    const at = northOf(stations[6]!, 4000);
    const key = randomUUID();
    const before = await count('station_proposals');
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await post('/api/station-proposals', { position: at, name: 'Sai CNG' }, key));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(answers.map((a) => a.json().state)).toEqual(['pending', 'pending', 'pending']);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await count('station_proposals')).toBe(before + 1);
  });

  it('stores a repeated problem report and contact message once', async () => {
    const problemKey = randomUUID();
    const url = `/api/stations/${stations[7]!.id}/problems`;
    const p1 = await post(url, { reason: 'closed' }, problemKey);
    const p2 = await post(url, { reason: 'closed' }, problemKey);
    expect([p1.statusCode, p2.statusCode]).toEqual([201, 201]);
    expect(p2.json()).toEqual(p1.json());

    const contactKey = randomUUID();
    const before = await count('contact_messages');
    const message = { name: 'Asha Raman', email: 'asha@example.org', message: 'The pump at Baner is back.' };
    const c1 = await post('/api/contact', message, contactKey);
    const c2 = await post('/api/contact', message, contactKey);
    expect([c1.statusCode, c2.statusCode]).toEqual([201, 201]);
    expect(c2.json().id).toBe(c1.json().id);
    expect(await count('contact_messages')).toBe(before + 1);
  });

  it('stores one of two simultaneous sends of one key', async () => {
    const url = `/api/stations/${stations[8]!.id}/reports`;
    const key = randomUUID();
    const before = await count('station_reports');
    const answers = await Promise.all([0, 1, 2, 3].map(() => post(url, { status: 'low_pressure' }, key)));
    // Each is the first answer again, or 409 when it came while the first was between its commit and answer.
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 201 && !a.headers['idempotent-replayed'])).toHaveLength(1);
    expect(await count('station_reports')).toBe(before + 1);
  });

  it('answers 409 with Retry-After for a key stored without its answer', async () => {
    const key = randomUUID();
    const url = `/api/stations/${stations[9]!.id}/reports`;
    expect((await post(url, { status: 'available' }, key)).statusCode).toBe(201);
    // As after a crash between the write's commit and its answer.
    await t.db.db
      .updateTable('idempotency_keys')
      .set({ status_code: null, body: null })
      .where('key', '=', key)
      .execute();
    const res = await post(url, { status: 'available' }, key);
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json().details[0].field).toBe('Idempotency-Key');
  });

  it('forgets a key after it expires', async () => {
    const key = randomUUID();
    const url = `/api/stations/${stations[9]!.id}/problems`;
    expect((await post(url, { reason: 'not-cng' }, key)).statusCode).toBe(201);
    await t.db.db
      .updateTable('idempotency_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', key)
      .execute();
    const before = await count('station_proposals');
    const res = await post(url, { reason: 'closed' }, key);
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('station_proposals')).toBe(before + 1);
    const rows = await t.db.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a key that is not 1 to 255 visible characters, 400 naming the header', async () => {
    for (const bad of ['', 'x'.repeat(256), 'has space', 'é'])
      for (const res of [
        await post(`/api/stations/${stations[0]!.id}/reports`, { status: 'available' }, bad),
      ]) {
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().details[0].field).toBe('Idempotency-Key');
      }
  });
});
