/**
 * Intl formatters, built once per page and reused. Building one is costly (locale data is looked up each
 * time): a new NumberFormat and date format per price made the first list of Italian stations, ten of them
 * with prices, take about 30 ms of script on a desktop CPU. The browser's locale is fixed for the page's life.
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

let dayMonth: Intl.DateTimeFormat | undefined;
let dayMonthYear: Intl.DateTimeFormat | undefined;
let clock: Intl.DateTimeFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;

/** "21 Aug 2026" (or "21 Aug" when `short`) in the browser's locale. */
export function formatDay(date: Date, { short = false }: { short?: boolean } = {}): string {
  if (short) {
    dayMonth ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
    return dayMonth.format(date);
  }
  dayMonthYear ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  return dayMonthYear.format(date);
}

/** "14:05" (or "2:05 PM") in the browser's locale. */
export function formatClock(date: Date): string {
  clock ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
  return clock.format(date);
}

/** Date and time in full, as Date#toLocaleString gives them. */
export function formatDateTime(date: Date): string {
  dateTime ??= new Intl.DateTimeFormat(undefined, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return dateTime.format(date);
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
