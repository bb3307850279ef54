import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badInput } from './http-errors';

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

/**
 * An onRequest hook that lets only `Authorization: Bearer <token>` through: 401 with details and
 * `WWW-Authenticate` otherwise, before the request is parsed any further (strangers learn nothing from 400s).
 */
export function requireBearer(token: string, realm: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (bearerMatches(request.headers.authorization, token)) return;
    reply.header('WWW-Authenticate', `Bearer realm="${realm}"`);
    throw badInput(
      'authorization',
      `must be Bearer <${realm} token>`,
      401,
      `A valid ${realm} bearer token is required`,
    );
  };
}
