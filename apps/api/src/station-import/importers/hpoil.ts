import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { hashedId } from './hashed-id';
import type { RegionLookup } from './region-lookup';
import { SOURCE_LICENCES } from './source-licences';
import type { ParsedImport } from './station-record';
import { type RawRow, validateRows } from './validate-row';

/** HPOIL Gas's CNG locator: one HTML table of every station it operates, all Geographical Areas. */
export const DEFAULT_HPOIL_URL = 'https://hpoilgas.in/cng-locator.php?get_cng_fuel_stations=all';

/** One outlet as the locator's table lists it, its coordinates still text. */
type LocatorOutlet = {
  name: string;
  address: string | null;
  district: string | null;
  lat: string;
  lon: string;
};

// Ids from name and position (hashed-id.ts), not the page's serial numbers, which shift when an outlet is added.
function rowOf(s: LocatorOutlet, where: string): RawRow {
  const { licence, attribution, url } = SOURCE_LICENCES.hpoil;
  return {
    source: 'hpoil',
    sourceId: hashedId(s.name, s.lon, s.lat),
    where,
    name: s.name,
    brand: 'HPOIL',
    operator: 'HPOIL Gas Private Limited',
    lon: s.lon,
    lat: s.lat,
    claimedCountry: 'IN',
    address: s.address,
    city: s.district,
    coordinateQuality: 'operator',
    licence,
    attribution,
    url,
    sourceCompany: 'HPOIL',
  };
}

function finish(input: string, read: number, rows: RawRow[], regions: RegionLookup | null): ParsedImport {
  const valid = validateRows(rows, { regions });
  return {
    importer: 'hpoil',
    inputs: [input],
    read,
    candidates: valid.candidates,
    rejected: valid.rejected,
    feeds: [{ source: 'hpoil', countries: 'all' }],
  };
}

/** Text of one table cell: tags dropped, the common entities decoded, blanks collapsed. */
function cellText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Parses the locator's HTML: rows of Sr No | Station Name | Detailed Address | GA | District | Map, the
 * position in the map link's `query=lat,lon`. Commented-out cells are removed first: left in, they shift
 * every column.
 */
export function parseHpoilHtml(
  html: string,
  input: string,
  regions: RegionLookup | null = null,
): ParsedImport {
  const clean = html.replace(/<!--[\s\S]*?-->/g, '');
  const rows: RawRow[] = [];
  let read = 0;
  for (const rowHtml of clean.split(/<tr[^>]*>/i).slice(1)) {
    const cells = [...rowHtml.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((m) => cellText(m[1]!));
    if (cells.length < 5) continue; // the header row (th) and layout rows
    read++;
    const coords = /query=(-?[\d.]+),(-?[\d.]+)/.exec(rowHtml);
    const [, name = '', address = '', , district = ''] = cells;
    rows.push(
      rowOf(
        {
          name,
          address: address || null,
          district: district || null,
          lat: coords?.[1] ?? '',
          lon: coords?.[2] ?? '',
        },
        `${input}#${read}`,
      ),
    );
  }
  if (read === 0) throw new Error(`${input} has no station rows: is it the HPOIL CNG locator page?`);
  return finish(input, read, rows, regions);
}

/** Parses the shared copy of the locator (operators/hpoil_kolhapur_stations.csv). */
export function parseHpoilCsv(
  text: string,
  input: string,
  regions: RegionLookup | null = null,
): ParsedImport {
  if (text.trim() === '') throw new Error(`${input} is empty`);
  let records: Record<string, string>[];
  try {
    records = parseCsv(text, { columns: true, skip_empty_lines: true, bom: true });
  } catch (err) {
    throw new Error(`${input} is not a readable CSV: ${(err as Error).message}`);
  }
  const missing = ['name', 'latitude', 'longitude'].filter((k) => !(k in (records[0] ?? {})));
  if (records.length === 0 || missing.length)
    throw new Error(`${input}: wrong columns: missing ${missing.join(', ') || 'rows'}`);
  const file = path.basename(input);
  const rows = records.map((r, i) =>
    rowOf(
      {
        name: r.name!,
        address: r.address || null,
        district: r.area || null,
        lat: r.latitude!,
        lon: r.longitude!,
      },
      `${file}:${i + 2}`,
    ),
  );
  return finish(input, records.length, rows, regions);
}
