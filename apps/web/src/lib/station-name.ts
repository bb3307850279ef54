import type { Station } from '@cng/shared/client';

/**
 * The name to show for a station: its display name (issue 15: "HPCL · 2.1 km S of New Delhi" for a source
 * name like "Hp"), or the source name for copies saved before display names existed.
 */
export function shownName(station: Pick<Station, 'name'> & { displayName?: string | null }): string {
  return station.displayName || station.name;
}

/** The brand, when the shown name does not already say it. */
export function brandBesideName(station: Pick<Station, 'name' | 'brand'> & { displayName?: string | null }) {
  const name = shownName(station);
  return station.brand && !name.toLowerCase().includes(station.brand.toLowerCase()) ? station.brand : null;
}
