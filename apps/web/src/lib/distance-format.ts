/**
 * Distances in a given Intl locale, with no other dependency: the finder's formatters (lib/formatters, in the
 * page's language) and the first answer painted before the app has started (features/finder/early-nearest)
 * both format through here, so the two always read the same.
 */
const unitFormats = new Map<string, Intl.NumberFormat>();

/** Metres or kilometres, never grouped (a distance is never long enough to need it: "1250 km"). */
export function unitFormat(
  locale: string,
  unit: 'meter' | 'kilometer',
  fractionDigits: 0 | 1,
): Intl.NumberFormat {
  const key = `${locale}|${unit}|${fractionDigits}`;
  let format = unitFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
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
export function distanceInLocale(distanceKm: number, locale: string): string {
  // Round first, then pick the unit: 999.7 m is "1.0 km", not "1000 m"; 99.96 km is "100 km".
  const metres = Math.round(distanceKm * 1000);
  if (metres < 1000) return unitFormat(locale, 'meter', 0).format(metres);
  const tenths = Math.round(distanceKm * 10) / 10;
  if (tenths < 100) return unitFormat(locale, 'kilometer', 1).format(tenths);
  return unitFormat(locale, 'kilometer', 0).format(Math.round(distanceKm));
}
