import type { Cardinal, Station } from '@cng/shared/client';
import { currentLocale, intlLocale, t } from '../i18n/i18n';
import { formatDistance } from './format';

/**
 * The name to show for a station: its display name (issue 15: "HPCL · 2.1 km S of New Delhi" for a source
 * name like "Hp"), or the source name for copies saved before display names existed.
 */
export function shownName(station: Pick<Station, 'name'> & { displayName?: string | null }): string {
  return localGeneratedName(station.displayName || station.name);
}

/**
 * The one kind of name the server writes in English itself (ADR 0004): a pump its source names only by company,
 * placed from the nearest town, "HPCL · 2.1 km S of New Delhi". On a page in another language it reads in
 * that language; the company and the town stay as the data spells them. Any other name is the source's own.
 */
const GENERATED_NAME = /^(.+) · (\d+(?:\.\d)?) km (N|NE|E|SE|S|SW|W|NW) of (.+)$/;

export function localGeneratedName(name: string): string {
  if (currentLocale() === 'en') return name;
  const match = GENERATED_NAME.exec(name);
  if (!match) return name;
  const [, label, km, way, place] = match as unknown as [string, string, string, Cardinal, string];
  return t('finder.name.fromPlace', {
    label,
    distance: formatDistance(Number(km), intlLocale()),
    direction: t(`finder.cardinal.${way}`),
    place,
  });
}

/** The brand, when the shown name does not already say it. */
export function brandBesideName(station: Pick<Station, 'name' | 'brand'> & { displayName?: string | null }) {
  const name = shownName(station);
  return station.brand && !name.toLowerCase().includes(station.brand.toLowerCase()) ? station.brand : null;
}
