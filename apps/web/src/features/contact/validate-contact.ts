import { CONTACT_LIMITS } from '@cng/shared';

/** The limits the API enforces too (packages/shared/src/contact.ts). */
export { CONTACT_LIMITS };

export type ContactField = 'name' | 'email' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

// The same rule as the API's "email" format (ajv-formats): local part, @, a domain with at least one dot.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Length in characters as the API counts them (code points, so an emoji counts once). */
const length = (text: string) => [...text].length;

/** Checks the trimmed values; returns a message per invalid field (empty object = valid). */
export function validateContact(values: ContactValues): ContactErrors {
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  const errors: ContactErrors = {};
  if (!name) errors.name = 'Please enter your name.';
  else if (length(name) > CONTACT_LIMITS.nameMax)
    errors.name = `Your name can be at most ${CONTACT_LIMITS.nameMax} characters long.`;
  if (!email) errors.email = 'Please enter your e-mail address.';
  else if (length(email) > CONTACT_LIMITS.emailMax)
    errors.email = `Your e-mail address can be at most ${CONTACT_LIMITS.emailMax} characters long.`;
  else if (!EMAIL.test(email)) errors.email = 'Please enter a valid e-mail address, like name@example.com.';
  if (!message) errors.message = 'Please write your message.';
  else if (length(message) > CONTACT_LIMITS.messageMax)
    errors.message = `Your message can be at most ${CONTACT_LIMITS.messageMax} characters long (it has ${length(message)}).`;
  return errors;
}
