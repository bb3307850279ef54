import { STATUS_CODES } from 'node:http';
import {
  deliveryId,
  type ForwardableMessage,
  type Forwarder,
  type ForwardOutcome,
  type ForwardResult,
} from './forwarder';

/** The EmailJS client library version the product speaks (spec section 9). */
export const EMAILJS_LIB_VERSION = '4.3.3';

/** The spec's catalogue of e-mail service answers (section 8); 0 = no answer at all. */
export const EMAIL_SERVICE_MESSAGES: Readonly<Record<number, string | undefined>> = {
  451: 'Unavailable For Headless Browser',
  403: 'Forbidden',
  429: 'Too Many Requests',
  0: 'Network Error',
};

export interface EmailJsSettings {
  apiUrl: string;
  publicKey: string;
  serviceId: string;
  templateId: string;
  /** Private key, sent as accessToken; EmailJS needs it for calls that do not come from a browser. */
  privateKey: string;
  /** Give up waiting for an answer after this long (ms); counts as "no answer". */
  timeoutMs?: number;
}

/** The start-up check of the EmailJS settings, with the library's own messages (spec section 5). */
export function emailJsSettingsProblems(settings: Omit<EmailJsSettings, 'apiUrl' | 'privateKey'>): string[] {
  const problems: string[] = [];
  if (!settings.publicKey) problems.push('The public key is required');
  if (!settings.serviceId) problems.push('The service ID is required');
  if (!settings.templateId) problems.push('The template ID is required');
  return problems;
}

/** The JSON body of `POST /api/v1.0/email/send`; template params must be a plain object (spec section 5). */
export function emailJsPayload(settings: EmailJsSettings, templateParams: Record<string, unknown>) {
  if (Object.prototype.toString.call(templateParams) !== '[object Object]') {
    throw new TypeError('The template params have to be the object');
  }
  return {
    lib_version: EMAILJS_LIB_VERSION,
    user_id: settings.publicKey,
    service_id: settings.serviceId,
    template_id: settings.templateId,
    template_params: templateParams,
    ...(settings.privateKey ? { accessToken: settings.privateKey } : {}),
  };
}

function outcomeOf(status: number): ForwardOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 429) return 'throttled';
  if (status >= 400 && status < 500 && status !== 408) return 'rejected';
  return 'transient';
}

/** Retry-After as ms: either delta-seconds or an HTTP date. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Forwards contact messages through the EmailJS REST API. */
export function createEmailJsForwarder(settings: EmailJsSettings): Forwarder {
  const problems = emailJsSettingsProblems(settings);
  if (problems.length) throw new Error(problems.join('; '));
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/api/v1.0/email/send`;
  return {
    name: 'emailjs',
    description: `EmailJS (${url}, service ${settings.serviceId}, template ${settings.templateId})`,
    async send(message: ForwardableMessage): Promise<ForwardResult> {
      const body = emailJsPayload(settings, {
        name: message.name,
        email: message.email,
        message: message.message,
        // The same on every retry: a template can show it (e.g. in the subject) so duplicates stand out.
        message_id: deliveryId(message),
      });
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
        });
        text = await res.text();
      } catch {
        // Refused, reset, dropped or timed out: the browser library reports all of these as status 0.
        return { outcome: 'transient', status: 0, detail: 'Network Error' };
      }
      const detail =
        EMAIL_SERVICE_MESSAGES[res.status] ??
        (text.trim().slice(0, 300) || STATUS_CODES[res.status] || 'Error');
      return {
        outcome: outcomeOf(res.status),
        status: res.status,
        detail,
        retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
      };
    },
  };
}
