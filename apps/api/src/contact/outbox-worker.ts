import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { loadForwardable } from './contact-repository';
import type { ForwardableMessage, Forwarder } from './forwarders/forwarder';
import { beginAttempt, claimDueEntries, finishAttempt } from './outbox-repository';
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
 * The contact outbox: forwards stored messages, records every attempt (as started before the send, so a
 * crash mid-send is recorded as interrupted), retries with back-off (retry-policy.ts) and marks a message
 * sent in the same transaction that records the successful attempt (ADR 0007).
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

  /** One attempt: written down as started, sent, then finished with its answer (ADR 0007). */
  async function attempt(entry: { id: number }, message: ForwardableMessage): Promise<void> {
    const startedAt = now();
    // Renew the claim just before sending: earlier sends in this batch may have used up its first lease,
    // and if another instance has taken the entry meanwhile, it is theirs to send.
    const begun = await beginAttempt(db, {
      outboxId: entry.id,
      owner,
      leaseUntil: new Date(startedAt.getTime() + leaseMs),
      at: startedAt,
      forwarder: forwarder.name,
    });
    if (!begun) return;
    const result = await forwarder.send(message);
    const attemptNo = begun.attemptsBefore + 1;
    const step = nextStep(result, attemptNo, options.retryBaseMs, random);
    const kept = await finishAttempt(db, {
      outboxId: entry.id,
      attemptId: begun.attemptId,
      owner,
      attempt: attemptNo,
      result,
      step,
      startedAt,
      finishedAt: now(),
    });
    if (!kept)
      log.warn({ outboxId: entry.id }, 'contact outbox: lease lapsed before the attempt was recorded');
    const outcome = step.state === 'pending' ? 'retry' : step.state;
    const level = step.state === 'failed' ? 'error' : step.state === 'sent' ? 'info' : 'warn';
    log[level](
      { outboxId: entry.id, attempt: attemptNo, status: result.status, detail: result.detail, next: step },
      `contact message forwarding: ${outcome}`,
    );
  }

  async function processDue(): Promise<number> {
    const claimed = await claimDueEntries(db, {
      dialect: options.dialect,
      owner,
      at: now(),
      leaseMs,
      batchSize,
    });
    if (!claimed.length) return 0;
    const messages = await loadForwardable(
      db,
      claimed.map((c) => Number(c.message_id)),
    );
    for (const entry of claimed) {
      const message = messages.get(Number(entry.message_id));
      if (message) await attempt({ id: Number(entry.id) }, message);
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
