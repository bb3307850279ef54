import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { loadForwardable } from './contact-repository';
import type { Forwarder, ForwardResult } from './forwarders/forwarder';
import { nextStep } from './retry-policy';

export interface OutboxWorkerOptions {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  forwarder: Forwarder;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Pause between looks for due entries (ms). */
  pollMs: number;
  /** First retry delay (ms); doubles per attempt. */
  retryBaseMs: number;
  /** How long a claim holds (ms), renewed before each send: longer than one send can take (timeouts ≤ 60 s). */
  leaseMs?: number;
  batchSize?: number;
  now?: () => Date;
  random?: () => number;
}

export interface OutboxWorker {
  /** Claims the due entries once, forwards them and records each attempt; resolves with how many it tried. */
  processDue(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the batch in hand. */
  stop(): Promise<void>;
}

/**
 * The contact outbox: forwards stored messages, records every attempt, retries with back-off (retry-policy.ts)
 * and marks a message sent in the same transaction that records the successful attempt (ADR 0007).
 */
export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, forwarder, log } = options;
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const leaseMs = options.leaseMs ?? 120_000;
  const batchSize = options.batchSize ?? 20;
  // Identifies this process's claims, so a lapsed and re-claimed entry is not finished by the old owner.
  const owner = randomUUID();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function claim() {
    const at = now();
    const nowIso = at.toISOString();
    let due = db
      .selectFrom('contact_outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          // A claim whose owner died (crash, SIGKILL) lapses and the entry is taken again.
          eb.and([eb('state', '=', 'sending'), eb('lease_until', '<', nowIso)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(batchSize);
    // Two PostgreSQL instances never claim the same row; SQLite serialises writers on its own.
    if (options.dialect === 'postgres') due = due.forUpdate().skipLocked();
    return db
      .updateTable('contact_outbox')
      .set({
        state: 'sending',
        lease_owner: owner,
        lease_until: new Date(at.getTime() + leaseMs).toISOString(),
        updated_at: nowIso,
      })
      .where('id', 'in', due)
      .returning(['id', 'message_id', 'attempts'])
      .execute();
  }

  async function renewLease(id: number): Promise<boolean> {
    const at = now();
    const res = await db
      .updateTable('contact_outbox')
      .set({ lease_until: new Date(at.getTime() + leaseMs).toISOString(), updated_at: at.toISOString() })
      .where('id', '=', id)
      .where('state', '=', 'sending')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async function record(entry: { id: number; attempts: number }, result: ForwardResult, startedAt: Date) {
    const attempt = entry.attempts + 1;
    const step = nextStep(result, attempt, options.retryBaseMs, random);
    const finishedAt = now();
    const at = finishedAt.toISOString();
    const outcome = step.state === 'pending' ? 'retry' : step.state;
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('contact_delivery_attempts')
        .values({
          outbox_id: entry.id,
          attempted_at: startedAt.toISOString(),
          forwarder: forwarder.name,
          status: result.status,
          outcome,
          detail: result.detail,
          duration_ms: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
        })
        .execute();
      const res = await trx
        .updateTable('contact_outbox')
        .set({
          state: step.state,
          attempts: attempt,
          next_attempt_at:
            step.state === 'pending' ? new Date(finishedAt.getTime() + step.delayMs).toISOString() : at,
          sent_at: step.state === 'sent' ? at : null,
          last_status: result.status,
          last_error: step.state === 'sent' ? null : result.detail,
          lease_owner: null,
          lease_until: null,
          updated_at: at,
        })
        .where('id', '=', entry.id)
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) {
        log.warn({ outboxId: entry.id }, 'contact outbox: lease lapsed before the attempt was recorded');
      }
    });
    const level = step.state === 'failed' ? 'error' : step.state === 'sent' ? 'info' : 'warn';
    log[level](
      { outboxId: entry.id, attempt, status: result.status, detail: result.detail, next: step },
      `contact message forwarding: ${outcome}`,
    );
  }

  async function processDue(): Promise<number> {
    const claimed = await claim();
    if (!claimed.length) return 0;
    const messages = await loadForwardable(
      db,
      claimed.map((c) => Number(c.message_id)),
    );
    for (const entry of claimed) {
      const message = messages.get(Number(entry.message_id));
      if (!message) continue;
      // Renew the claim just before sending: earlier sends in this batch may have used up its first lease,
      // and if another instance has taken the entry meanwhile, it is theirs to send.
      if (!(await renewLease(Number(entry.id)))) continue;
      const startedAt = now();
      const result = await forwarder.send(message);
      await record({ id: Number(entry.id), attempts: Number(entry.attempts) }, result, startedAt);
    }
    return claimed.length;
  }

  async function loop() {
    try {
      // Drain full batches at once; then wait for the next poll.
      while (!stopped && (await processDue()) === batchSize) {}
    } catch (err) {
      log.error({ err }, 'contact outbox: pass failed; will try again');
    }
    if (!stopped) timer = setTimeout(tick, options.pollMs);
  }

  function tick() {
    running = loop();
  }

  return {
    processDue,
    start() {
      if (!stopped) return;
      stopped = false;
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
