/**
 * Intl formatters, built once and reused. The first NumberFormat of a page loads the browser's number data
 * (16-95 ms in headless Chromium on these machines), and every new formatter looks up locale data again.
 * The locale is fixed for the page's life; the time zone is not (date formats are rebuilt when it changes).
 */
const currencyFormats = new Map<string, Intl.NumberFormat>();

/** "€1.699" style amounts: at least 2 and at most 3 decimals, as fuel prices are published. */
export function formatCurrency(amount: number, currency: string): string {
  let format = currencyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(undefined, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 3,
    });
    currencyFormats.set(currency, format);
  }
  return format.format(amount);
}

const DATE_OPTIONS = {
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  dayShort: { day: 'numeric', month: 'short' },
  clock: { hour: '2-digit', minute: '2-digit' },
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
const dateFormats = new Map<keyof typeof DATE_OPTIONS, Intl.DateTimeFormat>();

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
  let format = dateFormats.get(kind);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, DATE_OPTIONS[kind]);
    dateFormats.set(kind, format);
  }
  return format;
}

/** "21 Aug 2026" (or "21 Aug" when `short`) in the browser's locale. */
export function formatDay(date: Date, { short = false }: { short?: boolean } = {}): string {
  return dateFormat(short ? 'dayShort' : 'day').format(date);
}

/** "14:05" (or "02:05 PM") in the browser's locale. */
export function formatClock(date: Date): string {
  return dateFormat('clock').format(date);
}

/** Date and time in full, as Date#toLocaleString gives them. */
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
