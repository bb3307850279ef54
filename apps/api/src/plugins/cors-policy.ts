import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Headers a script on another origin may read: caching and the rate-limit budget. */
const EXPOSED_HEADERS = [
  'ETag',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** What every answer says to other origins: anyone may read it, and these headers too. */
const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
});

/** Methods other origins may use everywhere: reads. */
const PUBLIC_READ_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;

/** How long a browser may keep a preflight's answer, s. */
const PREFLIGHT_MAX_AGE_SEC = 86_400;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Methods other origins may use on this address (its OPTIONS route's config); reads only when unset. */
    corsMethods?: readonly string[];
  }
}

/**
 * Route-level override (`config: { corsMethods: CORS_ALLOW_POST }` on the address's own OPTIONS route) for a POST
 * that only reads, like along-route: a query whose route is too large for a URL.
 */
export const CORS_ALLOW_POST: readonly string[] = ['POST', 'OPTIONS'];

/**
 * The answer to a CORS preflight: 204 listing the methods other origins may use on this address (its route's
 * `corsMethods`, else reads), the headers asked for, and a day's max-age. A request that is no preflight (no
 * Origin or Access-Control-Request-Method) is 400. Used by the catch-all OPTIONS route and by routes whose
 * address allows more.
 */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply) {
  const { headers } = request;
  if (!headers.origin || !headers['access-control-request-method']) {
    return reply.code(400).type('text/plain').send('Invalid Preflight Request');
  }
  const methods = request.routeOptions.config.corsMethods ?? PUBLIC_READ_METHODS;
  reply.header('access-control-allow-methods', methods.join(', '));
  // The answer names the headers the browser asked about, so a cache must keep one per list.
  reply.header('vary', 'Access-Control-Request-Headers');
  const asked = headers['access-control-request-headers'];
  if (asked) reply.header('access-control-allow-headers', asked);
  reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SEC));
  return reply.code(204).header('content-length', '0').send();
}

/**
 * CORS, static so no request pays to work it out (ADR 0021): the same two headers on every answer, set in one
 * call, and preflights answered by an OPTIONS route. The public station API may be called from any origin.
 * Writes — driver reports, official status, contact messages — stay same-origin: a browser asks before a
 * cross-origin JSON POST, and the preflight does not list POST, so a third-party page cannot post in a
 * visitor's name (and spend their rate budget); a text/plain "simple" POST fails validation anyway.
 * (@fastify/cors did the same with two route-option lookups, an options object copied and the exposed list joined
 * on every request.)
 */
export default fp(
  async function corsPolicy(app: FastifyInstance) {
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(CORS_HEADERS);
      done();
    });
    // Preflights are not counted against the API budget: the browser sends them, not the page's script.
    app.options('*', { schema: { hide: true }, config: { rateLimit: false } }, answerPreflight);
  },
  { name: 'cors-policy' },
);
