import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import { deliveryId, type ForwardableMessage, type Forwarder, type ForwardResult } from './forwarder';

export interface SmtpSettings {
  /** smtp[s]://user:pass@host:port */
  url: string;
  to: string;
  /** Defaults to `to`. */
  from?: string;
}

/** The host part of an SMTP URL, for logs (never the credentials). */
function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return '(invalid SMTP_URL)';
  }
}

/** Forwards contact messages by e-mail through an SMTP server (nodemailer); replies go to the sender. */
export function createSmtpForwarder(settings: SmtpSettings): Forwarder {
  if (!settings.to) throw new Error('MAIL_TO is required when SMTP_URL is set');
  // Bounded waits (nodemailer's defaults run to minutes): one send must finish well inside the outbox lease.
  // Loaded only when SMTP is configured: a server that forwards by EmailJS, or not at all, never loads it.
  const mailer = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
  const transport = mailer.createTransport({
    url: settings.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const from = settings.from || settings.to;
  const domain = /@([^\s@>]+)>?\s*$/.exec(from)?.[1] ?? 'cng-navigator.invalid';
  return {
    name: 'smtp',
    description: `SMTP (${hostOf(settings.url)} → ${settings.to})`,
    async send(message: ForwardableMessage): Promise<ForwardResult> {
      try {
        const info = await transport.sendMail({
          from,
          to: settings.to,
          replyTo: { name: message.name, address: message.email },
          subject: `Contact message #${message.id} from ${message.name}`,
          // Deterministic: a retry of a message that may already have arrived carries the same Message-ID,
          // and mail clients and servers that de-duplicate by Message-ID show it once.
          messageId: `<${deliveryId(message)}@${domain}>`,
          text: `${message.message}\n\n— ${message.name} <${message.email}>, received ${message.receivedAt}`,
        });
        const code = Number(/^(\d{3})/.exec(info.response ?? '')?.[1] ?? 250);
        return { outcome: 'sent', status: code, detail: info.response ?? 'OK' };
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string };
        // No SMTP reply at all (refused, dropped, timed out) is the same "no answer" as HTTP status 0.
        if (!e.responseCode) return { outcome: 'transient', status: 0, detail: 'Network Error' };
        const detail = (e.response ?? e.message ?? 'SMTP error').slice(0, 300);
        // SMTP 4xx replies are temporary by definition; 5xx are permanent refusals.
        const outcome = e.responseCode >= 500 ? 'rejected' : 'transient';
        return { outcome, status: e.responseCode, detail };
      }
    },
    close() {
      transport.close();
    },
  };
}
