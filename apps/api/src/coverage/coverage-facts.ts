import fs from 'node:fs';
import path from 'node:path';
import type { OfficialCount } from '@cng/shared';
import { loadRegionLookup, type RegionLookup } from '../station-import/station-import';

/** A city of the city-gas table (india_cgd_areas.json): its suppliers and, where found, its official count. */
export interface CoverageCity {
  name: string;
  state: string;
  countryCode: string;
  lon: number;
  lat: number;
  suppliers: string[];
  sources: string[];
  official: OfficialCount | null;
}

/** An official count of a state or a country (official_station_counts.json). */
export interface CoverageRegion {
  kind: 'state' | 'country';
  name: string;
  countryCode: string;
  official: OfficialCount;
}

/**
 * The coverage fact tables of shared/data/coverage, and the state polygons that place a point in an Indian
 * state. Each part is empty when its file is missing: a fact not known means "not known", never "none".
 */
export interface CoverageFacts {
  cities: CoverageCity[];
  /** States and countries with an official count; a country's newest figure only. */
  regions: CoverageRegion[];
  /** The state (as the polygons name it) at a point, or null. */
  stateAt: RegionLookup;
  /** Why a part could not be read, for the start-up log. */
  problems: string[];
}

const CITIES_FILE = 'india_cgd_areas.json';
const COUNTS_FILE = 'official_station_counts.json';

/** The ISO code of an English country name ("Italy" → IT), from the runtime's own region names. */
function countryCodeOf(name: string): string | null {
  const names = new Intl.DisplayNames('en', { type: 'region' });
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (names.of(code) === name) return code;
    }
  }
  return null;
}

/** Fold of a place name for matching the tables' spellings to the polygons' ("Delhi", "DELHI"). */
export const foldName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

function readJson(file: string, problems: string[]): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push(`${file}: ${(err as Error).message}`);
    return null;
  }
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function officialOf(row: Record<string, unknown>, count: unknown): OfficialCount | null {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return null;
  if (!isText(row.asOf) || !isText(row.source)) return null;
  const official: OfficialCount = { count, asOf: row.asOf, source: row.source };
  if (isText(row.sourceUrl)) official.sourceUrl = row.sourceUrl;
  if (row.disputed === true) official.disputed = true;
  return official;
}

function citiesOf(data: unknown, problems: string[]): CoverageCity[] {
  const rows = (data as { cities?: unknown } | null)?.cities;
  if (!Array.isArray(rows)) return [];
  const out: CoverageCity[] = [];
  for (const row of rows as Record<string, unknown>[]) {
    const centre = row.centre as { lat?: unknown; lon?: unknown } | undefined;
    const lat = centre?.lat;
    const lon = centre?.lon;
    if (!isText(row.city) || !isText(row.state) || typeof lat !== 'number' || typeof lon !== 'number') {
      problems.push(`${CITIES_FILE}: a row without city, state or centre is skipped`);
      continue;
    }
    const stations = row.officialStations as Record<string, unknown> | undefined;
    out.push({
      name: row.city,
      state: row.state,
      countryCode: 'IN',
      lon,
      lat,
      suppliers: Array.isArray(row.operators) ? row.operators.filter(isText) : [],
      sources: Array.isArray(row.sources) ? row.sources.filter(isText) : [],
      official: stations ? officialOf(stations, stations.count) : null,
    });
  }
  return out;
}

const SAME_REPORT = 'same report';

/** Dates compare as text once they start with a year (2025-05 > 2024-03-31). */
const newer = (a: OfficialCount, b: OfficialCount) => a.asOf.localeCompare(b.asOf) > 0;

function regionsOf(data: unknown): CoverageRegion[] {
  const table = data as { states?: unknown; countries?: unknown } | null;
  const out: CoverageRegion[] = [];
  if (Array.isArray(table?.states)) {
    // A row whose source is "same report" was read in the row above's source.
    let lastSource: string | null = null;
    for (const row of table.states as Record<string, unknown>[]) {
      let source = row.source;
      if (isText(source) && lastSource !== null && source.startsWith(SAME_REPORT))
        source = lastSource + source.slice(SAME_REPORT.length);
      else if (isText(source)) lastSource = source;
      const official = officialOf({ ...row, source }, row.stations);
      if (isText(row.state) && official)
        out.push({ kind: 'state', name: row.state, countryCode: 'IN', official });
    }
  }
  const countries = new Map<string, CoverageRegion>();
  if (Array.isArray(table?.countries)) {
    for (const row of table.countries as Record<string, unknown>[]) {
      const official = officialOf(row, row.stations);
      const code = isText(row.country) ? countryCodeOf(row.country) : null;
      if (!official || !code) continue;
      const known = countries.get(code);
      if (!known || newer(official, known.official))
        countries.set(code, { kind: 'country', name: row.country as string, countryCode: code, official });
    }
  }
  return [...out, ...countries.values()];
}

/** Reads the fact tables in `dir` and the state polygons of `regionsFile` (either may be missing). */
export function loadCoverageFacts(dir: string, regionsFile: string): CoverageFacts {
  const problems: string[] = [];
  const cities = citiesOf(readJson(path.join(dir, CITIES_FILE), problems), problems);
  const regions = regionsOf(readJson(path.join(dir, COUNTS_FILE), problems));
  let stateAt: RegionLookup = () => null;
  try {
    stateAt = loadRegionLookup(regionsFile);
  } catch (err) {
    problems.push((err as Error).message);
  }
  return { cities, regions, stateAt, problems };
}
