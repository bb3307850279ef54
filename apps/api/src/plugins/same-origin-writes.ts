import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badInput } from '../lib/http-errors';

/** Methods that never change anything: they pass whatever their origin. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `true` on a write that other origins may send: one that only reads (along-route), or one guarded by a
     * bearer token rather than by the visitor's browser (official status, admin).
     */
    crossOriginWrites?: boolean;
  }
}

/** The host (with port) of an Origin header, or null when it is not a URL ("null", garbage). */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

/**
 * Why a write must be refused, or null when it may pass. The rules of Go's `http.CrossOriginProtection`:
 * a browser says where a request comes from in `Sec-Fetch-Site` (every current browser) or at least in
 * `Origin`; `same-origin` and `none` (typed by the user) pass, and an Origin whose host is the host the
 * request was sent to passes. A request with neither header comes from no browser (curl, a server, an app),
 * which cannot write in a visitor's name, so it passes: the rate limits hold for it.
 */
export function crossOriginProblem(
  headers: FastifyRequest['headers'],
  host: string,
  trustedOrigins: ReadonlySet<string>,
): string | null {
  const origin = typeof headers.origin === 'string' ? headers.origin : undefined;
  if (origin && trustedOrigins.has(origin.toLowerCase())) return null;
  const site = headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin' || site === 'none') return null;
    return `is ${site}: this endpoint accepts writes only from this site's own pages`;
  }
  if (origin === undefined) return null;
  if (hostOf(origin) === host.toLowerCase()) return null;
  return `${JSON.stringify(origin.slice(0, 200))} is not this site: writes are accepted only from its own pages`;
}

/**
 * Writes from a browser are accepted only from the site's own pages: a page on another origin
 * could otherwise post reports, proposals or contact messages in its visitors' names, from their networks,
 * past every per-network limit. Checked in onRequest, before the body is read; answered 403 with the JSON
 * error shape. Routes that other origins may call set `config.crossOriginWrites`.
 */
export default fp(
  async function sameOriginWrites(app: FastifyInstance, opts: { trustedOrigins: string[] }) {
    const trusted = new Set(opts.trustedOrigins.map((o) => o.toLowerCase()));
    // A callback hook, not an async one: every read passes it, and a promise per request would only add a turn.
    app.addHook('onRequest', (request, _reply, done) => {
      // Every unsafe method, whatever the path: only the API takes writes, and a raw path like /%61pi/contact
      // reaches the same route as /api/contact.
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.crossOriginWrites) return done();
      const problem = crossOriginProblem(request.headers, request.host, trusted);
      if (problem) {
        const field = typeof request.headers['sec-fetch-site'] === 'string' ? 'sec-fetch-site' : 'origin';
        return done(badInput(field, problem, 403, 'Cross-origin writes are not accepted'));
      }
      done();
    });
  },
  { name: 'same-origin-writes' },
);
