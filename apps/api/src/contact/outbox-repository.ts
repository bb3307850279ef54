import type { Db } from '../db/database';
import type { ContactDeliveryAttemptsTable } from '../db/schema';
import type { ForwardResult } from './forwarders/forwarder';
import type { NextStep } from './retry-policy';

/** What an attempt that never finished is recorded as: the process died while the send was in flight. */
export const INTERRUPTED_DETAIL =
  'Interrupted: the server stopped during this attempt; the message may already have been sent';

/** One forwarding attempt, as `npm run messages -- --attempts` and the admin API show it. */
export interface DeliveryAttempt {
  id: number;
  attemptedAt: string;
  forwarder: string;
  /** HTTP status (EmailJS), SMTP reply code, or 0 when no answer came back (or none was recorded). */
  status: number;
  outcome: ContactDeliveryAttemptsTable['outcome'];
  detail: string;
  durationMs: number;
}

/**
 * Claims up to `batchSize` outbox entries that are due (pending and due, or sending with a lapsed lease: their
 * owner died) for `owner` until `at + leaseMs`, and answers them. On PostgreSQL the due rows are locked with
 * SKIP LOCKED, so two instances never claim the same entry; SQLite serialises writers on its own (ADR 0007).
 */
export async function claimDueEntries(
  db: Db,
  input: { dialect: 'sqlite' | 'postgres'; owner: string; at: Date; leaseMs: number; batchSize: number },
): Promise<{ id: number; message_id: number }[]> {
  const nowIso = input.at.toISOString();
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
    .limit(input.batchSize);
  if (input.dialect === 'postgres') due = due.forUpdate().skipLocked();
  return db
    .updateTable('contact_outbox')
    .set({
      state: 'sending',
      lease_owner: input.owner,
      lease_until: new Date(input.at.getTime() + input.leaseMs).toISOString(),
      updated_at: nowIso,
    })
    .where('id', 'in', due)
    .returning(['id', 'message_id'])
    .execute();
}

/**
 * Starts an attempt, written down before the send: renews the lease (null when this owner lost it), records
 * earlier attempts that never finished as interrupted, and inserts this one as 'started'. Resolves with the
 * attempt's id and the entry's attempt count so far (interrupted ones included).
 */
export async function beginAttempt(
  db: Db,
  input: { outboxId: number; owner: string; leaseUntil: Date; at: Date; forwarder: string },
): Promise<{ attemptId: number; attemptsBefore: number } | null> {
  const at = input.at.toISOString();
  return db.transaction().execute(async (trx) => {
    const entry = await trx
      .updateTable('contact_outbox')
      .set({ lease_until: input.leaseUntil.toISOString(), updated_at: at })
      .where('id', '=', input.outboxId)
      .where('state', '=', 'sending')
      .where('lease_owner', '=', input.owner)
      .returning(['attempts'])
      .executeTakeFirst();
    if (!entry) return null;
    // A 'started' attempt whose owner let the lease lapse died mid-send: nobody knows if it went out.
    const lapsed = await trx
      .updateTable('contact_delivery_attempts')
      .set({ outcome: 'interrupted', detail: INTERRUPTED_DETAIL, status: 0 })
      .where('outbox_id', '=', input.outboxId)
      .where('outcome', '=', 'started')
      .executeTakeFirst();
    const interrupted = Number(lapsed.numUpdatedRows);
    const attemptsBefore = Number(entry.attempts) + interrupted;
    if (interrupted) {
      await trx
        .updateTable('contact_outbox')
        .set({ attempts: attemptsBefore, last_status: 0, last_error: INTERRUPTED_DETAIL })
        .where('id', '=', input.outboxId)
        .execute();
    }
    const row = await trx
      .insertInto('contact_delivery_attempts')
      .values({
        outbox_id: input.outboxId,
        attempted_at: at,
        forwarder: input.forwarder,
        status: 0,
        outcome: 'started',
        detail: 'Sending…',
        duration_ms: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { attemptId: Number(row.id), attemptsBefore };
  });
}

/**
 * Finishes an attempt with its answer and moves the entry on (sent, failed, or pending until the back-off
 * ends), in one transaction. The attempt row always gets the real answer; the entry only while this owner
 * still holds the lease (false otherwise).
 */
export async function finishAttempt(
  db: Db,
  input: {
    outboxId: number;
    attemptId: number;
    owner: string;
    attempt: number;
    result: ForwardResult;
    step: NextStep;
    startedAt: Date;
    finishedAt: Date;
  },
): Promise<boolean> {
  const { result, step, finishedAt } = input;
  const at = finishedAt.toISOString();
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('contact_delivery_attempts')
      .set({
        status: result.status,
        outcome: step.state === 'pending' ? 'retry' : step.state,
        detail: result.detail,
        duration_ms: Math.max(0, finishedAt.getTime() - input.startedAt.getTime()),
      })
      .where('id', '=', input.attemptId)
      .execute();
    const res = await trx
      .updateTable('contact_outbox')
      .set({
        state: step.state,
        attempts: input.attempt,
        next_attempt_at:
          step.state === 'pending' ? new Date(finishedAt.getTime() + step.delayMs).toISOString() : at,
        sent_at: step.state === 'sent' ? at : null,
        last_status: result.status,
        last_error: step.state === 'sent' ? null : result.detail,
        lease_owner: null,
        lease_until: null,
        updated_at: at,
      })
      .where('id', '=', input.outboxId)
      .where('lease_owner', '=', input.owner)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  });
}

/** Every attempt to forward one message, oldest first; null when there is no such message. */
export async function listDeliveryAttempts(db: Db, messageId: number): Promise<DeliveryAttempt[] | null> {
  const message = await db
    .selectFrom('contact_messages')
    .select('id')
    .where('id', '=', messageId)
    .executeTakeFirst();
  if (!message) return null;
  const rows = await db
    .selectFrom('contact_delivery_attempts as a')
    .innerJoin('contact_outbox as o', 'o.id', 'a.outbox_id')
    .select(['a.id', 'a.attempted_at', 'a.forwarder', 'a.status', 'a.outcome', 'a.detail', 'a.duration_ms'])
    .where('o.message_id', '=', messageId)
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    attemptedAt: r.attempted_at,
    forwarder: r.forwarder,
    status: Number(r.status),
    outcome: r.outcome,
    detail: r.detail,
    durationMs: Number(r.duration_ms),
  }));
}
