import { parseAfdc } from './afdc';
import { fetchAfdc } from './afdc-client';
import { parseScopeOption } from './file-scope';
import { parseGenericCsv, readGenericGeoJson } from './generic';
import { DEFAULT_HPOIL_URL, parseHpoilCsv, parseHpoilHtml } from './hpoil';
import { parseIndiaOpen } from './india-open';
import { MIMIT_PRICES_HEADER, parseMimit } from './it-mimit';
import { DEFAULT_MGL_URL, fetchMglOutlets, parseMglApi, parseMglGeoJson } from './mgl';
import { parseBrazilAnp, parseGreeceCng } from './more-countries';
import { parseOverpassJson } from './osm';
import { DEFAULT_OVERPASS_URL, fetchOverpass, parseOverpassTarget, scopeOfArea } from './overpass-client';
import { readInput, redact } from './read-input';
import { loadRegionLookup, type RegionLookup } from './region-lookup';
import type { ParsedImport } from './station-record';

export const IMPORTERS = [
  'osm',
  'india-open',
  'it-mimit',
  'mgl',
  'hpoil',
  'afdc',
  'br-anp',
  'gr-cng',
  'geojson',
  'csv',
] as const;

/** The input that means "ask the operator's own locator now" (mgl, hpoil). */
export const LIVE_INPUT = 'live';
export type ImporterName = (typeof IMPORTERS)[number];

export interface LoadOptions {
  /** GeoJSON of region polygons: regions come from coordinates (e.g. India's states). */
  regionsFile?: string | null;
  overpassUrl?: string;
  afdcApiKey?: string;
  afdcUrl?: string;
  mglUrl?: string;
  hpoilUrl?: string;
  /** Per download. */
  timeoutMs?: number;
  /** Generic formats: list name, licence and attribution. */
  feed?: string;
  licence?: string;
  attribution?: string;
  /** osm files: the area the files cover completely (`--scope`, see file-scope.ts); unset = retire nothing. */
  scope?: string;
}

/** Joins the results of several inputs of one importer into one run. */
function combine(importer: string, parts: ParsedImport[]): ParsedImport {
  // Every part's scope counts: two live countries in one run may retire records in both.
  const feeds = new Map(parts.flatMap((p) => p.feeds).map((f) => [JSON.stringify(f), f]));
  return {
    importer,
    inputs: parts.flatMap((p) => p.inputs),
    read: parts.reduce((n, p) => n + p.read, 0),
    candidates: parts.flatMap((p) => p.candidates),
    rejected: parts.flatMap((p) => p.rejected),
    feeds: [...feeds.values()],
  };
}

/**
 * Reads and parses every input of one importer (files, URLs, or live targets such as `overpass:IN` and
 * `api` for AFDC). Throws, before anything is written, when an input is missing or malformed.
 */
export async function loadImport(
  importer: string,
  inputs: string[],
  options: LoadOptions = {},
): Promise<ParsedImport> {
  if (!IMPORTERS.includes(importer as ImporterName)) {
    throw new Error(`Unknown source "${importer}": use one of ${IMPORTERS.join(', ')}`);
  }
  if (inputs.length === 0) throw new Error(`Give at least one file or URL to import with "${importer}"`);
  if (options.scope !== undefined && importer !== 'osm') {
    throw new Error(`--scope is only for osm files: a ${importer} input is a full list of its own feed`);
  }
  const fileScope = options.scope === undefined ? null : parseScopeOption(options.scope);
  const read = (input: string) => readInput(input, { timeoutMs: options.timeoutMs });
  // India's states from coordinates, for the India lists (loaded once, on first use).
  let regionLookup: RegionLookup | null | undefined;
  const regions = () => {
    regionLookup ??= options.regionsFile ? loadRegionLookup(options.regionsFile) : null;
    return regionLookup;
  };
  const parts: ParsedImport[] = [];
  switch (importer as ImporterName) {
    case 'osm':
      for (const input of inputs) {
        const area = parseOverpassTarget(input);
        const url = options.overpassUrl ?? DEFAULT_OVERPASS_URL;
        if (area && fileScope) {
          throw new Error(`--scope is for Overpass files: the live query ${input} covers its own area`);
        }
        if (area) {
          const text = await fetchOverpass(url, area, { timeoutMs: options.timeoutMs });
          parts.push(parseOverpassJson(text, `${input} (${url})`, { scope: scopeOfArea(area) }));
        } else parts.push(parseOverpassJson(await read(input), input, { scope: fileScope }));
      }
      break;
    case 'india-open':
      for (const input of inputs)
        parts.push(parseIndiaOpen(await read(input), input, { regions: regions() }));
      break;
    case 'it-mimit': {
      if (inputs.length !== 2)
        throw new Error('it-mimit needs two inputs: the station file and the price file');
      const texts = await Promise.all(inputs.map(read));
      // Tell the two apart by their header line, not by their names.
      const pricesAt = texts.findIndex((t) => t.split(/\r?\n/, 2)[1]?.trim() === MIMIT_PRICES_HEADER);
      const p = pricesAt < 0 ? 1 : pricesAt;
      const s = 1 - p;
      parts.push(parseMimit(texts[s]!, inputs[s]!, texts[p]!, inputs[p]!));
      break;
    }
    case 'mgl':
      for (const input of inputs) {
        if (input === LIVE_INPUT) {
          const url = options.mglUrl ?? DEFAULT_MGL_URL;
          parts.push(parseMglApi(await fetchMglOutlets(url, options.timeoutMs ?? 60_000), url, regions()));
        } else parts.push(parseMglGeoJson(await read(input), input, regions()));
      }
      break;
    case 'hpoil':
      for (const input of inputs) {
        if (input === LIVE_INPUT) {
          const url = options.hpoilUrl ?? DEFAULT_HPOIL_URL;
          parts.push(parseHpoilHtml(await readInput(url, { timeoutMs: options.timeoutMs }), url, regions()));
        } else if (/\.html?$/i.test(input)) parts.push(parseHpoilHtml(await read(input), input, regions()));
        else parts.push(parseHpoilCsv(await read(input), input, regions()));
      }
      break;
    case 'afdc':
      for (const input of inputs) {
        if (input === 'api') {
          const text = await fetchAfdc(options.afdcApiKey ?? '', {
            baseUrl: options.afdcUrl,
            timeoutMs: options.timeoutMs,
          });
          parts.push(parseAfdc(text, redact(options.afdcUrl ?? 'AFDC API')));
        } else parts.push(parseAfdc(await read(input), redact(input)));
      }
      break;
    case 'br-anp':
      for (const input of inputs) parts.push(parseBrazilAnp(await read(input), input));
      break;
    case 'gr-cng':
      for (const input of inputs) parts.push(parseGreeceCng(await read(input), input));
      break;
    case 'geojson':
      for (const input of inputs) parts.push(await readGenericGeoJson(input, options));
      break;
    case 'csv':
      for (const input of inputs) parts.push(parseGenericCsv(await read(input), input, options));
      break;
  }
  return combine(importer, parts);
}
