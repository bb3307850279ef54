import { randomBytes, randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Name of the signed cookie that carries the anonymous device id. */
export const DEVICE_COOKIE = 'cng_device';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// Browsers cap cookie lifetimes at 400 days.
const MAX_AGE_SEC = 400 * 24 * 3600;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler hook: sets request.deviceId from the signed cookie, issuing a new id when missing or forged. */
    requireDeviceId(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Anonymous device id (random UUID); set only on routes that use `app.requireDeviceId`. */
    deviceId: string;
  }
}

/**
 * Anonymous but accountable reporters: a random device id in a signed, HttpOnly, SameSite=Lax cookie
 * (Secure in production). No sign-in; the signature stops a client from choosing someone else's id,
 * so per-device limits hold for anyone who keeps the cookie (per-IP limits cover those who drop it).
 */
export default fp(
  async function deviceId(app: FastifyInstance) {
    let secret = app.config.COOKIE_SECRET;
    if (!secret) {
      // loadConfig already refuses production without a secret; elsewhere a per-process one is fine.
      secret = randomBytes(32).toString('hex');
      app.log.warn(
        'COOKIE_SECRET is unset: device cookies are signed with a random per-process secret and will not ' +
          'survive a restart or work across instances. Set COOKIE_SECRET (32+ characters).',
      );
    }
    // @fastify/cookie only for its parser, signer and serialiser, registered in a context of its own: with no
    // hook it still adds an onSend hook to every route of the context it is in, which every answer of the whole
    // API (every station read) then ran for nothing. The cookie is parsed, checked and set only here, on the
    // routes that need the device id.
    let cookies: Pick<FastifyInstance, 'parseCookie' | 'signCookie' | 'unsignCookie'> | undefined;
    await app.register(async (scope) => {
      await scope.register(cookie, { secret, hook: false });
      cookies = scope;
    });
    const { parseCookie, signCookie, unsignCookie } = cookies!;
    app.decorateRequest('deviceId', '');

    const secure = app.config.NODE_ENV === 'production';
    app.decorate('requireDeviceId', async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.cookie;
      const raw = header ? parseCookie(header)[DEVICE_COOKIE] : undefined;
      if (raw) {
        const unsigned = unsignCookie(raw);
        if (unsigned.valid && unsigned.value && UUID.test(unsigned.value)) {
          request.deviceId = unsigned.value;
          return;
        }
      }
      request.deviceId = randomUUID();
      reply.header(
        'set-cookie',
        cookie.serialize(DEVICE_COOKIE, signCookie(request.deviceId), {
          httpOnly: true,
          sameSite: 'lax',
          secure,
          path: '/api',
          maxAge: MAX_AGE_SEC,
        }),
      );
    });
  },
  { name: 'device-id' },
);
