import { hash } from 'node:crypto';
import path from 'node:path';
import { shippedMappingForSource } from './operator';
import type { OperatorMapping } from './operator-mapping';
import { operatorRow } from './operator-row';
import { parseJson } from './read-input';
import type { RegionLookup } from './region-lookup';
import { INDIA_SUB_SOURCES, SOURCE_LICENCES } from './source-licences';
import type { FeedScope, ParsedImport, Rejection } from './station-record';
import { type RawRow, validateRows } from './validate-row';

/** Rows whose `source` says CNG was assumed, not checked (see the dataset README). */
export const INFERRED_SOURCES = new Set(['cgd_inferred', 'all_india_fuel']);

interface IndiaRow {
  id?: string;
  name?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  source?: unknown;
  operator?: unknown;
}

/** Source key of a row: the main dataset's rows have stable `cng-…` ids; raw per-source files are keyed by it. */
const sourceKeyOf = (row: IndiaRow): string =>
  typeof row.id === 'string' && row.id.startsWith('cng-') ? 'india-open' : `india-open:${String(row.source)}`;

/** Rows of the raw files have no id (except OSM ids in osm.json): a hash of name and position stands in. */
const sourceIdOf = (row: IndiaRow): string =>
  typeof row.id === 'string' && row.id
    ? row.id
    : `h-${hash('sha1', `${row.name}|${row.latitude}|${row.longitude}`, 'hex').slice(0, 16)}`;

/** A row of the dataset credited to whoever published it (INDIA_SUB_SOURCES). */
function datasetRow(raw: IndiaRow, source: string, where: string): RawRow {
  const sub = String(raw.source ?? '');
  // An unknown sub-source gets the most cautious coordinate quality.
  const meta = INDIA_SUB_SOURCES[sub] ?? { publisher: `source "${sub}"`, quality: 'geocoded' as const };
  return {
    source,
    sourceId: sourceIdOf(raw),
    where,
    name: raw.name,
    operator: typeof raw.operator === 'string' ? raw.operator : null,
    lon: raw.longitude,
    lat: raw.latitude,
    claimedCountry: 'IN',
    coordinateQuality: meta.quality,
    sourceCompany: 'company' in meta ? meta.company : null,
    licence: SOURCE_LICENCES['india-open'].licence,
    attribution: `${meta.publisher}, via ${SOURCE_LICENCES['india-open'].attribution}`,
    url: SOURCE_LICENCES['india-open'].url,
  };
}

/** The shipped operator mapping of a raw file's source key (`india-open:mngl`), looked up once per key. */
function operatorMappingLookup(): (source: string) => OperatorMapping | null {
  const found = new Map<string, OperatorMapping | null>();
  return (source) => {
    if (source === 'india-open') return null;
    if (!found.has(source)) found.set(source, shippedMappingForSource(source));
    return found.get(source)!;
  };
}

/**
 * Parses the India open CNG dataset (bash1401/cng-route-planner-india-data `dataset/stations.json`) or one of
 * its `raw_sources/*.json` files. Inferred rows are rejected; country and region come from the coordinates,
 * never from the file's `state` or `city` (both unreliable per the dataset README).
 */
export function parseIndiaOpen(
  text: string,
  input: string,
  options: { regions?: RegionLookup | null } = {},
): ParsedImport {
  const data = parseJson(text, input);
  if (!Array.isArray(data))
    throw new Error(`${input} is not an India open dataset file: expected a JSON array`);
  if (data.length === 0) throw new Error(`${input} is empty: no station rows`);
  const first = data[0] as IndiaRow;
  for (const key of ['name', 'latitude', 'longitude', 'source'] as const) {
    if (typeof first !== 'object' || first === null || !(key in first)) {
      throw new Error(`${input} is not an India open dataset file: its first row has no "${key}" field`);
    }
  }
  const file = path.basename(input);
  const rejected: Rejection[] = [];
  const feeds = new Set<string>();
  const rows: RawRow[] = [];
  const mappingOfSource = operatorMappingLookup();
  data.forEach((raw: IndiaRow, i) => {
    const source = sourceKeyOf(raw);
    feeds.add(source);
    const where = `${file}#${i + 1}`;
    const sub = String(raw.source ?? '');
    if (INFERRED_SOURCES.has(sub)) {
      rejected.push({ source, where, sourceId: raw.id ?? null, reason: 'not-cng-verified', detail: sub });
      return;
    }
    // A raw file of an operator's own list (MNGL, GAIL Gas) is read through that operator's mapping.
    const mapping = mappingOfSource(source);
    const list = mapping?.lists.find((l) => l.format === 'json');
    const row =
      mapping && list
        ? operatorRow(mapping, list, { props: raw as Record<string, unknown>, where })
        : datasetRow(raw, source, where);
    if ('reason' in row) rejected.push(row);
    else rows.push(row);
  });
  const valid = validateRows(rows, { regions: options.regions ?? null });
  const scopes: FeedScope[] = [...feeds].map((source) => ({ source, countries: 'all' }));
  return {
    importer: 'india-open',
    inputs: [input],
    read: data.length,
    candidates: valid.candidates,
    rejected: [...rejected, ...valid.rejected],
    feeds: scopes,
  };
}
