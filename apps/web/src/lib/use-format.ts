import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { formatAgo, formatDistance } from './format';

export interface Format {
  /** "850 m", "3.4 km", "120 km" in the page's language. */
  distance(distanceKm: number): string;
  /** "now", "8 min. ago", "2 hr. ago" in the page's language; `nowMs` is the clock the caller counts to. */
  ago(at: string | number, nowMs: number): string;
}

/** Distances and ages in the page's language (Lingui's active language, through its React binding). */
export function useFormat(): Format {
  const { i18n } = useLingui();
  const locales = i18n.locales ?? i18n.locale;
  return useMemo(
    () => ({
      distance: (km) => formatDistance(km, locales),
      ago: (at, nowMs) => formatAgo(typeof at === 'number' ? at : Date.parse(at), nowMs, locales),
    }),
    [locales],
  );
}
