import { t } from '../../i18n/i18n';
import { type ContactField, formatLimit } from './validate-contact';

/** The success toast; in English word for word from the spec (section 8). */
export const contactSent = (): string => t('contact.toast.sent');
/** Beyond the spec (which only logs failures): the person learns the message did not go. */
export const contactNotSent = (): string => t('contact.toast.notSent');
export const contactInvalid = (): string => t('contact.toast.invalid');

/** The 429 toast: how long to wait, in whole minutes, when the server said. */
export function contactRateLimited(retryAfterSec: number | null): string {
  if (!retryAfterSec || retryAfterSec <= 0) return t('contact.toast.rateLimited');
  return t('contact.toast.rateLimitedMinutes', { minutes: Math.ceil(retryAfterSec / 60) });
}

/**
 * What the form shows for a field the API refused. The API's `problem` is English (it is the API's contract), so
 * it is not shown as such: a known problem (a control character, at a position) gets its own message in the
 * page's language, anything else a message that names the field.
 */
export function serverFieldError(field: ContactField, problem: string): string {
  const position = /^must not contain .* at position (\d+)/.exec(problem)?.[1];
  return position
    ? t('contact.error.unsafe', { field, position: formatLimit(Number(position)) })
    : t('contact.error.rejected', { field });
}
