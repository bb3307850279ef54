import { intlLocale, t } from '../i18n/i18n';
import { unitFormat } from './format';

/**
 * Intl formatters in the page's language (`intlLocale()`: 'hi-IN', 'en-IN'…, so Hindi gets lakh grouping and
 * Marathi and Bengali their own digits), built once and reused. The first NumberFormat of a page loads the
 * browser's number data (16-95 ms in headless Chromium on these machines), and every new formatter looks up
 * locale data again. The locale is fixed for the page's life (formats are still keyed by it, for tests); the
 * time zone is not (date formats are rebuilt when it changes).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale();
  const cacheKey = `${locale}|${key}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(cacheKey, format);
  }
  return format;
}

/** "€1.699" style amounts: at least 2 and at most 3 decimals, as fuel prices are published. */
export function formatCurrency(amount: number, currency: string): string {
  return numberFormat(`currency:${currency}`, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  }).format(amount);
}

/** A whole number in the page's language ("1,23,456" in Hindi, "১২" in Bengali). */
/** A number in the page's language with the given Intl options (formats cached per language and options). */
export function formatCount(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(`count:${JSON.stringify(options)}`, options).format(value);
}

export function formatInteger(value: number): string {
  return numberFormat('integer', { maximumFractionDigits: 0 }).format(value);
}

/** Metres, whole ("120 m"), for accuracies and limits. */
export function formatMetres(metres: number): string {
  return unitFormat(intlLocale(), 'meter', 0).format(Math.round(metres));
}

/**
 * A duration for people from minutes, in the page's language: "4 min", "1 h 05 min" (the words are the finder's
 * messages, the figures Intl's).
 */
export function formatDuration(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return t('finder.duration.minutes', { minutes: formatInteger(total) });
  const padded = numberFormat('twoDigits', { minimumIntegerDigits: 2, useGrouping: false });
  return t('finder.duration.hoursMinutes', {
    hours: formatInteger(Math.floor(total / 60)),
    minutes: padded.format(total % 60),
  });
}

const DATE_OPTIONS = {
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  dayShort: { day: 'numeric', month: 'short' },
  clock: { hour: '2-digit', minute: '2-digit' },
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  // What Date#toLocaleString shows: the numeric date and time.
  dateTime: {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** How often the device's time zone is looked up again: a driver may cross into another zone. */
const ZONE_CHECK_MS = 10_000;
let zone = '';
let zoneCheckedAtMs = Number.NEGATIVE_INFINITY;
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date format in the device's current time zone (a format keeps the zone it was built in). */
function dateFormat(kind: keyof typeof DATE_OPTIONS): Intl.DateTimeFormat {
  const now = Date.now();
  // Either way: the device clock may be set back.
  if (Math.abs(now - zoneCheckedAtMs) >= ZONE_CHECK_MS) {
    const current = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (current !== zone) dateFormats.clear();
    zone = current;
    zoneCheckedAtMs = now;
  }
  const locale = intlLocale();
  const key = `${locale}|${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_OPTIONS[kind]);
    dateFormats.set(key, format);
  }
  return format;
}

/** "21 Aug 2026" (or "21 Aug" when `short`) in the page's language. */
export function formatDay(date: Date, { short = false }: { short?: boolean } = {}): string {
  return dateFormat(short ? 'dayShort' : 'day').format(date);
}

/** "14:05" (or "02:05 pm") in the page's language. */
export function formatClock(date: Date): string {
  return dateFormat('clock').format(date);
}

/** The date in numbers ("24/11/2026"), as Date#toLocaleDateString gives it in the page's language. */
export function formatDateNumeric(date: Date): string {
  return dateFormat('date').format(date);
}

/** Date and time in full, as Date#toLocaleString gives them in the page's language. */
export function formatDateTime(date: Date): string {
  return dateFormat('dateTime').format(date);
}

/**
 * Builds the formatters a station list needs while the page waits for its first answer. The first currency
 * formatter of a page loads the browser's currency data: 20 to 95 ms in headless Chromium on these
 * machines, which would otherwise land between the nearest answer and the list on screen.
 */
export function warmFormatters(currencies: readonly string[] = ['INR', 'EUR']): () => void {
  const warm = () => {
    for (const currency of currencies) formatCurrency(0, currency);
    const now = new Date();
    formatDay(now);
    formatDay(now, { short: true });
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(warm, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(warm, 0);
  return () => clearTimeout(handle);
}
