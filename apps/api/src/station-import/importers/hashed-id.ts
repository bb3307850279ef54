import { hash } from 'node:crypto';

/**
 * A source id for rows their source gives none (MGL, HPOIL, the Greek map): the name and the position to
 * 5 decimals (~1 m), so the live locator and its saved copy give a station the same id, and a rename or a
 * move makes a new record (which then replaces its older version, ADR 0004).
 */
export function hashedId(name: unknown, lon: unknown, lat: unknown): string {
  const key = `${String(name ?? '')
    .trim()
    .toLowerCase()}|${Number(lon).toFixed(5)}|${Number(lat).toFixed(5)}`;
  return `h-${hash('sha1', key, 'hex').slice(0, 16)}`;
}
