import { t } from '../../i18n/i18n';
import { persistedStore } from '../../lib/persisted-store';
import { deviceStorage } from '../../lib/storage';

/**
 * The driver's list filters. They last for this tab's session only (sessionStorage): a filter ticked on an
 * earlier visit must never hide the nearest station on the next one.
 */
export interface FinderFilters {
  openNow: boolean;
  availableOnly: boolean;
  /** Operator or brand text; the server matches it ignoring case and accents. */
  operator: string;
}

export const FILTERS_KEY = 'cng.finder.filters.v1';
export const NO_FILTERS: FinderFilters = { openNow: false, availableOnly: false, operator: '' };

/** The filters from what storage holds, or none when nothing (or something unreadable) is stored. */
function parseFilters(stored: unknown): { filters: FinderFilters } {
  const raw = (stored as { filters?: unknown } | null)?.filters ?? stored;
  if (!raw || typeof raw !== 'object') return { filters: NO_FILTERS };
  const f = raw as Partial<FinderFilters>;
  return {
    filters: {
      openNow: f.openNow === true,
      availableOnly: f.availableOnly === true,
      operator: typeof f.operator === 'string' ? f.operator.slice(0, 80) : '',
    },
  };
}

/** The filters of this tab's session (sessionStorage). */
export const filtersStore = persistedStore(
  { name: FILTERS_KEY, storage: 'session', version: 1, parse: parseFilters },
  () => ({ filters: NO_FILTERS }),
);

// Earlier versions kept the filters on the device: forget them there.
deviceStorage.removeItem(FILTERS_KEY);

/** Sets the driver's filters (they last for this tab's session). */
export const setFilters = (filters: FinderFilters) => filtersStore.setState({ filters });

/** The operator or brand text to filter by, trimmed, or null when it is too short (under 2 characters) to use. */
export function operatorQuery(operator: string | undefined): string | null {
  const text = operator?.trim() ?? '';
  return text.length >= 2 ? text : null;
}

/** True when any filter narrows the list. */
export function hasFilters(f: FinderFilters): boolean {
  return f.openNow || f.availableOnly || operatorQuery(f.operator) !== null;
}

/** True when any of `stations` has published opening hours (its openNow is known, true or false). */
export function hoursKnownIn(stations: readonly { openNow: boolean | null }[]): boolean {
  return stations.some((s) => s.openNow !== null);
}

/**
 * The filters as applied: "open now" only where opening hours are known (`hoursKnown`, learnt from a list
 * fetched without it; null before the first list). Where no station publishes hours, "open now" would
 * hide every station, so it waits, remembered, for a place where it means something.
 */
export function effectiveFilters(filters: FinderFilters, hoursKnown: boolean | null): FinderFilters {
  return filters.openNow && hoursKnown !== true ? { ...filters, openNow: false } : filters;
}

/** The applied filters in words ("open now · gas reported available · “IGL”"), or null when none. */
export function filtersSummary(f: FinderFilters): string | null {
  const operator = operatorQuery(f.operator);
  const parts = [
    f.openNow ? t('finder.filters.summaryOpenNow') : null,
    f.availableOnly ? t('finder.filters.summaryAvailable') : null,
    operator ? t('finder.filters.summaryOperator', { operator }) : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}
