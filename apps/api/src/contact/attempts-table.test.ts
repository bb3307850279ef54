import { describe, expect, it } from 'vitest';
import { formatAttemptsTable } from './attempts-table';
import type { DeliveryAttempt } from './outbox-repository';

const attempt = (over: Partial<DeliveryAttempt>): DeliveryAttempt => ({
  id: 1,
  attemptedAt: '2026-03-01T08:00:00.000Z',
  forwarder: 'emailjs',
  status: 200,
  outcome: 'sent',
  detail: 'OK',
  durationMs: 120,
  ...over,
});

describe('attempts table', () => {
  it('prints one aligned line per attempt, without a duration for unfinished ones', () => {
    const text = formatAttemptsTable(7, [
      attempt({
        outcome: 'interrupted',
        status: 0,
        detail: 'Interrupted: may\nalready be sent',
        durationMs: 0,
      }),
      attempt({ id: 2, attemptedAt: '2026-03-01T08:02:30.000Z' }),
    ]);
    const lines = text.split('\n');
    expect(lines[0]).toBe('Message 7: 2 attempt(s)');
    expect(lines[1]).toMatch(/^#\s+started \(UTC\)\s+forwarder\s+status\s+outcome\s+ms\s+detail$/);
    expect(lines[3]).toMatch(
      /^1\s+2026-03-01 08:00:00\s+emailjs\s+0\s+interrupted\s+Interrupted: may already be sent$/,
    );
    expect(lines[4]).toMatch(/^2\s+2026-03-01 08:02:30\s+emailjs\s+200\s+sent\s+120\s+OK$/);
    // Columns line up: "sent" starts where "interrupted" does.
    expect(lines[4]!.indexOf('sent')).toBe(lines[3]!.indexOf('interrupted'));
  });

  it('says when a message has no attempts yet', () => {
    expect(formatAttemptsTable(3, [])).toBe('Message 3: no forwarding attempts yet.');
  });
});
