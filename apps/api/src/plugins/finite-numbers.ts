import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badInput } from '../lib/http-errors';

/**
 * Ajv coerces the strings "Infinity" and "1e400" in query strings and path parameters to Infinity and then
 * skips minimum/maximum for non-finite numbers, so a validated number can still be infinite. Refuse it on every
 * route, naming the parameter (JSON bodies cannot carry Infinity).
 */
function rejectInfiniteNumbers(request: FastifyRequest) {
  for (const source of [request.query, request.params]) {
    if (!source || typeof source !== 'object') continue;
    for (const [field, value] of Object.entries(source as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'number' && !Number.isFinite(v))) {
        throw badInput(field, 'must be a finite number');
      }
    }
  }
}

export default fp(async function finiteNumbers(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request for a check that never waits.
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      rejectInfiniteNumbers(request);
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
});
