import type { NameParts, Station } from '@cng/shared/client';
import { intlLocale, t } from '../i18n/i18n';
import { formatDistance } from './format';

type Named = Pick<Station, 'name'> & { displayName?: string | null; nameParts?: NameParts | null };

const coordinate = (value: number) =>
  new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(value);

/**
 * A name the importer made for a pump its source names only by company (ADR 0004), in the page's language:
 * "HPCL · 2.1 km S of Tambaram". The company, street, city and town stay as the data spells them; the
 * distance, the direction and the words around them are the reader's.
 */
function wordParts(parts: NameParts): string {
  switch (parts.kind) {
    case 'street':
      return `${parts.label} · ${parts.street}`;
    case 'city':
      return `${parts.label} · ${parts.city}`;
    case 'position':
      return `${parts.label} · ${coordinate(parts.lat)}, ${coordinate(parts.lon)}`;
    case 'place':
      if (parts.distanceKm === null || parts.cardinal === null) return `${parts.label} · ${parts.place}`;
      return t('finder.name.fromPlace', {
        label: parts.label,
        distance: formatDistance(parts.distanceKm, intlLocale()),
        direction: t(`finder.cardinal.${parts.cardinal}`),
        place: parts.place,
      });
  }
}

/**
 * The name to show for a station: a made name worded from its parts, else the display name the server sent
 * (a copy saved before the server sent parts keeps it as it came), else the source's own name.
 */
export function shownName(station: Named): string {
  if (station.nameParts) return wordParts(station.nameParts);
  return station.displayName || station.name;
}

/** The brand, when the shown name does not already say it. */
export function brandBesideName(station: Named & Pick<Station, 'brand'>) {
  const name = shownName(station);
  return station.brand && !name.toLowerCase().includes(station.brand.toLowerCase()) ? station.brand : null;
}
