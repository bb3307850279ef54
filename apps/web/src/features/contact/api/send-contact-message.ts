import { apiRequest } from '../../../lib/api-client';
import { serverFieldError } from '../contact-messages';
import type { ContactErrors, ContactField, ContactValues } from '../validate-contact';

export type SendContactResult =
  | { kind: 'sent'; id: number }
  | { kind: 'invalid'; errors: ContactErrors }
  | { kind: 'rate-limited'; retryAfterSec: number | null }
  | { kind: 'failed' };

const FIELDS: ContactField[] = ['name', 'email', 'message'];

/**
 * Posts the message to our API (which stores it before answering); never throws. Field problems the API
 * reports come back as messages in the page's language.
 */
export async function sendContactMessage(
  values: ContactValues & { website: string },
  timeoutMs = 20_000,
): Promise<SendContactResult> {
  const res = await apiRequest<{ id?: number } | null>('/api/contact', {
    method: 'POST',
    json: {
      name: values.name.trim(),
      email: values.email.trim(),
      message: values.message.trim(),
      ...(values.website ? { website: values.website } : {}),
    },
    timeoutMs,
  });
  if (res.ok) {
    const id = res.status === 201 ? res.body?.id : undefined;
    return typeof id === 'number' ? { kind: 'sent', id } : { kind: 'failed' };
  }
  const { status, headers, body } = res.failure;
  if (status === 429) {
    const retryAfter = Number(headers?.get('retry-after'));
    return {
      kind: 'rate-limited',
      retryAfterSec: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    };
  }
  if (status === 400) {
    const errors: ContactErrors = {};
    for (const d of body?.details ?? []) {
      if (FIELDS.includes(d.field as ContactField))
        errors[d.field as ContactField] = serverFieldError(d.field as ContactField, d.problem);
    }
    if (Object.keys(errors).length) return { kind: 'invalid', errors };
  }
  return { kind: 'failed' };
}
