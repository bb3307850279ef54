import { parseAfdc } from './afdc';
import { fetchAfdc } from './afdc-client';
import { parseScopeOption } from './file-scope';
import { parseGenericCsv, readGenericGeoJson } from './generic';
import { parseIndiaOpen } from './india-open';
import type { InputKind } from './input-limits';
import { MIMIT_PRICES_HEADER, parseMimit } from './it-mimit';
import { parseBrazilAnp, parseGreeceCng } from './more-countries';
import { LIVE_INPUT, loadOperatorImport, mappingOf } from './operator';
import { parseOverpassJson } from './osm';
import { DEFAULT_OVERPASS_URL, fetchOverpass, parseOverpassTarget, scopeOfArea } from './overpass-client';
import { readInput, redact } from './read-input';
import { loadRegionLookup, type RegionLookup } from './region-lookup';
import type { ParsedImport } from './station-record';

export const IMPORTERS = [
  'osm',
  'india-open',
  'it-mimit',
  'afdc',
  'br-anp',
  'gr-cng',
  'geojson',
  'csv',
] as const;

export { LIVE_INPUT };
export type ImporterName = (typeof IMPORTERS)[number];

export interface LoadOptions {
  /** GeoJSON of region polygons: regions come from coordinates (e.g. India's states). */
  regionsFile?: string | null;
  overpassUrl?: string;
  afdcApiKey?: string;
  afdcUrl?: string;
  /** The live endpoints of the mgl and hpoil mappings instead of the ones they name (MGL_OUTLETS_URL, …). */
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

/** What every input of a run shares: the options, a reader with the run's time limit, and the regions. */
interface Context {
  options: LoadOptions;
  /** Reads a file or URL whole; `kind` is what the importer parses it as (input-limits.ts). */
  read: (input: string, kind?: InputKind) => Promise<string>;
  regions: () => RegionLookup | null;
}

async function loadOsm(inputs: string[], { options, read }: Context): Promise<ParsedImport[]> {
  const fileScope = options.scope === undefined ? null : parseScopeOption(options.scope);
  const parts: ParsedImport[] = [];
  for (const input of inputs) {
    const area = parseOverpassTarget(input);
    const url = options.overpassUrl ?? DEFAULT_OVERPASS_URL;
    if (area && fileScope) {
      throw new Error(`--scope is for Overpass files: the live query ${input} covers its own area`);
    }
    if (area) {
      const text = await fetchOverpass(url, area, { timeoutMs: options.timeoutMs });
      parts.push(parseOverpassJson(text, `${input} (${url})`, { scope: scopeOfArea(area) }));
    } else parts.push(parseOverpassJson(await read(input, 'json'), input, { scope: fileScope }));
  }
  return parts;
}

async function loadMimit(inputs: string[], { read }: Context): Promise<ParsedImport[]> {
  if (inputs.length !== 2) throw new Error('it-mimit needs two inputs: the station file and the price file');
  const texts = await Promise.all(inputs.map((input) => read(input, 'lines')));
  // Tell the two apart by their header line, not by their names.
  const pricesAt = texts.findIndex((t) => t.split(/\r?\n/, 2)[1]?.trim() === MIMIT_PRICES_HEADER);
  const p = pricesAt < 0 ? 1 : pricesAt;
  const s = 1 - p;
  return [parseMimit(texts[s]!, inputs[s]!, texts[p]!, inputs[p]!)];
}

async function loadAfdc(inputs: string[], { options, read }: Context): Promise<ParsedImport[]> {
  const parts: ParsedImport[] = [];
  for (const input of inputs) {
    if (input === 'api') {
      const text = await fetchAfdc(options.afdcApiKey ?? '', {
        baseUrl: options.afdcUrl,
        timeoutMs: options.timeoutMs,
      });
      parts.push(parseAfdc(text, redact(options.afdcUrl ?? 'AFDC API')));
    } else parts.push(parseAfdc(await read(input), redact(input)));
  }
  return parts;
}

/** Each input read and parsed on its own by one parser. */
const eachInput =
  (parse: (input: string, ctx: Context) => Promise<ParsedImport> | ParsedImport) =>
  async (inputs: string[], ctx: Context): Promise<ParsedImport[]> => {
    const parts: ParsedImport[] = [];
    for (const input of inputs) parts.push(await parse(input, ctx));
    return parts;
  };

const LOADERS: Record<ImporterName, (inputs: string[], ctx: Context) => Promise<ParsedImport[]>> = {
  osm: loadOsm,
  'india-open': eachInput(async (input, { read, regions }) =>
    parseIndiaOpen(await read(input, 'json'), input, { regions: regions() }),
  ),
  'it-mimit': loadMimit,
  afdc: loadAfdc,
  'br-anp': eachInput(async (input, { read }) => parseBrazilAnp(await read(input, 'lines'), input)),
  'gr-cng': eachInput(async (input, { read }) => parseGreeceCng(await read(input, 'json'), input)),
  geojson: eachInput((input, { options }) => readGenericGeoJson(input, options)),
  csv: eachInput(async (input, { read, options }) =>
    parseGenericCsv(await read(input, 'lines'), input, options),
  ),
};

/**
 * Reads and parses every input of one importer (files, URLs, or live targets such as `overpass:IN`, `api`
 * for AFDC and `live` for an operator's locator). An operator's list (`operator:<mapping>`, or `mgl` and
 * `hpoil`) is read through its mapping file (operator-mapping.ts). Throws, before anything is written,
 * when an input or a mapping is missing or malformed.
 */
export async function loadImport(
  importer: string,
  inputs: string[],
  options: LoadOptions = {},
): Promise<ParsedImport> {
  const mapping = mappingOf(importer);
  if (!mapping && !IMPORTERS.includes(importer as ImporterName)) {
    throw new Error(
      `Unknown source "${importer}": use one of ${IMPORTERS.join(', ')}, mgl, hpoil or operator:<mapping>`,
    );
  }
  if (inputs.length === 0) throw new Error(`Give at least one file or URL to import with "${importer}"`);
  if (options.scope !== undefined && importer !== 'osm') {
    throw new Error(`--scope is only for osm files: a ${importer} input is a full list of its own feed`);
  }
  // India's states from coordinates, for the India lists (loaded once, on first use).
  let regionLookup: RegionLookup | null | undefined;
  const ctx: Context = {
    options,
    read: (input, kind) => readInput(input, { timeoutMs: options.timeoutMs, kind }),
    regions: () => {
      regionLookup ??= options.regionsFile ? loadRegionLookup(options.regionsFile) : null;
      return regionLookup;
    },
  };
  if (!mapping) return combine(importer, await LOADERS[importer as ImporterName](inputs, ctx));
  const liveUrls: Record<string, string | undefined> = { mgl: options.mglUrl, hpoil: options.hpoilUrl };
  const parts = await loadOperatorImport(importer, mapping, inputs, {
    regions: ctx.regions(),
    timeoutMs: options.timeoutMs,
    liveUrl: liveUrls[mapping.source],
  });
  return combine(importer, parts);
}
