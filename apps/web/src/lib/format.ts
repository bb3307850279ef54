/**
 * The page's two figures that every part of the finder shows, distance and age, formatted once, here, by the
 * browser's Intl in the reader's language: components take them through useFormat (Lingui's React binding
 * gives the language); the first answer painted before the app has started (features/finder/early-nearest)
 * and the spoken sentences call these with the locale themselves. No other dependency, so the early chunk
 * stays small.
 */
const unitFormats = new Map<string, Intl.NumberFormat>();

/** Metres or kilometres, never grouped (a distance is never long enough to need it: "1250 km"). */
export function unitFormat(
  locale: string | readonly string[],
  unit: 'meter' | 'kilometer',
  fractionDigits: 0 | 1,
): Intl.NumberFormat {
  const key = `${String(locale)}|${unit}|${fractionDigits}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale as string | string[], {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      useGrouping: false,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    unitFormats.set(key, format);
  }
  return format;
}

/**
 * Distance for people in `locale`: metres below 1 km ("850 m"), km with one decimal above ("3.4 km"), whole km
 * from 100 km. The same steps as @cng/shared's formatDistance (which the API uses), and in English the same text.
 */
export function formatDistance(distanceKm: number, locale: string | readonly string[]): string {
  // Round first, then pick the unit: 999.7 m is "1.0 km", not "1000 m"; 99.96 km is "100 km".
  const metres = Math.round(distanceKm * 1000);
  if (metres < 1000) return unitFormat(locale, 'meter', 0).format(metres);
  const tenths = Math.round(distanceKm * 10) / 10;
  if (tenths < 100) return unitFormat(locale, 'kilometer', 1).format(tenths);
  return unitFormat(locale, 'kilometer', 0).format(Math.round(distanceKm));
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(locale: string | readonly string[]): Intl.RelativeTimeFormat {
  const key = String(locale);
  let format = relativeFormats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale as string | string[], { numeric: 'auto', style: 'short' });
    relativeFormats.set(key, format);
  }
  return format;
}

/**
 * How long ago `atMs` was at `nowMs`, in `locale`: "now" under a minute, then minutes, hours and days ("8 min.
 * ago", "2 hr. ago", "yesterday"), as Intl words them. A time ahead of the clock (a server's clock a little
 * ahead of the phone's) reads "now".
 */
export function formatAgo(atMs: number, nowMs: number, locale: string | readonly string[]): string {
  const min = Math.floor(Math.max(0, nowMs - atMs) / 60_000);
  const format = relativeFormat(locale);
  if (min < 1) return format.format(0, 'second');
  if (min < 60) return format.format(-min, 'minute');
  const hours = Math.floor(min / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return format.format(-Math.floor(hours / 24), 'day');
}
