import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * True when an Authorization header carries `Bearer <token>`: the one rule of every token-guarded route
 * (admin, operator). The scheme is case-insensitive (RFC 9110 §11.1); digests of equal length are compared
 * in constant time, so the timing says nothing about the token's content or length.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (!given || !token) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}
