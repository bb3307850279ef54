import type { Db } from '../db/database';
import type { WriteClaim } from '../idempotency/idempotency';
import type { ForwardableMessage } from './forwarders/forwarder';

export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  /** Honeypot filled: stored for the record, never forwarded. */
  spam: boolean;
}

/** Where a message stands: caught by the honeypot, waiting, being sent, delivered, or given up. */
export type MessageState = 'spam' | 'pending' | 'sending' | 'sent' | 'failed';
export const MESSAGE_STATES: readonly MessageState[] = ['spam', 'pending', 'sending', 'sent', 'failed'];

/** A message with its forwarding state, as `npm run messages` and the admin API list it. */
export interface ListedMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  receivedAt: string;
  state: MessageState;
  attempts: number;
  nextAttemptAt: string | null;
  sentAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
}

/**
 * Stores a message and (unless spam) its outbox entry in one transaction; resolves with the id only after
 * the commit, so an id given to a client is always on disk. `claim` (an Idempotency-Key) is stored in the same
 * transaction.
 */
export async function storeContactMessage(
  db: Db,
  input: NewContactMessage,
  now = new Date(),
  claim?: WriteClaim,
): Promise<number> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('contact_messages')
      .values({
        name: input.name,
        email: input.email,
        message: input.message,
        received_at: at,
        spam: input.spam ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(row.id);
    await claim?.(trx, id);
    if (!input.spam) {
      await trx
        .insertInto('contact_outbox')
        .values({ message_id: id, state: 'pending', next_attempt_at: at, created_at: at, updated_at: at })
        .execute();
    }
    return id;
  });
}

/** Messages newest first with their forwarding state; `state` filters (spam, pending, sending, sent, failed). */
export async function listContactMessages(
  db: Db,
  options: { state?: MessageState; limit?: number; offset?: number } = {},
): Promise<ListedMessage[]> {
  let q = db
    .selectFrom('contact_messages as m')
    .leftJoin('contact_outbox as o', 'o.message_id', 'm.id')
    .select([
      'm.id',
      'm.name',
      'm.email',
      'm.message',
      'm.received_at',
      'm.spam',
      'o.state',
      'o.attempts',
      'o.next_attempt_at',
      'o.sent_at',
      'o.last_status',
      'o.last_error',
    ])
    .orderBy('m.id', 'desc')
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0);
  if (options.state === 'spam') q = q.where('m.spam', '=', 1);
  else if (options.state) q = q.where('o.state', '=', options.state);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    email: r.email,
    message: r.message,
    receivedAt: r.received_at,
    state: r.spam ? 'spam' : (r.state ?? 'pending'),
    attempts: Number(r.attempts ?? 0),
    nextAttemptAt: r.state === 'pending' ? r.next_attempt_at : null,
    sentAt: r.sent_at ?? null,
    lastStatus: r.last_status ?? null,
    lastError: r.last_error ?? null,
  }));
}

/** Loads the messages behind claimed outbox entries. */
export async function loadForwardable(
  db: Db,
  messageIds: number[],
): Promise<Map<number, ForwardableMessage>> {
  if (!messageIds.length) return new Map();
  const rows = await db
    .selectFrom('contact_messages')
    .select(['id', 'name', 'email', 'message', 'received_at'])
    .where('id', 'in', messageIds)
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.id),
      { id: Number(r.id), name: r.name, email: r.email, message: r.message, receivedAt: r.received_at },
    ]),
  );
}

/** Puts failed messages back in the queue (after an operator fixed the forwarder); returns how many. */
export async function requeueFailed(db: Db, messageIds: number[] | 'all', now = new Date()): Promise<number> {
  const at = now.toISOString();
  let q = db
    .updateTable('contact_outbox')
    .set({ state: 'pending', attempts: 0, next_attempt_at: at, updated_at: at })
    .where('state', '=', 'failed');
  if (messageIds !== 'all') q = q.where('message_id', 'in', messageIds.length ? messageIds : [-1]);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}
