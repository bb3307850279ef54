import { describe, expect, it } from 'vitest';
import { formatClock, formatCurrency, formatDateTime, formatDay, warmFormatters } from './formatters';

describe('cached Intl formatters', () => {
  const d = new Date('2026-08-21T14:05:09Z');

  it('give what a fresh formatter or Date#toLocale… gives', () => {
    expect(formatCurrency(1.699, 'EUR')).toBe(
      new Intl.NumberFormat(undefined, {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 3,
      }).format(1.699),
    );
    expect(formatDay(d)).toBe(
      d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }),
    );
    expect(formatDay(d, { short: true })).toBe(
      d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' }),
    );
    expect(formatClock(d)).toBe(d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
    expect(formatDateTime(d)).toBe(d.toLocaleString());
  });

  it('keep one number format per currency', () => {
    expect(formatCurrency(76.5, 'INR')).toMatch(/76[.,]50/);
    expect(formatCurrency(1.65, 'EUR')).toMatch(/1[.,]65/);
    expect(formatCurrency(1.65, 'EUR')).not.toBe(formatCurrency(1.65, 'INR'));
    expect(formatCurrency(1.6, 'EUR')).toMatch(/1[.,]60/);
  });
});

describe('warmFormatters', () => {
  it('builds the formatters in idle time and can be cancelled', async () => {
    const built: string[] = [];
    const Original = Intl.NumberFormat;
    const spy = function (this: unknown, locales?: string | string[], options?: Intl.NumberFormatOptions) {
      built.push(options?.currency ?? '');
      return new Original(locales, options);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = spy;
    try {
      warmFormatters(['USD', 'JPY'])();
      await new Promise((r) => setTimeout(r, 20));
      expect(built).toEqual([]);
      warmFormatters(['USD', 'JPY']);
      await new Promise((r) => setTimeout(r, 50));
      expect(built).toEqual(['USD', 'JPY']);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
