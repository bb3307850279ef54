import { ApiErrorSchema } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refusedText } from '../lib/http-errors';
import { normaliseText, unsafeTextRefusal } from '../lib/unsafe-text';
import { storeContactMessage } from './contact-repository';
import { ContactBodySchema, ContactCreatedSchema, HONEYPOT_FIELD } from './contact-schema';

/** Attempts of any kind (a 400 included) per IP per hour, as a multiple of the accepted-message allowance. */
export const CONTACT_ATTEMPTS_PER_MESSAGE = 10;

/** `POST /api/contact`: validates, stores durably, answers 201 with the id only after the commit. */
const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A second, looser limit counted on arrival, before validation: a 400 stores nothing but still costs a
  // parse and a validation, so a script sending malformed bodies is stopped too. createRateLimit gives a
  // checker with its own store (the counts of the two limits never mix) that leaves the answer to us.
  const attempts = app.createRateLimit({
    max: app.config.CONTACT_RATE_LIMIT_PER_HOUR * CONTACT_ATTEMPTS_PER_MESSAGE,
    timeWindow: '1 hour',
  });
  const attemptLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await attempts(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    reply.header('retry-after', limit.ttlInSeconds);
    const minutes = Math.max(1, Math.ceil(limit.ttlInSeconds / 60));
    throw Object.assign(new Error(`Too many attempts from this address: try again in ${minutes} min`), {
      statusCode: 429,
    });
  };
  app.post(
    '/api/contact',
    {
      onRequest: attemptLimit,
      config: {
        idempotent: true,
        // A message whose answer was lost (a crash after the commit) is answered with its stored id.
        replayWrite: async (_request, id) => ({ statusCode: 201, body: { id } }),
        // Spam guard per IP. Counted in preHandler, after validation and the checks below: a 400 stores
        // nothing, so it must not use up a person's allowance while they fix a typo.
        rateLimit: { max: app.config.CONTACT_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour', hook: 'preHandler' },
      },
      // Normalise (NFKC, hidden zero-width characters out) and trim before validation, so "   " counts as
      // empty and the limits apply to what is stored.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null;
        if (!body || typeof body !== 'object') return;
        for (const key of ['name', 'email', 'message', HONEYPOT_FIELD]) {
          if (typeof body[key] === 'string') body[key] = normaliseText(body[key] as string).trim();
        }
      },
      // Runs before the rate limit's own preHandler (plugins append theirs after the route's).
      preHandler: async (request) => {
        const { name, email, message } = request.body;
        // Line breaks in a name or an address would end up in mail headers; the rest in no text at all.
        for (const [field, text, multiline] of [
          ['name', name, false],
          ['email', email, false],
          ['message', message, true],
        ] as const) {
          const refusal = unsafeTextRefusal(text, { multiline });
          if (refusal) throw refusedText(field, refusal);
        }
      },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team',
        description:
          'Stores the message, then answers 201. It is forwarded by e-mail afterwards, with retries, by the outbox.',
        body: ContactBodySchema,
        response: { 201: ContactCreatedSchema, 400: ApiErrorSchema, 429: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { name, email, message } = request.body;
      const spam = !!request.body[HONEYPOT_FIELD];
      const id = await storeContactMessage(
        app.db,
        { name, email, message, spam },
        new Date(),
        request.idempotencyClaim,
      );
      if (spam)
        request.log.info({ id }, 'contact message caught by the honeypot: stored as spam, not forwarded');
      return reply.code(201).send({ id });
    },
  );
};
export default contactRoutes;
