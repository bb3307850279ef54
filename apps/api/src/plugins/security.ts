import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The origin(s) a tile URL template loads from; `{s}` subdomains expand to a wildcard. */
export function tileOrigins(tileUrl: string): string[] {
  const u = new URL(tileUrl.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/g, '0'));
  const origin = `${u.protocol}//${u.host}`;
  return tileUrl.includes('{s}.') ? [`${u.protocol}//*.${u.host.split('.').slice(1).join('.')}`] : [origin];
}

/** Security headers on every response (CSP allowing only our own code and the map tiles) and compression. */
export default fp(async function security(app: FastifyInstance, opts: { tileUrl: string }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Leaflet positions tiles and markers with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...tileOrigins(opts.tileUrl)],
        'font-src': ["'self'"],
        // The service worker fetches (and caches) map tiles itself; a worker's fetch obeys connect-src.
        'connect-src': ["'self'", ...tileOrigins(opts.tileUrl)],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'object-src': ["'none'"],
      },
    },
    // Location is this product's whole point: allow it for our own origin only.
    permittedCrossDomainPolicies: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Permissions-Policy', 'geolocation=(self), camera=(), microphone=(), payment=()');
  });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
});
