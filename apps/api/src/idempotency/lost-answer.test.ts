import { randomUUID } from 'node:crypto';
import type { Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProposal } from '../proposals/proposal-repository';
import { northOf, seedStations } from '../test-support/seed-stations';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';
import { IDEMPOTENCY_TTL_MS, requestFingerprint, UNANSWERED_KEY_STALE_MS } from './idempotency';

// A key whose write is stored and whose answer is not: what a SIGKILL between the commit and the answer leaves,
// or a write that committed after the write deadline had answered 503.
describe.each(TEST_DIALECTS)('a repeat of a write whose answer was lost, on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  let ip = 0;
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    stations = await seedStations(db.db, 4, 120);
    t = await createTestApp({ db, env: { API_RATE_LIMIT_PER_MIN: '100000' } });
    await publishAndWaitForRebuild(t.app);
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  const post = (url: string, payload: object, key: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: `10.40.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      headers: { 'idempotency-key': key },
    });
  /** Forgets the key's answer, and dates the key `ageMs` back. */
  const loseAnswer = (key: string, ageMs: number) =>
    t.db.db
      .updateTable('idempotency_keys')
      .set({ status_code: null, body: null, created_at: new Date(Date.now() - ageMs).toISOString() })
      .where('key', '=', key)
      .execute();
  const rowsOf = (table: 'station_reports' | 'contact_messages', ids: number[]) =>
    t.db.db.selectFrom(table).select('id').where('id', 'in', ids).execute();

  it('answers 409 while the key is younger than the longest a write holds its client', async () => {
    const key = randomUUID();
    const url = `/api/stations/${stations[0]!.id}/reports`;
    expect((await post(url, { status: 'available' }, key)).statusCode).toBe(201);
    await loseAnswer(key, UNANSWERED_KEY_STALE_MS / 2);
    const res = await post(url, { status: 'available' }, key);
    expect(res.statusCode).toBe(409);
    expect(res.headers['retry-after']).toBe('1');
  });

  it('answers a stale key from the stored report, keeps that answer, and stores nothing more', async () => {
    const key = randomUUID();
    const url = `/api/stations/${stations[1]!.id}/reports`;
    const first = await post(url, { status: 'no_gas', note: 'empty since noon' }, key);
    expect(first.statusCode).toBe(201);
    await loseAnswer(key, UNANSWERED_KEY_STALE_MS + 1000);
    const again = await post(url, { status: 'no_gas', note: 'empty since noon' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().report).toEqual(first.json().report);
    expect(again.json().status.latestReportAt).toBe(first.json().report.createdAt);
    const third = await post(url, { status: 'no_gas', note: 'empty since noon' }, key);
    expect(third.json()).toEqual(again.json());
    const stored = await t.db.db
      .selectFrom('station_reports')
      .select('id')
      .where('note', '=', 'empty since noon')
      .execute();
    expect(stored.map((r) => Number(r.id))).toEqual([first.json().report.id]);
  });

  it('answers a stale key of a contact message with its id', async () => {
    const key = randomUUID();
    const message = { name: 'Ravi Kumar', email: 'ravi@example.org', message: 'Pump 4 is back.' };
    const first = await post('/api/contact', message, key);
    await loseAnswer(key, UNANSWERED_KEY_STALE_MS + 1000);
    const again = await post('/api/contact', message, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(first.json());
    expect(await rowsOf('contact_messages', [first.json().id])).toHaveLength(1);
  });

  it('settles the agreement a proposal completes when its process died before settling it', async () => {
    const at = northOf(stations[2]!, 3000);
    const body = { position: at, name: 'Shree Sai CNG' };
    for (let i = 0; i < 2; i++) {
      const res = await post('/api/station-proposals', body, randomUUID());
      expect(res.json().state).toBe('pending');
    }
    // The third driver's proposal and key committed; the process died before the agreement was settled.
    const key = randomUUID();
    const createdAt = new Date(Date.now() - UNANSWERED_KEY_STALE_MS - 1000);
    const row = await insertProposal(
      t.db.db,
      {
        kind: 'add',
        stationId: null,
        reason: null,
        name: body.name,
        operator: null,
        note: null,
        openingHours: null,
        position: { ...at, accuracyM: null },
        duplicateOf: null,
        deviceId: randomUUID(),
        networkHash: 'third-drivers-network',
      },
      createdAt,
      async (trx, writeId) => {
        await trx
          .insertInto('idempotency_keys')
          .values({
            key,
            fingerprint: requestFingerprint('POST', '/api/station-proposals', body),
            created_at: createdAt.toISOString(),
            expires_at: new Date(createdAt.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
            status_code: null,
            body: null,
            write_id: writeId,
          })
          .execute();
      },
    );
    const again = await post('/api/station-proposals', body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ id: Number(row.id), state: 'approved' });
    const station = await t.db.db
      .selectFrom('stations')
      .select('id')
      .where('id', '=', again.json().stationId)
      .execute();
    expect(station).toHaveLength(1);
    const states = await t.db.db
      .selectFrom('station_proposals')
      .select('state')
      .where('name', '=', body.name)
      .execute();
    expect(states.map((s) => s.state)).toEqual(['approved', 'approved', 'approved']);
  });
});
