import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config/env';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A list of addresses goes as it is (proxy-addr checks each hop's
 * address). Fastify itself trusts no hop for a bare number, since it cannot tell the proxy from a client that
 * reached the server directly; a hop count is therefore the proxy-addr rule `hop < count`: the socket peer and
 * the next `count - 1` entries from the right are proxies, and the entry after them is the client. It is right
 * only where the port is reachable through the proxies alone (a platform router, a private network).
 */
export function trustProxyOption(value: TrustProxy): NonNullable<FastifyServerOptions['trustProxy']> {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}
