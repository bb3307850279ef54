import { describe, expect, it } from 'vitest';
import type { ListedMessage } from './contact-repository';
import { formatMessagesTable } from './messages-table';

const base: ListedMessage = {
  id: 1,
  name: 'Asha',
  email: 'asha@example.in',
  message: 'Is the Adyar station\nopen at night?',
  receivedAt: '2026-03-01T08:00:00.000Z',
  state: 'pending',
  attempts: 0,
  nextAttemptAt: '2026-03-01T08:00:00.000Z',
  sentAt: null,
  lastStatus: null,
  lastError: null,
};

describe('npm run messages table', () => {
  it('shows one aligned line per message with state, tries, last answer and a summary', () => {
    const out = formatMessagesTable([
      { ...base, id: 12, state: 'sent', attempts: 2, lastStatus: 200, sentAt: '2026-03-01T08:05:00.000Z' },
      {
        ...base,
        id: 3,
        state: 'failed',
        attempts: 3,
        lastStatus: 451,
        lastError: 'Unavailable For Headless Browser',
      },
      { ...base, id: 4, message: 'x'.repeat(100) },
    ]);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^id\s+received \(UTC\)\s+state\s+tries\s+last/);
    expect(lines[2]).toMatch(
      /^12\s+2026-03-01 08:00\s+sent\s+2\s+200\s+2026-03-01 08:05\s+Asha <asha@example.in>/,
    );
    expect(lines[3]).toContain('451 Unavailable For Headless Browser');
    // Line breaks in a message never break the table; long messages are cut.
    expect(lines[2]).toContain('Is the Adyar station open at night?');
    expect(lines[4]).toContain(`${'x'.repeat(39)}…`);
    // Columns line up: "state" starts at the same offset on every row.
    const at = lines[0]?.indexOf('state');
    for (const row of lines.slice(2, 5)) expect(row.slice(at).match(/^(sent|failed|pending)/)).not.toBeNull();
    expect(lines.at(-1)).toBe('3 shown: 1 sent, 1 failed, 1 pending');
  });

  it('says so when there is nothing to show', () => {
    expect(formatMessagesTable([])).toBe('No contact messages.');
  });
});
