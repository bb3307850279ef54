import type { ListedMessage } from './contact-repository';
import { textTableLines } from './text-table';

/** Shortens `text` to `width` characters on one line, with an ellipsis when cut. */
function cell(text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > width ? `${chars.slice(0, width - 1).join('')}…` : line;
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

/** The terminal table of `npm run messages`: one line per message with its forwarding state. */
export function formatMessagesTable(messages: ListedMessage[], messageWidth = 40): string {
  if (!messages.length) return 'No contact messages.';
  const header = ['id', 'received (UTC)', 'state', 'tries', 'last', 'next / sent (UTC)', 'from', 'message'];
  const rows = messages.map((m) => [
    String(m.id),
    when(m.receivedAt),
    m.state,
    String(m.attempts),
    m.lastStatus === null ? '' : `${m.lastStatus}${m.lastError ? ` ${cell(m.lastError, 34)}` : ''}`,
    when(m.state === 'sent' ? m.sentAt : m.nextAttemptAt),
    cell(`${m.name} <${m.email}>`, 36),
    cell(m.message, messageWidth),
  ]);
  const counts = new Map<string, number>();
  for (const m of messages) counts.set(m.state, (counts.get(m.state) ?? 0) + 1);
  const summary = [...counts].map(([state, n]) => `${n} ${state}`).join(', ');
  return [...textTableLines(header, rows), '', `${messages.length} shown: ${summary}`].join('\n');
}
