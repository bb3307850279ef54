import { LOCALES } from '@cng/shared/locales';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from '../../i18n/i18n';
import { type ProposalOutcome, refusalText } from './proposals-api';

const refused = (status: number, message: string): Extract<ProposalOutcome, { kind: 'refused' }> => ({
  kind: 'refused',
  status,
  message,
  field: null,
});
const SERVER_REASONS = [
  refused(400, 'name must not contain control characters'),
  refused(404, 'id is not a known active station'),
  refused(429, 'Too many requests: try again in 42 s'),
];

afterEach(() => activateLocale('en'));

describe('why a proposal was refused', () => {
  it('English pages show the server’s own reason', () => {
    activateLocale('en');
    for (const r of SERVER_REASONS) expect(refusalText(r, true)).toBe(r.message);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s never shows the server’s English reason', async (locale) => {
    await loadMessages(['report'], locale);
    activateLocale(locale);
    const texts = SERVER_REASONS.map((r) => refusalText(r, false));
    for (const text of texts) {
      expect(text).not.toMatch(/report\.proposal/);
      if (locale !== 'it') expect(text).not.toMatch(/[A-Za-z]/);
      for (const r of SERVER_REASONS) expect(text).not.toContain(r.message);
    }
    // Too many, gone and bad input each say something different.
    expect(new Set(texts).size).toBe(3);
  });
});
