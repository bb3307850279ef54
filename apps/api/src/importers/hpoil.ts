import { createHash } from 'node:crypto';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { RegionLookup } from './region-lookup';
import { SOURCE_LICENCES } from './source-licences';
import type { ParsedImport } from './station-record';
import { type RawRow, validateRows } from './validate-row';

/** HPOIL Gas's CNG locator: one HTML table of every station it operates, all Geographical Areas. */
export const DEFAULT_HPOIL_URL = 'https://hpoilgas.in/cng-locator.php?get_cng_fuel_stations=all';

type Station = {
  name: string;
  address: string | null;
  district: string | null;
  lat: string;
  lon: string;
};

/**
 * A station's id: its name and position (to ~1 m), the same in the page and the CSV. Not the page's serial
 * number: one outlet added or removed would renumber every later row and move favourites to another pump.
 */
const idOf = (name: string, lat: string, lon: string) =>
  `h-${createHash('sha1')
    .update(`${name.trim().toLowerCase()}|${Number(lat).toFixed(5)}|${Number(lon).toFixed(5)}`)
    .digest('hex')
    .slice(0, 16)}`;

function rowOf(s: Station, where: string): RawRow {
  const { licence, attribution, url } = SOURCE_LICENCES.hpoil;
  return {
    source: 'hpoil',
    sourceId: idOf(s.name, s.lat, s.lon),
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
