import path from 'node:path';
import { parseJson } from './read-input';
import { SOURCE_LICENCES } from './source-licences';
import type { FeedScope, ParsedImport, Rejection } from './station-record';
import { type RawRow, validateRows } from './validate-row';

interface OverpassElement {
  type?: string;
  id?: number;
  lat?: number;
  lon?: number;
  center?: { lat?: number; lon?: number };
  tags?: Record<string, string>;
}

const joinAddress = (t: Record<string, string>): string | null => {
  const street = [t['addr:street'], t['addr:housenumber']].filter(Boolean).join(' ');
  const parts = [street || t['addr:place'], t['addr:postcode']].filter(Boolean);
  return parts.length ? parts.join(', ') : (t['addr:full'] ?? null);
};

/**
 * Parses Overpass API JSON (`[out:json]`, `out center tags`) of `amenity=fuel` + `fuel:cng=yes`: nodes by
 * their position, ways and relations by their `center`. `scope` is the area the answer covers completely (a
 * live query's area, or `--scope` for a file). Without it the run retires nothing: a file does not say what
 * it covers, and a Delhi-only file must not retire Mumbai.
 */
export function parseOverpassJson(
  text: string,
  input: string,
  options: { scope?: Omit<FeedScope, 'source'> | null } = {},
): ParsedImport {
  const data = parseJson(text, input) as { elements?: unknown; remark?: unknown; error?: unknown };
  if (!data || typeof data !== 'object' || !Array.isArray(data.elements)) {
    throw new Error(`${input} is not Overpass JSON: it has no "elements" array`);
  }
  // Overpass reports a timeout or an out-of-memory stop with HTTP 200, the elements found so far, and a
  // remark: the answer is partial, and importing it would retire every station it did not reach.
  const remark = data.remark ?? data.error;
  if (remark !== undefined && remark !== null && String(remark).trim() !== '') {
    throw new Error(
      `${input} is an incomplete Overpass answer (${data.elements.length} elements before it stopped): ` +
        `${JSON.stringify(String(remark).slice(0, 300))}`,
    );
  }
  const elements = data.elements as OverpassElement[];
  const file = path.basename(input);
  const { licence, attribution } = SOURCE_LICENCES.osm;
  const rejected: Rejection[] = [];
  const rows: RawRow[] = [];
  elements.forEach((el, i) => {
    const sourceId = el.type && el.id !== undefined ? `${el.type}/${el.id}` : null;
    const where = `${file}#${i + 1}`;
    const t = el.tags ?? {};
    if (t.amenity !== 'fuel' || t['fuel:cng'] !== 'yes') {
      rejected.push({
        source: 'osm',
        where,
        sourceId,
        reason: 'not-cng',
        detail: 'needs amenity=fuel and fuel:cng=yes',
      });
      return;
    }
    const point = el.type === 'node' ? el : el.center;
    rows.push({
      source: 'osm',
      sourceId,
      where,
      name: t.name ?? t['name:en'],
      brand: t.brand ?? null,
      operator: t.operator ?? null,
      lon: point?.lon,
      lat: point?.lat,
      claimedCountry: t['addr:country'] ?? null,
      address: joinAddress(t),
      city: t['addr:city'] ?? null,
      region: t['addr:state'] ?? t['addr:province'] ?? null,
      openingHours: t.opening_hours ?? null,
      phone: t.phone ?? t['contact:phone'] ?? null,
      coordinateQuality: 'osm',
      licence,
      attribution,
      url: sourceId ? `https://www.openstreetmap.org/${sourceId}` : null,
    });
  });
  const valid = validateRows(rows);
  return {
    importer: 'osm',
    inputs: [input],
    read: elements.length,
    candidates: valid.candidates,
    rejected: [...rejected, ...valid.rejected],
    feeds: options.scope ? [{ source: 'osm', ...options.scope }] : [],
  };
}
