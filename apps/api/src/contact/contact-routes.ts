import { ApiErrorSchema } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badInput } from '../lib/http-errors';
import { storeContactMessage } from './contact-repository';
import { ContactBodySchema, ContactCreatedSchema, HONEYPOT_FIELD } from './contact-schema';

/** True when `text` holds a line break or another control character (they would end up in mail headers). */
function hasControlChars(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** `POST /api/contact`: validates, stores durably, answers 201 with the id only after the commit. */
const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/contact',
    {
      config: {
        // Spam guard per IP, on top of the global API limit.
        rateLimit: { max: app.config.CONTACT_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' },
      },
      // Trim before validation, so "   " counts as empty and limits apply to what is stored.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null;
        if (!body || typeof body !== 'object') return;
        for (const key of ['name', 'email', 'message', HONEYPOT_FIELD]) {
          if (typeof body[key] === 'string') body[key] = (body[key] as string).trim();
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
      if (hasControlChars(name)) throw badInput('name', 'must not contain line breaks or control characters');
      if (hasControlChars(email))
        throw badInput('email', 'must not contain line breaks or control characters');
      const spam = !!request.body[HONEYPOT_FIELD];
      const id = await storeContactMessage(app.db, { name, email, message, spam });
      if (spam)
        request.log.info({ id }, 'contact message caught by the honeypot: stored as spam, not forwarded');
      return reply.code(201).send({ id });
    },
  );
};
export default contactRoutes;
