import { createHash } from 'node:crypto';
import { ApiErrorSchema } from '@cng/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type TSchema, Type } from 'typebox';
import type { Db } from '../db/database';
import type { IdempotencyKeysTable } from '../db/schema';
import { badInput } from '../lib/http-errors';
import { withRouteHook } from '../plugins/route-hooks';
import { WRITE_DEADLINE_BUSY_FACTOR, WRITE_DEADLINE_MS } from '../plugins/write-deadline';

/** The request header that names a write, as in the IETF httpapi Idempotency-Key draft. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A key is 1 to 255 visible ASCII characters (a UUID in the web app). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Claims the request's key inside the write's own transaction, right after the write's insert, with its row id. */
export type WriteClaim = (trx: Db, writeId: number) => Promise<void>;

/**
 * Runs `insert`; with a `claim`, in one transaction with the claim of the new row's id, so the write and its
 * Idempotency-Key commit together or not at all.
 */
export async function insertClaimed<Row extends { id: number | string | bigint }>(
  db: Db,
  claim: WriteClaim | undefined,
  insert: (db: Db) => Promise<Row>,
): Promise<Row> {
  if (!claim) return insert(db);
  return db.transaction().execute(async (trx) => {
    const row = await insert(trx);
    await claim(trx, Number(row.id));
    return row;
  });
}

/**
 * Rebuilds the answer of a stored write whose answer was never stored with its key, from the row `writeId`,
 * finishing what the first request did after its commit (a status refresh, an agreement to settle).
 */
export type ReplayWrite = (
  request: FastifyRequest,
  writeId: number,
) => Promise<{ statusCode: number; body: unknown }>;

/**
 * How old a key without its answer must be before a repeat is answered from its write: the longest the write
 * deadline holds a write's client (plugins/write-deadline.ts), so the first request has answered or is gone.
 */
export const UNANSWERED_KEY_STALE_MS = WRITE_DEADLINE_MS * WRITE_DEADLINE_BUSY_FACTOR;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is an anonymous write that honours Idempotency-Key. */
    idempotent?: boolean;
    /** How the route answers again a write of its own whose answer was lost (a crash after the commit). */
    replayWrite?: ReplayWrite;
  }
  interface FastifyRequest {
    /** Set on idempotent routes when the request has a key: the write calls it in its transaction. */
    idempotencyClaim: WriteClaim | undefined;
  }
}

const conflict = (problem: string, message: string, statusCode: number) =>
  badInput(IDEMPOTENCY_HEADER, problem, statusCode, message);

/** The method, the URL and the body, hashed: what one key may stand for. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${url}\n`)
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}
const fingerprintOf = (request: FastifyRequest) =>
  requestFingerprint(request.method, request.url, request.body);

/**
 * Idempotency-Key on anonymous writes. A request that repeats a key gets the first answer again (with
 * `Idempotent-Replayed: true`), before any rate limit or write, so it counts once; the same key with another
 * method, URL or body is refused 422. The key is stored in the write's own transaction (`request.idempotencyClaim`,
 * called by the repository right after its insert), so a stored key always means a stored write, and a write
 * refused or failed leaves no key behind; the answer is added to it before it is sent. A repeat that finds the
 * key without its answer (the first request is between its commit and its answer, or the process died there)
 * is answered 409 with Retry-After: its write is stored. Once such a key is older than UNANSWERED_KEY_STALE_MS,
 * the first request will not answer any more (the process died after the commit, or the write deadline
 * answered first), and the route's `replayWrite` answers from the stored write; that answer joins the key.
 * A request without the header is a write as before.
 */
export default fp(
  async function idempotency(app: FastifyInstance) {
    app.decorateRequest('idempotencyClaim', undefined);
    /** Requests whose write claimed its key, with the key: their answer is stored with it. */
    const claimed = new WeakMap<FastifyRequest, string>();

    const check: preHandlerAsyncHookHandler = async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0] : header;
      if (Array.isArray(header) || !key || !KEY_PATTERN.test(key))
        throw badInput(IDEMPOTENCY_HEADER, 'must be one value of 1 to 255 visible ASCII characters');
      const fingerprint = fingerprintOf(request);
      const nowIso = new Date().toISOString();
      const stored = await app.db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('key', '=', key)
        .where('expires_at', '>', nowIso)
        .executeTakeFirst();
      if (stored) {
        if (!answerLost(request, stored, fingerprint)) return answerRepeat(reply, stored);
        const answer = await request.routeOptions.config.replayWrite!(request, Number(stored.write_id));
        claimed.set(request, key);
        return reply.code(answer.statusCode).header('idempotent-replayed', 'true').send(answer.body);
      }

      request.idempotencyClaim = async (trx, writeId) => {
        const now = new Date();
        await trx.deleteFrom('idempotency_keys').where('expires_at', '<=', now.toISOString()).execute();
        const inserted = await trx
          .insertInto('idempotency_keys')
          .values({
            key,
            fingerprint,
            created_at: now.toISOString(),
            expires_at: new Date(now.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
            status_code: null,
            body: null,
            write_id: writeId,
          })
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .executeTakeFirst();
        // Another request with this key committed first: this one must not write (its transaction rolls back).
        if (!inserted) {
          reply.header('retry-after', '1');
          throw inUse();
        }
        claimed.set(request, key);
      };
    };

    // The answer joins the key before it is sent: a client that got it and sends the key again gets it again.
    const store = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const key = claimed.get(request);
      if (key === undefined) return payload;
      claimed.delete(request);
      if (reply.statusCode < 300 && typeof payload === 'string') {
        await app.db
          .updateTable('idempotency_keys')
          .set({ status_code: reply.statusCode, body: payload })
          .where('key', '=', key)
          .execute()
          .catch((err) => request.log.error({ err }, 'the answer of an idempotent write was not stored'));
      }
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      // The route's answers include the key's: 409 and 422 (beside a 422 of its own, if it has one).
      const response = (route.schema?.response ?? {}) as Record<string, TSchema>;
      response[409] = ApiErrorSchema;
      response[422] = response[422] ? Type.Union([response[422], ApiErrorSchema]) : ApiErrorSchema;
      route.schema = { ...route.schema, response };
      route.preHandler = withRouteHook(route.preHandler, check, 'first');
      route.onSend = withRouteHook(route.onSend, store, 'last');
    });
  },
  { name: 'idempotency' },
);

const inUse = () =>
  conflict(
    'is in use by a request whose answer is not stored yet',
    `A request with this ${IDEMPOTENCY_HEADER} is stored; its answer is not ready. Try again in a second.`,
    409,
  );

type StoredKey = Pick<
  IdempotencyKeysTable,
  'fingerprint' | 'status_code' | 'body' | 'created_at' | 'write_id'
>;

/**
 * True when `stored` is this request's key, its write is stored, and its answer never will be: the key is
 * older than the longest the write deadline holds a write (UNANSWERED_KEY_STALE_MS by default) and the route
 * can rebuild the answer. Throws 422 for another request's key.
 */
function answerLost(request: FastifyRequest, stored: StoredKey, fingerprint: string): boolean {
  if (stored.fingerprint !== fingerprint)
    throw conflict(
      'was already used for a different request',
      `This ${IDEMPOTENCY_HEADER} was already used for a different request (method, URL or body); use a new key for a new write.`,
      422,
    );
  if (stored.status_code !== null && stored.body !== null) return false;
  return (
    stored.write_id !== null &&
    request.routeOptions.config.replayWrite !== undefined &&
    Date.now() - Date.parse(stored.created_at) >=
      request.server.config.WRITE_DEADLINE_MS * WRITE_DEADLINE_BUSY_FACTOR
  );
}

/** The stored answer again, or 409 with Retry-After while the first request has not answered yet. */
function answerRepeat(reply: FastifyReply, stored: StoredKey) {
  if (stored.status_code === null || stored.body === null) {
    reply.header('retry-after', '1');
    throw inUse();
  }
  return reply
    .code(stored.status_code)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(stored.body);
}
