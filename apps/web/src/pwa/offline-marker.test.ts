import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from '../i18n/i18n';
import { clockHhMm, dataTimeText } from './offline-marker';

describe('dataTimeText', () => {
  const now = new Date(2026, 10, 23, 9, 30).getTime();
  beforeAll(() => {
    activateLocale('en');
    return loadMessages(['common']);
  });

  it('is just HH:MM for data from today', () => {
    const ms = new Date(2026, 10, 23, 6, 5).getTime();
    expect(dataTimeText(ms, now)).toBe('06:05');
    expect(clockHhMm(ms)).toBe('06:05');
  });

  it('adds the day for older data, so it never reads as from this morning', () => {
    expect(dataTimeText(new Date(2026, 10, 21, 14, 5).getTime(), now)).toBe('14:05 on 21 Nov');
  });

  describe('in other languages', () => {
    beforeAll(() => loadMessages(['common'], 'mr').then(() => loadMessages(['common'], 'it')));
    afterAll(() => activateLocale('en'));

    it('writes the time in the page’s own digits (Marathi: Devanagari)', () => {
      activateLocale('mr');
      expect(clockHhMm(new Date(2026, 10, 23, 6, 5).getTime())).toBe('०६:०५');
    });

    it('names the day and month in the page’s language (Italian)', () => {
      activateLocale('it');
      expect(dataTimeText(new Date(2026, 10, 21, 14, 5).getTime(), now)).toBe('14:05 del 21 nov');
    });
  });
});
