// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatClock, formatCurrency, formatDateTime, formatDay, warmFormatters } from './formatters';

/** Replaces Intl.NumberFormat with a wrapper that records the currency of every formatter built. */
function spyNumberFormats() {
  const built: string[] = [];
  const Original = Intl.NumberFormat;
  class RecordingNumberFormat extends Original {
    constructor(locales?: string | string[], options?: Intl.NumberFormatOptions) {
      super(locales, options);
      built.push(options?.currency ?? '');
    }
  }
  Intl.NumberFormat = RecordingNumberFormat as typeof Intl.NumberFormat;
  return { built, restore: () => (Intl.NumberFormat = Original) };
}

describe('cached Intl formatters', () => {
  const d = new Date('2026-08-21T14:05:09Z');
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

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

  it('build one number format per currency and reuse it', () => {
    const spy = spyNumberFormats();
    try {
      const first = formatCurrency(76.5, 'CHF');
      expect(formatCurrency(76.5, 'CHF')).toBe(first);
      formatCurrency(2, 'GBP');
      formatCurrency(3, 'GBP');
      expect(spy.built).toEqual(['CHF', 'GBP']);
      expect(formatCurrency(76.5, 'CHF')).not.toBe(formatCurrency(76.5, 'GBP'));
    } finally {
      spy.restore();
    }
  });

  it('follow the device into another time zone within ten seconds', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T06:00:00Z'));
    vi.stubEnv('TZ', 'Asia/Kolkata');
    const inIndia = formatClock(d);
    expect(inIndia).toBe(d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
    vi.stubEnv('TZ', 'Europe/Rome');
    vi.setSystemTime(new Date('2026-11-23T06:00:11Z'));
    const inItaly = formatClock(d);
    expect(inItaly).toBe(d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }));
    expect(inItaly).not.toBe(inIndia); // 19:35 in Kolkata, 16:05 in Rome
    expect(formatDateTime(d)).toBe(d.toLocaleString());
  });
});

describe('warmFormatters', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('builds the formatters in idle time, and a cancelled warm-up builds nothing', async () => {
    const idle: Array<() => void> = [];
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => cancelled.push(handle));
    const spy = spyNumberFormats();
    try {
      warmFormatters(['SEK'])();
      expect(cancelled).toEqual([1]);
      expect(spy.built).toEqual([]); // nothing before the browser is idle
      warmFormatters(['NOK', 'DKK']);
      idle[1]!();
      expect(spy.built).toEqual(['NOK', 'DKK']);
    } finally {
      spy.restore();
    }
  });

  it('falls back to a timer where the browser has no requestIdleCallback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const spy = spyNumberFormats();
    try {
      warmFormatters(['PLN'])();
      await new Promise((r) => setTimeout(r, 20));
      expect(spy.built).toEqual([]);
      warmFormatters(['CZK']);
      await new Promise((r) => setTimeout(r, 20));
      expect(spy.built).toEqual(['CZK']);
    } finally {
      spy.restore();
    }
  });
});
