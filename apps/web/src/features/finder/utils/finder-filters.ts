import { t } from '../../../i18n/i18n';

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

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The filters of this session, or none when nothing (or something unreadable) is stored. */
export function loadFilters(): FinderFilters {
  try {
    // Earlier versions kept the filters on the device: forget them.
    globalThis.localStorage?.removeItem(FILTERS_KEY);
  } catch {
    // Storage disabled: nothing was remembered either.
  }
  try {
    const raw = JSON.parse(sessionStore()?.getItem(FILTERS_KEY) ?? 'null') as Partial<FinderFilters> | null;
    if (!raw || typeof raw !== 'object') return NO_FILTERS;
    return {
      openNow: raw.openNow === true,
      availableOnly: raw.availableOnly === true,
      operator: typeof raw.operator === 'string' ? raw.operator.slice(0, 80) : '',
    };
  } catch {
    return NO_FILTERS;
  }
}

export function saveFilters(filters: FinderFilters) {
  try {
    sessionStore()?.setItem(FILTERS_KEY, JSON.stringify(filters));
  } catch {
    // Storage disabled: the filters still apply for this visit.
  }
}

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
