import type { DeliveryAttempt } from './outbox-repository';
import { textTableLines } from './text-table';

const when = (iso: string) => iso.slice(0, 19).replace('T', ' ');

/** The terminal table of `npm run messages -- --attempts <id>`: one line per forwarding attempt. */
export function formatAttemptsTable(messageId: number, attempts: DeliveryAttempt[]): string {
  if (!attempts.length) return `Message ${messageId}: no forwarding attempts yet.`;
  const header = ['#', 'started (UTC)', 'forwarder', 'status', 'outcome', 'ms', 'detail'];
  const rows = attempts.map((a, i) => [
    String(i + 1),
    when(a.attemptedAt),
    a.forwarder,
    String(a.status),
    a.outcome,
    a.outcome === 'started' || a.outcome === 'interrupted' ? '' : String(a.durationMs),
    a.detail.replace(/\s+/g, ' ').trim(),
  ]);
  return [`Message ${messageId}: ${attempts.length} attempt(s)`, ...textTableLines(header, rows)].join('\n');
}
