import { describe, expect, it } from 'vitest';
import { explanationAt, formatAgo, UNKNOWN_STATUS } from './status-words';

describe('formatAgo', () => {
  it('says "just now" under a minute, then minutes, then hours and minutes', () => {
    expect(formatAgo(59_999)).toBe('just now');
    expect(formatAgo(-5_000)).toBe('just now');
    expect(formatAgo(8 * 60_000)).toBe('8 min ago');
    expect(formatAgo(65 * 60_000)).toBe('1 h 05 min ago');
  });
});

describe('explanationAt', () => {
  const base = { ...UNKNOWN_STATUS, status: 'available' as const, explanation: '2 drivers, latest just now' };
  it('fills the age into the template, counted to the given time', () => {
    const s = {
      ...base,
      explanationTemplate: '2 drivers, latest {ago}',
      agoFrom: '2026-09-01T12:00:00.000Z',
    };
    expect(explanationAt(s, Date.parse('2026-09-01T12:08:30Z'))).toBe('2 drivers, latest 8 min ago');
  });
  it('falls back to the server sentence without a template or with a broken time', () => {
    expect(explanationAt(base, Date.now())).toBe('2 drivers, latest just now');
    const broken = { ...base, explanationTemplate: 'x {ago}', agoFrom: 'not a date' };
    expect(explanationAt(broken, Date.now())).toBe('2 drivers, latest just now');
  });
});
