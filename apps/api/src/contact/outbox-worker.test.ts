import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeEmailJs, startFakeEmailJs } from '../test-support/fake-emailjs';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../test-support/test-db';
import { storeContactMessage } from './contact-repository';
import { createEmailJsForwarder } from './forwarders/emailjs-forwarder';
import { INTERRUPTED_DETAIL } from './outbox-repository';
import { createOutboxWorker } from './outbox-worker';

const BASE_MS = 1000;
const silent = { info() {}, warn() {}, error() {} };

describe.each(TEST_DIALECTS)('contact outbox on %s against a fake EmailJS', (dialect) => {
  let fake: FakeEmailJs;
  let db: TestDb;
  let nowMs: number;
  const now = () => new Date(nowMs);

  const forwarder = () =>
    createEmailJsForwarder({
      apiUrl: fake.url,
      publicKey: 'pk_test',
      serviceId: 'service_cng',
      templateId: 'template_contact',
      privateKey: 'private_test',
      timeoutMs: 2000,
    });
  // random = 0.5 makes the jitter predictable: each wait is 3/4 of the full back-off.
  const worker = (handle: TestDb = db) =>
    createOutboxWorker({
      db: handle.db,
      dialect,
      forwarder: forwarder(),
      log: silent,
      pollMs: 50,
      retryBaseMs: BASE_MS,
      now,
      random: () => 0.5,
    });
  const store = (token: string) =>
    storeContactMessage(
      db.db,
      { name: 'Ravi', email: 'ravi@example.in', message: `hello ${token}`, spam: false },
      now(),
    );
  const outbox = (messageId: number) =>
    db.db
      .selectFrom('contact_outbox')
      .selectAll()
      .where('message_id', '=', messageId)
      .executeTakeFirstOrThrow();
  const attempts = async (messageId: number) => {
    const { id } = await outbox(messageId);
    return db.db
      .selectFrom('contact_delivery_attempts')
      .selectAll()
      .where('outbox_id', '=', id)
      .orderBy('id')
      .execute();
  };

  beforeAll(async () => {
    fake = await startFakeEmailJs();
  });
  afterAll(async () => fake.close());
  beforeEach(async () => {
    db = await createTestDb(dialect);
    nowMs = Date.parse('2026-03-01T08:00:00.000Z');
    fake.requests.length = 0;
    fake.setFallback(200);
  });
  afterEach(async () => db.cleanup());

  it('sends the EmailJS payload, records the 200, marks the message sent and never sends it again', async () => {
    const id = await store('t200');
    const w = worker();
    expect(await w.processDue()).toBe(1);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toEqual({
      path: '/api/v1.0/email/send',
      body: {
        lib_version: '4.3.3',
        user_id: 'pk_test',
        service_id: 'service_cng',
        template_id: 'template_contact',
        template_params: {
          name: 'Ravi',
          email: 'ravi@example.in',
          message: 'hello t200',
          message_id: `cng-contact-${id}-${nowMs.toString(36)}`,
        },
        accessToken: 'private_test',
      },
    });
    expect(await outbox(id)).toMatchObject({
      state: 'sent',
      attempts: 1,
      last_status: 200,
      sent_at: now().toISOString(),
    });
    expect(await attempts(id)).toMatchObject([
      { status: 200, detail: 'OK', outcome: 'sent', forwarder: 'emailjs' },
    ]);
    for (const laterMs of [1000, 60_000, 86_400_000]) {
      nowMs += laterMs;
      expect(await w.processDue()).toBe(0);
    }
    expect(fake.countFor('t200')).toBe(1);
  });

  for (const [status, detail] of [
    [451, 'Unavailable For Headless Browser'],
    [403, 'Forbidden'],
  ] as const) {
    it(`records ${status} as "${detail}", retries after the back-off and gives up after 3 tries`, async () => {
      fake.setFallback(status);
      const id = await store(`t${status}`);
      const w = worker();
      await w.processDue();
      // First wait: 3/4 of the base (jitter 0.5); nothing is due a moment before it.
      expect(Date.parse((await outbox(id)).next_attempt_at) - nowMs).toBe(750);
      nowMs += 749;
      expect(await w.processDue()).toBe(0);
      nowMs += 1;
      expect(await w.processDue()).toBe(1);
      // Second wait doubles.
      expect(Date.parse((await outbox(id)).next_attempt_at) - nowMs).toBe(1500);
      nowMs += 1500;
      await w.processDue();
      expect(await outbox(id)).toMatchObject({
        state: 'failed',
        attempts: 3,
        last_status: status,
        last_error: detail,
      });
      expect((await attempts(id)).map((a) => [a.status, a.detail, a.outcome])).toEqual([
        [status, detail, 'retry'],
        [status, detail, 'retry'],
        [status, detail, 'failed'],
      ]);
      nowMs += 86_400_000;
      expect(await w.processDue()).toBe(0);
      expect(fake.countFor(`t${status}`)).toBe(3);
    });
  }

  it('records 429 as "Too Many Requests", waits longer (honouring Retry-After) and keeps trying past 3', async () => {
    fake.answer({ status: 429, retryAfterSec: 120 }, 429, 429, 429);
    const id = await store('t429');
    const w = worker();
    await w.processDue();
    expect(Date.parse((await outbox(id)).next_attempt_at) - nowMs).toBe(120_000);
    nowMs += 120_000;
    await w.processDue();
    // Without Retry-After the wait is the ordinary back-off times 4: 2 s full × 4 × 3/4.
    expect(Date.parse((await outbox(id)).next_attempt_at) - nowMs).toBe(6000);
    for (let i = 0; i < 3; i++) {
      nowMs += 3_600_000;
      await w.processDue();
    }
    expect(await outbox(id)).toMatchObject({ state: 'sent', attempts: 5 });
    expect((await attempts(id)).map((a) => [a.status, a.detail])).toEqual([
      [429, 'Too Many Requests'],
      [429, 'Too Many Requests'],
      [429, 'Too Many Requests'],
      [429, 'Too Many Requests'],
      [200, 'OK'],
    ]);
    expect(fake.countFor('t429')).toBe(5);
  });

  it('records a dropped connection as status 0 "Network Error" and a 500 as transient, then delivers', async () => {
    fake.answer('drop', 500);
    const id = await store('tdrop');
    const w = worker();
    await w.processDue();
    nowMs += 750;
    await w.processDue();
    nowMs += 1500;
    await w.processDue();
    expect((await attempts(id)).map((a) => [a.status, a.detail, a.outcome])).toEqual([
      [0, 'Network Error', 'retry'],
      [500, 'Internal Server Error', 'retry'],
      [200, 'OK', 'sent'],
    ]);
    expect(fake.countFor('tdrop')).toBe(3);
  });

  it('records "Network Error" when nothing listens at all', async () => {
    const id = await store('tnone');
    const w = createOutboxWorker({
      db: db.db,
      dialect,
      forwarder: createEmailJsForwarder({
        apiUrl: 'http://127.0.0.1:8149',
        publicKey: 'pk',
        serviceId: 's',
        templateId: 't',
        privateKey: '',
      }),
      log: silent,
      pollMs: 50,
      retryBaseMs: BASE_MS,
      now,
    });
    await w.processDue();
    expect(await outbox(id)).toMatchObject({ state: 'pending', last_status: 0, last_error: 'Network Error' });
  });

  it('lets two workers drain the same queue without ever sending a message twice', async () => {
    const slow = await startFakeEmailJs(0, { delayMs: 30 });
    // Two instances share one PostgreSQL. SQLite has one server process, whose single connection takes
    // transactions in turn: two connections in one thread would block each other in SQLite's synchronous
    // busy wait. So on SQLite the two workers (two owners) share the connection, as they would in one server.
    const other = dialect === 'sqlite' ? { ...db, cleanup: async () => {} } : db.reopen();
    try {
      const ids = [];
      for (let i = 0; i < 30; i++) ids.push(await store(`pair${i}-`));
      const make = (handle: TestDb) =>
        createOutboxWorker({
          db: handle.db,
          dialect,
          forwarder: createEmailJsForwarder({
            apiUrl: slow.url,
            publicKey: 'pk',
            serviceId: 's',
            templateId: 't',
            privateKey: '',
          }),
          log: silent,
          pollMs: 50,
          retryBaseMs: BASE_MS,
          now,
          batchSize: 4,
        });
      const a = make(db);
      const b = make(other);
      const drain = async (w: ReturnType<typeof make>) => {
        let total = 0;
        for (let n = await w.processDue(); n > 0; n = await w.processDue()) total += n;
        return total;
      };
      const [na, nb] = await Promise.all([drain(a), drain(b)]);
      expect(na + nb).toBe(30);
      expect(na).toBeGreaterThan(0);
      expect(nb).toBeGreaterThan(0);
      expect(slow.requests).toHaveLength(30);
      for (let i = 0; i < 30; i++) expect(slow.countFor(`pair${i}-`)).toBe(1);
    } finally {
      await other.cleanup();
      await slow.close();
    }
  });

  it('takes over an entry whose claim lapsed (its owner died) but leaves a live claim alone', async () => {
    const dead = await store('tdead');
    const live = await store('tlive');
    const at = (ms: number) => new Date(nowMs + ms).toISOString();
    await db.db
      .updateTable('contact_outbox')
      .set({ state: 'sending', lease_owner: 'gone', lease_until: at(-1) })
      .where('message_id', '=', dead)
      .execute();
    await db.db
      .updateTable('contact_outbox')
      .set({ state: 'sending', lease_owner: 'busy', lease_until: at(60_000) })
      .where('message_id', '=', live)
      .execute();
    expect(await worker().processDue()).toBe(1);
    expect(fake.countFor('tdead')).toBe(1);
    expect(fake.countFor('tlive')).toBe(0);
    expect((await outbox(dead)).state).toBe('sent');
    expect(await outbox(live)).toMatchObject({ state: 'sending', lease_owner: 'busy' });
  });

  it('skips an entry of its batch that another instance took over while earlier sends ran long', async () => {
    const first = await store('tfirst');
    const second = await store('tsecond');
    const real = forwarder();
    // While the first message is being sent, the second one's claim is taken over (as after a lapsed lease).
    const takeover = {
      ...real,
      async send(m: Parameters<typeof real.send>[0]) {
        if (m.id === first) {
          await db.db
            .updateTable('contact_outbox')
            .set({ lease_owner: 'other-instance' })
            .where('message_id', '=', second)
            .execute();
        }
        return real.send(m);
      },
    };
    const w = createOutboxWorker({
      db: db.db,
      dialect,
      forwarder: takeover,
      log: silent,
      pollMs: 50,
      retryBaseMs: BASE_MS,
      now,
    });
    expect(await w.processDue()).toBe(2);
    expect(fake.countFor('tfirst')).toBe(1);
    expect(fake.countFor('tsecond')).toBe(0);
    expect(await outbox(second)).toMatchObject({
      state: 'sending',
      lease_owner: 'other-instance',
      attempts: 0,
    });
  });

  it('writes the attempt down as started before sending, then completes that same row', async () => {
    const id = await store('tstarted');
    const real = forwarder();
    let seenDuringSend: unknown[] = [];
    const watching = {
      ...real,
      async send(m: Parameters<typeof real.send>[0]) {
        seenDuringSend = await attempts(id);
        return real.send(m);
      },
    };
    const w = createOutboxWorker({
      db: db.db,
      dialect,
      forwarder: watching,
      log: silent,
      pollMs: 50,
      retryBaseMs: BASE_MS,
      now,
    });
    await w.processDue();
    expect(seenDuringSend).toMatchObject([{ outcome: 'started', status: 0, forwarder: 'emailjs' }]);
    const after = await attempts(id);
    expect(after).toMatchObject([{ outcome: 'sent', status: 200, detail: 'OK' }]);
    expect(after[0]!.id).toBe((seenDuringSend[0] as { id: number }).id);
  });

  it('records an attempt whose owner died mid-send as interrupted, counts it, and sends again', async () => {
    const id = await store('tcrash');
    const { id: outboxId } = await outbox(id);
    // What a SIGKILL during the send leaves behind: a claim and a 'started' attempt, both abandoned.
    await db.db
      .updateTable('contact_outbox')
      .set({ state: 'sending', lease_owner: 'killed', lease_until: new Date(nowMs - 1).toISOString() })
      .where('id', '=', outboxId)
      .execute();
    await db.db
      .insertInto('contact_delivery_attempts')
      .values({
        outbox_id: outboxId,
        attempted_at: new Date(nowMs - 130_000).toISOString(),
        forwarder: 'emailjs',
        status: 0,
        outcome: 'started',
        detail: 'Sending…',
        duration_ms: 0,
      })
      .execute();
    expect(await worker().processDue()).toBe(1);
    expect((await attempts(id)).map((a) => [a.outcome, a.status, a.detail])).toEqual([
      ['interrupted', 0, INTERRUPTED_DETAIL],
      ['sent', 200, 'OK'],
    ]);
    expect(await outbox(id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(fake.countFor('tcrash')).toBe(1);
    // The receiver can tell the resend from a new message: the same message_id as the lost attempt had.
    expect(fake.requests[0]!.body.template_params).toMatchObject({
      message_id: `cng-contact-${id}-${nowMs.toString(36)}`,
    });
  });

  it('polls on its own once started and stops cleanly', async () => {
    const w = createOutboxWorker({
      db: db.db,
      dialect,
      forwarder: forwarder(),
      log: silent,
      pollMs: 20,
      retryBaseMs: BASE_MS,
    });
    w.start();
    const id = await storeContactMessage(db.db, {
      name: 'A',
      email: 'a@example.in',
      message: 'poll me',
      spam: false,
    });
    await expect.poll(async () => (await outbox(id)).state).toBe('sent');
    await w.stop();
    expect(fake.countFor('poll me')).toBe(1);
  });
});
