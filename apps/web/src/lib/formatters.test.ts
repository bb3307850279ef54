// @vitest-environment node
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, intlLocale, loadMessages } from '../i18n/i18n';
import { formatDistance } from './format';
import {
  formatClock,
  formatCurrency,
  formatDateTime,
  formatDay,
  formatDuration,
  formatInteger,
  formatMetres,
  warmFormatters,
} from './formatters';

/** A distance in the page's language, as components get it through useFormat. */
const formatDistanceKm = (km: number) => formatDistance(km, intlLocale());

/** The page's language with the finder's messages (the formatters' units are finder messages). */
async function useFinderMessages(locale: 'en' | 'hi' | 'mr' | 'bn' | 'it' = 'en') {
  await loadMessages(['finder'], locale);
  activateLocale(locale);
}

beforeAll(() => useFinderMessages());

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

  it("give what a fresh formatter or Date#toLocale… gives in the page's language", () => {
    expect(formatCurrency(1.699, 'EUR')).toBe(
      new Intl.NumberFormat(intlLocale(), {
        style: 'currency',
        currency: 'EUR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 3,
      }).format(1.699),
    );
    expect(formatDay(d)).toBe(
      d.toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short', year: 'numeric' }),
    );
    expect(formatDay(d, { short: true })).toBe(
      d.toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short' }),
    );
    expect(formatClock(d)).toBe(d.toLocaleTimeString(intlLocale(), { hour: '2-digit', minute: '2-digit' }));
    expect(formatDateTime(d)).toBe(d.toLocaleString(intlLocale()));
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
    expect(inIndia).toBe(d.toLocaleTimeString(intlLocale(), { hour: '2-digit', minute: '2-digit' }));
    vi.stubEnv('TZ', 'Europe/Rome');
    vi.setSystemTime(new Date('2026-11-23T06:00:11Z'));
    const inItaly = formatClock(d);
    expect(inItaly).toBe(d.toLocaleTimeString(intlLocale(), { hour: '2-digit', minute: '2-digit' }));
    expect(inItaly).not.toBe(inIndia); // 19:35 in Kolkata, 16:05 in Rome
    expect(formatDateTime(d)).toBe(d.toLocaleString(intlLocale()));
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

  it('falls back to a timer where the browser has no requestIdleCallback', () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    const spy = spyNumberFormats();
    try {
      warmFormatters(['PLN'])();
      vi.runAllTimers();
      expect(spy.built).toEqual([]);
      warmFormatters(['CZK']);
      expect(spy.built).toEqual([]);
      vi.runAllTimers();
      expect(spy.built).toEqual(['CZK']);
    } finally {
      spy.restore();
      vi.useRealTimers();
    }
  });
});

describe("formatters in the page's language", () => {
  afterEach(() => useFinderMessages('en'));

  it('keep the English text the finder always showed (en-IN)', async () => {
    await useFinderMessages('en');
    expect(intlLocale()).toBe('en-IN');
    expect([0, 0.85, 3.44, 250.4, 0.9994, 0.9997, 99.94, 99.96, 1250].map(formatDistanceKm)).toEqual([
      '0 m',
      '850 m',
      '3.4 km',
      '250 km',
      '999 m',
      '1.0 km',
      '99.9 km',
      '100 km',
      '1250 km',
    ]);
    expect(formatMetres(120.4)).toBe('120 m');
    expect([4, 0, 65, 125.4].map(formatDuration)).toEqual(['4 min', '0 min', '1 h 05 min', '2 h 05 min']);
    expect(formatCurrency(76.5, 'INR')).toBe('₹76.50');
  });

  it('group lakhs and crores in Hindi', async () => {
    await useFinderMessages('hi');
    expect(formatInteger(1234567)).toBe('12,34,567');
    expect(formatCurrency(123456.5, 'INR')).toBe('₹1,23,456.50');
  });

  it('write Marathi and Bengali in their own digits', async () => {
    await useFinderMessages('mr');
    expect(formatDistanceKm(3.44)).toMatch(/^३\.४ /);
    expect(formatDistanceKm(0.85)).toMatch(/^८५० /);
    expect(formatCurrency(76.5, 'INR')).toContain('७६.५०');
    expect(formatDuration(65)).toMatch(/^१ .*०५/);
    await useFinderMessages('bn');
    expect(formatDistanceKm(12.34)).toMatch(/^১২\.৩ /);
    expect(formatInteger(1234567)).toBe('১২,৩৪,৫৬৭');
    expect(formatDay(new Date('2026-08-21T12:00:00Z'))).toContain('২০২৬');
  });

  it('use the Italian decimal comma', async () => {
    await useFinderMessages('it');
    expect(formatDistanceKm(3.44)).toBe('3,4 km');
    expect(formatCurrency(1.699, 'EUR')).toBe('1,699\u00a0€');
  });
});
