import { createHash } from 'node:crypto';
import { ApiErrorSchema } from '@cng/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type TSchema, Type } from 'typebox';
import type { Db } from '../db/database';
import { badInput } from '../lib/http-errors';
import { withRouteHook } from '../plugins/route-hooks';

/** The request header that names a write, as in the IETF httpapi Idempotency-Key draft. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** A key is 1 to 255 visible ASCII characters (a UUID in the web app). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Claims the request's key inside the write's own transaction, just before the write. */
export type WriteClaim = (trx: Db) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is an anonymous write that honours Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set on idempotent routes when the request has a key: the write calls it in its transaction. */
    idempotencyClaim: WriteClaim | undefined;
  }
}

const conflict = (problem: string, message: string, statusCode: number) =>
  badInput(IDEMPOTENCY_HEADER, problem, statusCode, message);

/** The method, the URL and the body, hashed: what one key may stand for. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');
}

/**
 * Idempotency-Key on anonymous writes. A request that repeats a key gets the first answer again (with
 * `Idempotent-Replayed: true`), before any rate limit or write, so it counts once; the same key with another
 * method, URL or body is refused 422. The key is stored in the write's own transaction (`request.idempotencyClaim`,
 * called by the repository right before its insert), so a stored key always means a stored write, and a write
 * refused or failed leaves no key behind; the answer is added to it before it is sent. A repeat that finds the
 * key without its answer (the first request is between its commit and its answer, or the process died there)
 * is answered 409 with Retry-After: its write is stored. A request without the header is a write as before.
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
      if (stored) return answerRepeat(reply, stored, fingerprint);

      request.idempotencyClaim = async (trx) => {
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

function answerRepeat(
  reply: FastifyReply,
  stored: { fingerprint: string; status_code: number | null; body: string | null },
  fingerprint: string,
) {
  if (stored.fingerprint !== fingerprint)
    throw conflict(
      'was already used for a different request',
      `This ${IDEMPOTENCY_HEADER} was already used for a different request (method, URL or body); use a new key for a new write.`,
      422,
    );
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
