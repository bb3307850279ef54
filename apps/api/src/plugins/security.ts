import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The origin(s) a tile URL template loads from; `{s}` subdomains expand to a wildcard. */
export function tileOrigins(tileUrl: string): string[] {
  const u = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/g, '0'));
  const origin = `${u.protocol}//${u.host}`;
  return tileUrl.includes('{s}.') ? [`${u.protocol}//*.${u.host.split('.').slice(1).join('.')}`] : [origin];
}

/** Helmet's options: a CSP allowing only our own code and the map tiles, HSTS, a strict referrer policy. */
function helmetOptions(tileUrl: string): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Leaflet positions tiles and markers with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...tileOrigins(tileUrl)],
        'font-src': ["'self'"],
        // The service worker fetches (and caches) map tiles itself; a worker's fetch obeys connect-src.
        'connect-src': ["'self'", ...tileOrigins(tileUrl)],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
      },
    },
    permittedCrossDomainPolicies: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * Every security header, worked out once at start-up: helmet writes its headers onto a recording response.
 * Nothing here depends on the request (no nonces, no per-route policy), so each response gets the same set.
 * (@fastify/helmet rebuilt the middleware, CSP parsing included, on every request: in the HTTP benchmark
 * that halved the server's throughput, 10.3k against 21.8k requests/s on a route that does no work.)
 */
export function securityHeaders(tileUrl: string): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(tileUrl))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (err?: unknown) => {
      if (err) throw err;
    },
  );
  // Location is this product's whole point: allow it for our own origin only.
  headers['permissions-policy'] = 'geolocation=(self), camera=(), microphone=(), payment=()';
  return Object.freeze(headers);
}

/**
 * The headers of a JSON API answer (OWASP's REST set): nothing in it may run, frame or be sniffed as anything but
 * JSON, so the page policy (tile origins, scripts, COOP, permissions) has nothing to govern there. Derived from
 * the page set, so HSTS, the referrer policy and CORP stay the same everywhere; about half the bytes, on the
 * answers a driver's phone asks for most.
 */
export function apiSecurityHeaders(page: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const keep = [
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
  ];
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
  };
  for (const name of keep) if (page[name] !== undefined) headers[name] = page[name];
  return Object.freeze(headers);
}

/** How answers are compressed, for a client that accepts it: pages and files as @fastify/compress does by default. */
const COMPRESSION = {
  encodings: ['br', 'gzip', 'deflate'] as ('br' | 'gzip' | 'deflate')[],
  threshold: 1024,
};

/**
 * JSON API answers are made per request, so each is compressed anew: at the fastest levels. Brotli at quality 1
 * took 23 µs for a 2.6 KB nearest answer and 37 µs for a 20 KB one, against 69 and 159 µs at the default quality
 * 4 (several times the rest of the answer's work), for 8–15 % more bytes (1,969 against 1,714 for the 20 KB one).
 */
export const API_COMPRESSION = {
  ...COMPRESSION,
  brotliOptions: {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
    },
  },
  zlibOptions: { level: 1 },
  // In one call up to 64 KB (the library streams through the threadpool above 8 KB on two cores): a stream per
  // answer cost far more than compressing it (nearest, br: 265 µs of server CPU per answer in the HTTP bench).
  syncThreshold: 65_536,
};

/** Methods whose requests carry no body to decompress. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for an address the JSON API answers (not the HTML of the API's docs). */
const isApiRoute = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every response (set in onRequest, so errors and 404s carry them too; the few answers
 * Fastify makes before routing get them from frameworkErrors in app.ts) and compression. Routes of the JSON API
 * and unknown /api/ paths get the API set, everything else (pages, files, other unknown paths) the page set.
 */
export default fp(async function security(
  app: FastifyInstance,
  opts: { headers: Readonly<Record<string, string>> },
) {
  const { headers } = opts;
  const api = apiSecurityHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    // Judged by the address, so an unknown /api/ path (a JSON 404 with no route of its own) gets the API set too.
    reply.headers(isApiRoute(request.url) ? api : headers);
    done();
  });
  // Compressed request bodies are read only where a body can come (POST and the like): on every other route the
  // decompression hook would run for nothing on each request (a GET carries no body to inflate).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.decompress === undefined && methods.some((m) => !BODYLESS_METHODS.has(m)))
      route.decompress = {};
    if (route.compress === undefined && isApiRoute(route.url)) route.compress = API_COMPRESSION;
  });
  await app.register(compress, { global: true, globalDecompression: false, ...COMPRESSION });
});
