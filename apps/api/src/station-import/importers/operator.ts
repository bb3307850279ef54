import path from 'node:path';
import type { InputKind } from './input-limits';
import { loadMapping, type OperatorList, type OperatorMapping, shippedMappings } from './operator-mapping';
import { readListRecords } from './operator-records';
import { keeps, operatorRow } from './operator-row';
import { isUrl, readInput } from './read-input';
import type { RegionLookup } from './region-lookup';
import type { ParsedImport, Rejection } from './station-record';
import { type RawRow, validateRows } from './validate-row';

/** The input that means "ask the operator's own locator now" (the list of the mapping that names `live`). */
export const LIVE_INPUT = 'live';

/** The source names that read a shipped mapping of the same name, as they did before mappings existed. */
export const OPERATOR_ALIASES = ['mgl', 'hpoil'] as const;

export interface OperatorLoadOptions {
  regions?: RegionLookup | null;
  /** Per download. */
  timeoutMs?: number;
  /** The live endpoint of this mapping's source instead of the one the mapping names (e.g. MGL_OUTLETS_URL). */
  liveUrl?: string;
}

/** The mapping a source name means: `operator:<name>` or `operator:<file.json>`, or an alias; else null. */
export function mappingOf(importer: string): OperatorMapping | null {
  if (importer.startsWith('operator:')) return loadMapping(importer.slice('operator:'.length));
  return (OPERATOR_ALIASES as readonly string[]).includes(importer) ? loadMapping(importer) : null;
}

const FORMAT_OF_EXTENSION: Record<string, OperatorList['format']> = {
  '.csv': 'csv',
  '.json': 'json',
  '.geojson': 'geojson',
  '.html': 'html-table',
  '.htm': 'html-table',
};

/** The list of the mapping that reads this file or URL: by its extension, or the mapping's only list. */
function listFor(m: OperatorMapping, input: string): OperatorList {
  const name = isUrl(input) ? new URL(input).pathname : input;
  const format = FORMAT_OF_EXTENSION[path.extname(name).toLowerCase()];
  const list = m.lists.find((l) => l.format === format) ?? (m.lists.length === 1 ? m.lists[0] : undefined);
  if (!list) {
    const formats = m.lists.map((l) => l.format).join(', ');
    throw new Error(`${input}: the ${m.source} mapping reads ${formats}; name the file by its format`);
  }
  return list;
}

/** What a list's text is read as, for the limits (input-limits.ts). */
const kindOf = (list: OperatorList): InputKind =>
  list.format === 'json' || list.format === 'geojson' ? 'json' : 'lines';

/** Asks the operator's endpoint for its whole list, through the shared download (read-input.ts). */
function fetchLive(url: string, list: OperatorList, timeoutMs: number) {
  const live = list.live!;
  const headers = { 'user-agent': 'cng-navigator-importer/0.1', 'content-type': 'application/json' };
  const init: RequestInit =
    live.method === 'POST' ? { method: 'POST', headers, body: JSON.stringify(live.body ?? {}) } : { headers };
  return readInput(url, { timeoutMs, init, kind: kindOf(list) });
}

/** A mapping's list in the same format as `list`: companions read the same file. */
const sameFormat = (m: OperatorMapping, list: OperatorList) => m.lists.find((l) => l.format === list.format);

/**
 * Parses one input of an operator's list through its mapping, and through each companion mapping that
 * reads other rows of the same file. Rows that no mapping's filter keeps are not read; each mapping that
 * kept rows is a full list of its source (its stations missing from the file are retired).
 */
export function parseOperatorList(
  importer: string,
  mappings: OperatorMapping[],
  list: OperatorList,
  text: string,
  input: string,
  regions: RegionLookup | null = null,
): ParsedImport {
  const records = readListRecords(text, input, list);
  const rows: RawRow[] = [];
  const rejected: Rejection[] = [];
  const sources = new Set<string>();
  for (const record of records) {
    const index = mappings.findIndex((m, i) => {
      const l = i === 0 ? list : sameFormat(m, list);
      return l !== undefined && keeps(l, record.props);
    });
    if (index < 0) continue;
    const m = mappings[index]!;
    sources.add(m.source);
    const row = operatorRow(m, index === 0 ? list : sameFormat(m, list)!, record);
    if ('reason' in row) rejected.push(row);
    else rows.push(row);
  }
  const [main] = mappings;
  if (!sources.has(main!.source)) {
    const f = list.filter;
    const which = f
      ? ` (${f.field} ${f.equals !== undefined ? '==' : '!='} "${f.equals ?? f.notEquals}")`
      : '';
    throw new Error(`${input} has no rows of ${main!.source}${which}`);
  }
  const valid = validateRows(rows, { regions });
  return {
    importer,
    inputs: [input],
    read: rows.length + rejected.length,
    candidates: valid.candidates,
    rejected: [...rejected, ...valid.rejected],
    feeds: [...sources].map((source) => ({ source, countries: 'all' })),
  };
}

/**
 * Reads every input of one operator's list through its mapping: `live` asks the endpoint the mapping
 * names, a file or URL is read by the list of its format. Throws, before anything is written, naming the
 * input or the mapping field at fault.
 */
export async function loadOperatorImport(
  importer: string,
  m: OperatorMapping,
  inputs: string[],
  options: OperatorLoadOptions = {},
): Promise<ParsedImport[]> {
  const companions = (m.companions ?? []).map((name) => loadMapping(name));
  const parts: ParsedImport[] = [];
  for (const input of inputs) {
    if (input === LIVE_INPUT) {
      const list = m.lists.find((l) => l.live);
      if (!list?.live) throw new Error(`The ${m.source} mapping names no live endpoint (lists[].live)`);
      const url = options.liveUrl ?? list.live.url;
      const text = await fetchLive(url, list, options.timeoutMs ?? 60_000);
      parts.push(parseOperatorList(importer, [m], list, text, url, options.regions));
      continue;
    }
    const list = listFor(m, input);
    const text = await readInput(input, { timeoutMs: options.timeoutMs, kind: kindOf(list) });
    parts.push(parseOperatorList(importer, [m, ...companions], list, text, input, options.regions));
  }
  return parts;
}

/** The shipped mapping whose source key is `source` (e.g. `india-open:mngl`), or null. */
export function shippedMappingForSource(source: string): OperatorMapping | null {
  for (const name of shippedMappings()) {
    const m = loadMapping(name);
    if (m.source === source) return m;
  }
  return null;
}
