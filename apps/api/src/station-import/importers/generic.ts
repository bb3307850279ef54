import path from 'node:path';
import { COORDINATE_QUALITIES, type CoordinateQuality } from '@cng/shared';
import { parse as parseCsv } from 'csv-parse/sync';
import { scanFeatures } from './feature-stream';
import { flagPriceOutliers } from './price-outliers';
import { isUrl, parseJson, readInput } from './read-input';
import type { ParsedImport, RecordPrice } from './station-record';
import { type RawRow, validateRows } from './validate-row';

/** Who supplied a generic list and under which terms; every station from it carries this. */
export interface GenericFeedOptions {
  /** Short name of the list, e.g. `acme-gas`; the source key becomes `csv:acme-gas` / `geojson:acme-gas`. */
  feed?: string;
  licence?: string;
  attribution?: string;
}

type Props = Record<string, unknown>;
const str = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v).trim();
const yesNo = (v: unknown): boolean | null => {
  const s = str(v)?.toLowerCase();
  if (!s) return null;
  if (['1', 'true', 'yes', 'y'].includes(s)) return true;
  if (['0', 'false', 'no', 'n'].includes(s)) return false;
  return null;
};

function priceOf(p: Props): RecordPrice | null {
  const amount = Number(str(p.price));
  const currency = str(p.currency)?.toUpperCase();
  const at = str(p.price_published_at);
  if (!str(p.price) || !Number.isFinite(amount) || !currency || !at || Number.isNaN(Date.parse(at)))
    return null;
  return { amount, currency, publishedAt: new Date(at).toISOString(), outlier: false };
}

function rowOf(
  p: Props,
  lon: unknown,
  lat: unknown,
  source: string,
  where: string,
  o: Required<GenericFeedOptions>,
): RawRow {
  const quality = str(p.coordinate_quality) as CoordinateQuality | null;
  const psi = str(p.pressure_psi)
    ?.match(/\d{3,5}/g)
    ?.map(Number);
  return {
    source,
    sourceId: str(p.id),
    where,
    name: p.name,
    brand: str(p.brand),
    operator: str(p.operator),
    lon,
    lat,
    claimedCountry: str(p.country),
    address: str(p.address),
    city: str(p.city),
    region: str(p.region),
    openingHours: str(p.opening_hours),
    phone: str(p.phone),
    price: priceOf(p),
    cng: {
      fillType: str(p.fill_type),
      pressurePsi: psi?.length ? psi : null,
      vehicleClass: str(p.vehicle_class),
      open24x7: yesNo(p.open_24x7),
    },
    // An operator's own list is operator-published unless it says otherwise.
    coordinateQuality: quality && COORDINATE_QUALITIES.includes(quality) ? quality : 'operator',
    licence: str(p.licence) ?? o.licence,
    attribution: str(p.attribution) ?? o.attribution,
    url: str(p.url),
  };
}

/**
 * One full list of one feed as a parsed run: the rows validated, prices judged for outliers, and the whole
 * feed in scope (a station the list no longer has is retired). Shared by every single-file list importer.
 */
export function finishFeedList(
  importer: string,
  input: string,
  read: number,
  rows: RawRow[],
  source: string,
): ParsedImport {
  return finishValidated(importer, input, read, validateRows(rows), source);
}

function finishValidated(
  importer: string,
  input: string,
  read: number,
  valid: ReturnType<typeof validateRows>,
  source: string,
): ParsedImport {
  flagPriceOutliers(valid.candidates.flatMap((c) => (c.record.price ? [c.record.price] : [])));
  return {
    importer,
    inputs: [input],
    read,
    candidates: valid.candidates,
    rejected: valid.rejected,
    feeds: [{ source, countries: 'all' }],
  };
}

const defaults = (input: string, o: GenericFeedOptions): Required<GenericFeedOptions> => {
  const feed = o.feed ?? path.basename(input).replace(/\.[^.]+$/, '');
  return {
    feed,
    licence: o.licence ?? 'as supplied',
    attribution: o.attribution ?? `Station list supplied by ${feed}`,
  };
};

/** Parses the generic GeoJSON format (docs/importing-stations.md): a FeatureCollection of Points. */
export function parseGenericGeoJson(
  text: string,
  input: string,
  options: GenericFeedOptions = {},
): ParsedImport {
  const data = parseJson(text, input) as { type?: string; features?: unknown };
  if (data?.type !== 'FeatureCollection' || !Array.isArray(data.features)) {
    throw new Error(`${input} is not a GeoJSON FeatureCollection`);
  }
  if (data.features.length === 0) throw new Error(`${input} is empty: no features`);
  const feature = geoJsonFeatureRow(input, options);
  const rows = data.features.map((f, i) => feature.row(f, i));
  return finishFeedList('geojson', input, rows.length, rows, feature.source);
}

/** The row of one feature of a generic GeoJSON list, and the list's source key. */
function geoJsonFeatureRow(input: string, options: GenericFeedOptions) {
  const o = defaults(input, options);
  const source = `geojson:${o.feed}`;
  const file = path.basename(input);
  const row = (feature: unknown, i: number): RawRow => {
    const f = feature as { geometry?: { type?: string; coordinates?: unknown[] }; properties?: Props };
    const point = f.geometry?.type === 'Point' ? f.geometry.coordinates : undefined;
    return rowOf(f.properties ?? {}, point?.[0], point?.[1], source, `${file}#${i + 1}`, o);
  };
  return { source, row };
}

/**
 * parseGenericGeoJson of a file or URL. A local file is read feature by feature (feature-stream.ts), so a list
 * of 200,000 stations never sits in memory as one text and one tree; a URL, or a file that is not a plain
 * FeatureCollection (an error to report), is read whole and parsed as before.
 */
export async function readGenericGeoJson(
  input: string,
  options: GenericFeedOptions & { timeoutMs?: number } = {},
): Promise<ParsedImport> {
  if (!isUrl(input)) {
    const feature = geoJsonFeatureRow(input, options);
    const scan = scanFeatures(input);
    let read = 0;
    // Each row is validated as it is read: only accepted records and rejections are kept.
    const valid = validateRows(
      (function* () {
        for (const f of scan.features) yield feature.row(f, read++);
      })(),
    );
    if (scan.top()?.type === 'FeatureCollection')
      return finishValidated('geojson', input, read, valid, feature.source);
  }
  const text = await readInput(input, { timeoutMs: options.timeoutMs, kind: 'json' });
  return parseGenericGeoJson(text, input, options);
}

/** Parses the generic CSV format (docs/importing-stations.md): a header row with at least id, name, lon, lat. */
export function parseGenericCsv(text: string, input: string, options: GenericFeedOptions = {}): ParsedImport {
  if (text.trim() === '') throw new Error(`${input} is empty`);
  let records: Props[];
  try {
    records = parseCsv(text, {
      columns: (h: string[]) => h.map((x) => x.trim().toLowerCase()),
      skip_empty_lines: true,
      bom: true,
    });
  } catch (err) {
    throw new Error(`${input} is not a readable CSV: ${(err as Error).message}`);
  }
  if (records.length === 0) throw new Error(`${input} is empty: a header but no rows`);
  const missing = ['id', 'name', 'lon', 'lat'].filter((k) => !(k in records[0]!));
  if (missing.length) throw new Error(`${input}: wrong columns: missing ${missing.join(', ')}`);
  const o = defaults(input, options);
  const source = `csv:${o.feed}`;
  const file = path.basename(input);
  // Line numbers count the header as line 1.
  const rows = records.map((p, i) => rowOf(p, p.lon, p.lat, source, `${file}:${i + 2}`, o));
  return finishFeedList('csv', input, rows.length, rows, source);
}
