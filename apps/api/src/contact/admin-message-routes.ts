import { ApiErrorSchema } from '@cng/shared';
import { type FastifyPluginAsyncTypebox, Type } from '@fastify/type-provider-typebox';
import { MAX_INTEGER_ID } from '../db/dialect';
import { requireBearer } from '../lib/bearer-token';
import { badInput } from '../lib/http-errors';
import { listContactMessages } from './contact-repository';
import { listDeliveryAttempts } from './outbox-repository';

const StateSchema = Type.Union([
  Type.Literal('spam'),
  Type.Literal('pending'),
  Type.Literal('sending'),
  Type.Literal('sent'),
  Type.Literal('failed'),
]);

const MessageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  message: Type.String(),
  receivedAt: Type.String({ description: 'ISO-8601 UTC' }),
  state: StateSchema,
  attempts: Type.Integer(),
  nextAttemptAt: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.Union([Type.String(), Type.Null()]),
  lastStatus: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP/SMTP status; 0 = no answer' }),
  lastError: Type.Union([Type.String(), Type.Null()]),
});

const AttemptSchema = Type.Object({
  id: Type.Integer(),
  attemptedAt: Type.String({ description: 'ISO-8601 UTC, when the attempt started' }),
  forwarder: Type.String({ description: 'emailjs or smtp' }),
  status: Type.Integer({ description: 'HTTP/SMTP status; 0 = no answer (or none recorded)' }),
  outcome: Type.Union(
    [
      Type.Literal('started'),
      Type.Literal('interrupted'),
      Type.Literal('sent'),
      Type.Literal('retry'),
      Type.Literal('failed'),
    ],
    {
      description:
        'started: in flight now; interrupted: the server stopped during it (the message may have been ' +
        'sent); sent; retry: failed, tried again later; failed: given up',
    },
  ),
  detail: Type.String(),
  durationMs: Type.Integer(),
});

/** Admin API behind `Authorization: Bearer <ADMIN_TOKEN>`; not registered at all when ADMIN_TOKEN is unset. */
const adminMessagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const token = app.config.ADMIN_TOKEN;
  if (!token) return;
  const requireAdmin = requireBearer(token, 'admin');
  app.get(
    '/api/admin/messages',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'Contact messages with their forwarding state (admin)',
        security: [{ bearerAuth: [] }],
        querystring: Type.Object(
          {
            state: Type.Optional(StateSchema),
            limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
            offset: Type.Integer({ minimum: 0, maximum: MAX_INTEGER_ID, default: 0 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ messages: Type.Array(MessageSchema) }), 401: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { messages: await listContactMessages(app.db, request.query) };
    },
  );
  app.get(
    '/api/admin/messages/:id/attempts',
    {
      onRequest: requireAdmin,
      schema: {
        tags: ['contact'],
        summary: 'Every attempt to forward one contact message, oldest first (admin)',
        security: [{ bearerAuth: [] }],
        params: Type.Object({
          id: Type.Integer({ minimum: 1, maximum: MAX_INTEGER_ID, description: 'Message id' }),
        }),
        response: {
          200: Type.Object({ messageId: Type.Integer(), attempts: Type.Array(AttemptSchema) }),
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const attempts = await listDeliveryAttempts(app.db, id);
      if (!attempts) throw badInput('id', 'is not a stored message', 404, `No contact message ${id}`);
      reply.header('Cache-Control', 'no-store');
      return { messageId: id, attempts };
    },
  );
};
export default adminMessagesRoutes;
