import { CONTACT_LIMITS } from '@cng/shared/client';
import { t } from '../../i18n/i18n';
import { formatCount } from '../../lib/formatters';

/** The limits the API enforces too (packages/shared/src/contact-limits.ts). */
export { CONTACT_LIMITS };

export type ContactField = 'name' | 'email' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

// The same rule as the API's "email" format (ajv-formats): local part, @, a domain with at least one dot.
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** Length in characters as the API counts them (code points, so an emoji counts once). */
const length = (text: string) => [...text].length;

/** A character count in the page's digits, ungrouped as in "5000 characters" (५००० in Marathi). */
/** A count or limit as the form shows it: the page's digits, never grouped ("5000"). */
export const formatLimit = (n: number): string => formatCount(n, { useGrouping: false });

/** Checks the trimmed values; returns a message (in the page's language) per invalid field (empty = valid). */
export function validateContact(values: ContactValues): ContactErrors {
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  const errors: ContactErrors = {};
  if (!name) errors.name = t('contact.error.nameEmpty');
  else if (length(name) > CONTACT_LIMITS.nameMax)
    errors.name = t('contact.error.nameTooLong', { max: formatLimit(CONTACT_LIMITS.nameMax) });
  if (!email) errors.email = t('contact.error.emailEmpty');
  else if (length(email) > CONTACT_LIMITS.emailMax)
    errors.email = t('contact.error.emailTooLong', { max: formatLimit(CONTACT_LIMITS.emailMax) });
  else if (!EMAIL.test(email)) errors.email = t('contact.error.emailInvalid');
  if (!message) errors.message = t('contact.error.messageEmpty');
  else if (length(message) > CONTACT_LIMITS.messageMax)
    errors.message = t('contact.error.messageTooLong', {
      max: formatLimit(CONTACT_LIMITS.messageMax),
      length: formatLimit(length(message)),
    });
  return errors;
}
