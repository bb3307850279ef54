import { CONTACT_LIMITS } from '@cng/shared';
import { Type } from '@fastify/type-provider-typebox';

/** The honeypot: a field people never see; bots that fill every input fill it. */
export const HONEYPOT_FIELD = 'website';

export const ContactBodySchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: CONTACT_LIMITS.nameMax,
      description: 'Sender name (trimmed)',
    }),
    email: Type.String({
      format: 'email',
      minLength: 3,
      maxLength: CONTACT_LIMITS.emailMax,
      description: 'Sender e-mail address (trimmed)',
    }),
    message: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.messageMax, description: 'The message' }),
    [HONEYPOT_FIELD]: Type.Optional(
      Type.String({ maxLength: 500, description: 'Honeypot: leave empty (spam trap)' }),
    ),
  },
  { additionalProperties: false },
);

export const ContactCreatedSchema = Type.Object({
  id: Type.Integer({ description: 'Id of the stored message' }),
});
