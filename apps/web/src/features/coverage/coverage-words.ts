import type { Coverage, CoverageLevel } from '@cng/shared/client';
import { intlLocale, type MessageId } from '../../i18n/i18n';

/** The words of each level, for the coverage page's table and map. */
export const LEVEL_WORDS: Record<CoverageLevel, MessageId> = {
  good: 'coverage.level.good',
  partial: 'coverage.level.partial',
  thin: 'coverage.level.thin',
  none: 'coverage.level.none',
};

/** True where our list is too incomplete to call its nearest station "the nearest" (ADR 0030). */
export const isIncomplete = (coverage: Coverage | null | undefined): boolean =>
  coverage?.level === 'thin' || coverage?.level === 'none';

/**
 * True when the nearest station we know is too far for the panel to point at it as if the trip were
 * sensible: none known within the coverage radius.
 */
export const isBeyondReach = (coverage: Coverage | null | undefined, nearestKm: number): boolean =>
  !!coverage && nearestKm > coverage.nearbyKm;

/**
 * The date of an official figure as its source gives it, in the reader's language: "2025-07" → "July 2025",
 * "2021-03-31" → "31 March 2021"; any other wording ("2023/2024 (undated)") as written.
 */
export function officialDate(asOf: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(asOf);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(asOf);
  if (month) {
    const at = Date.UTC(Number(month[1]), Number(month[2]) - 1, 15);
    return new Intl.DateTimeFormat(intlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      at,
    );
  }
  if (day) {
    const at = Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
    return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
  return asOf;
}

/** The names of the companies that sell CNG here, joined as the language joins a list. */
export function supplierNames(coverage: Pick<Coverage, 'suppliers'>): string {
  const names = coverage.suppliers.map((s) => s.name);
  return new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(names);
}
