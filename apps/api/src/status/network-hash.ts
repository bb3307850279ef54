import { createHmac, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a request comes from: an IPv4 address as it is, an IPv6 address cut to its /64 (one phone or
 * one home line usually owns a whole /64 and can pick any address in it), an IPv4-mapped IPv6 address as
 * IPv4. Returns null for anything that is not an IP address.
 */
export function networkOf(ip: string): string | null {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return null;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (a:b::1.2.3.4) lies in the last 32 bits, outside the /64: it never matters here.
  const missing = 8 - left.length - right.length;
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, missing)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * Keyed hashes of networks, for abuse limits without storing addresses: HMAC-SHA-256 with a key derived from
 * the cookie secret (a random per-process key without one), so the stored value cannot be looked up in a
 * table of all IPv4 hashes by anyone who has only the database.
 */
export function createNetworkHasher(cookieSecret: string): (ip: string) => string | null {
  const key = cookieSecret
    ? createHmac('sha256', cookieSecret).update('station-report-network').digest()
    : randomBytes(32);
  return (ip) => {
    const network = networkOf(ip);
    return network ? createHmac('sha256', key).update(network).digest('base64url').slice(0, 32) : null;
  };
}
