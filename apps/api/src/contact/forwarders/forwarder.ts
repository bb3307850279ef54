/** A stored contact message as the forwarders see it. */
export interface ForwardableMessage {
  id: number;
  name: string;
  email: string;
  message: string;
  /** ISO-8601 UTC. */
  receivedAt: string;
}

/**
 * What one forwarding attempt came to. `sent`: delivered; `transient`: no answer or a server error (retry);
 * `throttled`: the service asked us to slow down (retry later than usual); `rejected`: the service refused
 * this request (retry only a few times, in case an operator fixes the account, then give up).
 */
export type ForwardOutcome = 'sent' | 'transient' | 'throttled' | 'rejected';

export interface ForwardResult {
  outcome: ForwardOutcome;
  /** HTTP status (EmailJS), SMTP reply code (SMTP), or 0 when no answer came back. */
  status: number;
  /** What the answer meant, in the spec's catalogue words where it has them (section 8). */
  detail: string;
  /** The service's own Retry-After, in ms, when it sent one. */
  retryAfterMs?: number;
}

export interface Forwarder {
  name: 'emailjs' | 'smtp';
  /** One line for the start-up log (no secrets). */
  description: string;
  send(message: ForwardableMessage): Promise<ForwardResult>;
  close?(): void;
}

/**
 * The same text for every attempt to forward one stored message, so the receiver can drop duplicates (ADR
 * 0007: delivery is at least once). The receipt time keeps it unique across databases that reuse ids.
 */
export function deliveryId(message: Pick<ForwardableMessage, 'id' | 'receivedAt'>): string {
  const receivedMs = Date.parse(message.receivedAt);
  return `cng-contact-${message.id}-${Number.isNaN(receivedMs) ? 0 : receivedMs.toString(36)}`;
}
