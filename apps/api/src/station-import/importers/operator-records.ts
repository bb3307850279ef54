import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { OperatorList } from './operator-mapping';
import { parseJson } from './read-input';

type Props = Record<string, unknown>;

/** One record of an operator's list as the file has it: its fields, a position if the format carries one. */
export interface ListRecord {
  props: Props;
  /** GeoJSON geometry or the html-table's coordinates pattern; otherwise the mapped fields give them. */
  lon?: unknown;
  lat?: unknown;
  /** File name and 1-based row or line number, for the rejection report. */
  where: string;
}

/** The records of a CSV list, each named by its line (the header is line 1). */
function csvRecords(text: string, input: string, list: OperatorList): ListRecord[] {
  if (text.trim() === '') throw new Error(`${input} is empty`);
  let rows: Props[];
  try {
    rows = parseCsv(text, {
      columns: true,
      skip_empty_lines: true,
      bom: true,
      delimiter: list.delimiter ?? ',',
    });
  } catch (err) {
    throw new Error(`${input} is not a readable CSV: ${(err as Error).message}`);
  }
  const header = Object.keys(rows[0] ?? {});
  const needed = [list.fields.name, list.fields.lat, list.fields.lon].flatMap((spec) =>
    typeof spec === 'string' ? [spec] : [],
  );
  const missing = needed.filter((k) => !header.includes(k));
  if (rows.length === 0 || missing.length)
    throw new Error(`${input}: wrong columns: missing ${missing.join(', ') || 'rows'}`);
  const file = path.basename(input);
  return rows.map((props, i) => ({ props, where: `${file}:${i + 2}` }));
}

/** The array of records of a JSON list: the answer itself, or under the first `recordsAt` key that holds one. */
function jsonRecords(text: string, input: string, list: OperatorList): ListRecord[] {
  const data = parseJson(text, input);
  const keys = list.recordsAt ?? [];
  const found =
    Array.isArray(data) || !data || typeof data !== 'object'
      ? data
      : keys.map((k) => (data as Props)[k]).find(Array.isArray);
  if (!Array.isArray(found)) {
    const where = keys.length ? ` (at the top, or under ${keys.join(', ')})` : '';
    throw new Error(`${input} is not a list of stations: no array of records${where}`);
  }
  const file = path.basename(input);
  return found.map((props, i) => ({ props: (props ?? {}) as Props, where: `${file}#${i + 1}` }));
}

/** The Point features of a GeoJSON FeatureCollection: properties, and the position from the geometry. */
function geoJsonRecords(text: string, input: string): ListRecord[] {
  const data = parseJson(text, input) as { type?: string; features?: unknown };
  if (data?.type !== 'FeatureCollection' || !Array.isArray(data.features))
    throw new Error(`${input} is not a GeoJSON FeatureCollection`);
  const file = path.basename(input);
  return (
    data.features as { geometry?: { type?: string; coordinates?: unknown[] }; properties?: Props }[]
  ).map((f, i) => {
    const point = f.geometry?.type === 'Point' ? f.geometry.coordinates : undefined;
    return { props: f.properties ?? {}, lon: point?.[0], lat: point?.[1], where: `${file}#${i + 1}` };
  });
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
 * The rows of an HTML table with at least as many cells as the list names columns; the position from the
 * row's HTML (a map link). Commented-out cells are removed first: left in, they shift every column.
 */
function htmlTableRecords(html: string, input: string, list: OperatorList): ListRecord[] {
  const columns = list.columns ?? [];
  const pattern = new RegExp(list.coordinatesPattern ?? '(?<lat>)(?<lon>)');
  const label = /^https?:\/\//i.test(input) ? input : path.basename(input);
  const records: ListRecord[] = [];
  for (const rowHtml of html
    .replace(/<!--[\s\S]*?-->/g, '')
    .split(/<tr[^>]*>/i)
    .slice(1)) {
    const cells = [...rowHtml.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/gi)].map((m) => cellText(m[1]!));
    // The header row (th) and layout rows have fewer cells.
    if (cells.length < columns.length) continue;
    const props = Object.fromEntries(columns.map((c, i) => [c, cells[i]]));
    const at = pattern.exec(rowHtml)?.groups;
    records.push({ props, lat: at?.lat ?? '', lon: at?.lon ?? '', where: `${label}#${records.length + 1}` });
  }
  if (records.length === 0) throw new Error(`${input} has no station rows with ${columns.length} cells`);
  return records;
}

/** Every record of one input in the list's format, before the list's filter. Throws naming the input. */
export function readListRecords(text: string, input: string, list: OperatorList): ListRecord[] {
  switch (list.format) {
    case 'csv':
      return csvRecords(text, input, list);
    case 'json':
      return jsonRecords(text, input, list);
    case 'geojson':
      return geoJsonRecords(text, input);
    case 'html-table':
      return htmlTableRecords(text, input, list);
  }
}
