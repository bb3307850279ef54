import type { FeedScope } from './station-record';

const SPELLING = 'use world, ISO country codes (IN or IN,IT) or bbox:west,south,east,north in degrees';

/**
 * Reads `--scope`, the area a file claims to cover completely: `world`, ISO 3166-1 alpha-2 codes (`IN`,
 * `IN,IT`), or `bbox:west,south,east,north`. A file alone cannot say what it covers, so without this flag
 * its import retires nothing.
 */
export function parseScopeOption(text: string): Omit<FeedScope, 'source'> {
  const v = text.trim();
  if (/^world$/i.test(v)) return { countries: 'all' };
  if (/^[a-z]{2}(,[a-z]{2})*$/i.test(v)) {
    return { countries: [...new Set(v.toUpperCase().split(','))].sort() };
  }
  const box = /^bbox[:=](.+)$/i.exec(v)?.[1]?.split(',').map(Number);
  if (box?.length !== 4 || !box.every(Number.isFinite)) {
    throw new Error(`Cannot read --scope "${text}": ${SPELLING}`);
  }
  const [w, s, e, n] = box as [number, number, number, number];
  if (w >= e || s >= n || w < -180 || e > 180 || s < -90 || n > 90) {
    throw new Error(
      `Cannot read --scope "${text}": the box must be west,south,east,north with west < east and south < north`,
    );
  }
  return { countries: 'all', bbox: [w, s, e, n] };
}
