import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Headers a script on another origin may read: caching and the rate-limit budget. */
const EXPOSED_HEADERS = [
  'ETag',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/** The app-wide policy: any origin may read (GET, HEAD); preflights for anything else are refused. */
const PUBLIC_READ: FastifyCorsOptions = {
  origin: '*',
  methods: ['GET', 'HEAD', 'OPTIONS'],
  exposedHeaders: EXPOSED_HEADERS,
  maxAge: 86_400,
};

/**
 * Route-level override (`config: { cors: CORS_ALLOW_POST }`, on the route and on its own OPTIONS route) for
 * a POST that only reads, like along-route: a query whose route is too large for a URL.
 */
export const CORS_ALLOW_POST: Partial<FastifyCorsOptions> = { methods: ['POST', 'OPTIONS'] };

/**
 * CORS, static so no request pays to work it out. The public station API may be called from any origin.
 * Writes — driver reports, official status, contact messages — stay same-origin: a browser asks before a
 * cross-origin JSON POST, and the preflight does not list POST, so a third-party page cannot post in a
 * visitor's name (and spend their rate budget); a text/plain "simple" POST fails validation anyway.
 */
export default fp(async function corsPolicy(app: FastifyInstance) {
  await app.register(cors, PUBLIC_READ);
});
