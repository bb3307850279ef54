import type { ContactErrors, ContactField, ContactValues } from '../validate-contact';

export type SendContactResult =
  | { kind: 'sent'; id: number }
  | { kind: 'invalid'; errors: ContactErrors }
  | { kind: 'rate-limited'; retryAfterSec: number | null }
  | { kind: 'failed' };

const FIELDS: ContactField[] = ['name', 'email', 'message'];

/** Posts the message to our API (which stores it before answering); never throws. */
export async function sendContactMessage(
  values: ContactValues & { website: string },
  timeoutMs = 20_000,
): Promise<SendContactResult> {
  let res: Response;
  try {
    res = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
        ...(values.website ? { website: values.website } : {}),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { kind: 'failed' };
  }
  if (res.status === 201) {
    const body = (await res.json().catch(() => null)) as { id?: number } | null;
    return typeof body?.id === 'number' ? { kind: 'sent', id: body.id } : { kind: 'failed' };
  }
  if (res.status === 429) {
    const retryAfter = Number(res.headers.get('retry-after'));
    return {
      kind: 'rate-limited',
      retryAfterSec: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    };
  }
  if (res.status === 400) {
    const body = (await res.json().catch(() => null)) as {
      details?: { field: string; problem: string }[];
    } | null;
    const errors: ContactErrors = {};
    for (const d of body?.details ?? []) {
      if (FIELDS.includes(d.field as ContactField))
        errors[d.field as ContactField] = `Please check this field: it ${d.problem}.`;
    }
    if (Object.keys(errors).length) return { kind: 'invalid', errors };
  }
  return { kind: 'failed' };
}
