import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { DB_RETRY_AFTER_SEC } from '../db/db-outage';
import { withRouteHook } from './route-hooks';

/** How long a write may wait for the database before it is answered 503, while no other write gets through. */
export const WRITE_DEADLINE_MS = 1500;
/** The longest a write waits behind others while the database keeps answering them (a burst, not an outage). */
export const WRITE_DEADLINE_BUSY_FACTOR = 10;

/**
 * An anonymous write (a route marked `idempotent`: reports, proposals, problem reports, contact messages) is
 * answered within WRITE_DEADLINE_MS: when the database has not answered by then (a link
 * that drops packets rather than refusing them leaves a query waiting for minutes), the client gets 503 with
 * Retry-After and keeps its write. The write itself may still commit later; a client that sends it again with
 * its Idempotency-Key gets it counted once. A database that refuses at once is answered 503 by the error
 * handler, long before this.
 *
 * A database that is busy is not one that is gone: while it keeps finishing work (writes answered, or on
 * PostgreSQL pooled connections given back: a burst of reports queued for the pool's connections), a write
 * waits on, up to WRITE_DEADLINE_BUSY_FACTOR deadlines; only a deadline in which the database finished nothing
 * means it is away.
 */
export default fp(
  async function writeDeadline(app: FastifyInstance, opts: { deadlineMs?: number }) {
    const deadlineMs = opts.deadlineMs ?? WRITE_DEADLINE_MS;
    const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
    /** When a write last got its answer from the database (any answer but this plugin's 503). */
    let lastAnsweredMs = 0;
    const start = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const startedMs = Date.now();
      const expire = () => {
        if (reply.sent || reply.raw.headersSent) return;
        const now = Date.now();
        // The database at work: a write answered, or (PostgreSQL) any query or transaction finished. A write's
        // own answer may wait for a connection behind the whole burst, so writes alone can look like an outage.
        const busySinceMs = Math.max(lastAnsweredMs, app.dbWrites.answeredAtMs);
        if (now - busySinceMs < deadlineMs && now - startedMs < deadlineMs * WRITE_DEADLINE_BUSY_FACTOR) {
          const again = setTimeout(expire, deadlineMs);
          again.unref();
          timers.set(request, again);
          return;
        }
        app.dbWrites.failed(`no answer within ${deadlineMs} ms`);
        request.log.warn({ deadlineMs }, 'write deadline passed: answered 503');
        reply
          .code(503)
          .header('retry-after', String(DB_RETRY_AFTER_SEC))
          .send({
            error: 'Service Unavailable',
            message: `The database did not answer in time; your write may not be stored. Please try again in ${DB_RETRY_AFTER_SEC} seconds.`,
            details: [{ field: 'database', problem: `did not answer within ${deadlineMs} ms` }],
          });
      };
      const timer = setTimeout(expire, deadlineMs);
      timer.unref();
      timers.set(request, timer);
      done();
    };
    const stop = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      clearTimeout(timers.get(request));
      if (reply.statusCode !== 503) lastAnsweredMs = Date.now();
      done();
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      route.onRequest = withRouteHook(route.onRequest, start, 'first');
      route.onResponse = withRouteHook(route.onResponse, stop, 'last');
    });
  },
  { name: 'write-deadline' },
);
