import path from 'node:path';
import { CANDIDATE_ID_PATTERN } from '@cng/shared';
import {
  INFERRED_SOURCES,
  isRejection,
  parseJson,
  type RawRow,
  type RegionLookup,
  type Rejection,
  validateRow,
} from '../station-import/station-import';

/** Licence and credit of the candidates of the India open dataset: its OpenStreetMap `amenity=fuel` rows. */
export const INDIA_CANDIDATES_SOURCE = {
  source: 'india-open:fuel',
  licence: 'ODbL-1.0',
  attribution:
    '© OpenStreetMap contributors, via the India CNG stations dataset by bash1401 (cng-route-planner-india-data)',
} as const;

/** A fuel station that may sell CNG, checked like a station row (position, country, name) and ready to store. */
export interface FuelCandidateRecord {
  id: string;
  source: string;
  name: string | null;
  brand: string | null;
  lon: number;
  lat: number;
  country: string;
  region: string | null;
  licence: string;
  attribution: string;
}

export interface ParsedCandidates {
  input: string;
  /** Rows in the file, candidates or not. */
  read: number;
  candidates: FuelCandidateRecord[];
  /** The candidate rows refused, each with its reason (a broken position, outside India, a name that lies). */
  rejected: Rejection[];
}

/** The ids the API's routes take: a row with any other id could never be answered about. */
const CANDIDATE_ID = new RegExp(CANDIDATE_ID_PATTERN);

interface IndiaRow {
  id?: unknown;
  name?: unknown;
  latitude?: unknown;
  longitude?: unknown;
  source?: unknown;
}

/**
 * The candidates of the India open dataset (`dataset/stations.json`): its `cgd_inferred` and `all_india_fuel`
 * rows, every OpenStreetMap `amenity=fuel` in India that its author assumed sells CNG without a source saying
 * so. The station importer refuses those rows as stations; here they become questions for drivers (ADR 0037).
 * Each row goes through the station rules (validateRow), so a candidate is at a real place in India with an
 * honest name; the rows of other sources are not candidates and are skipped without a word.
 */
export function parseIndiaCandidates(
  text: string,
  input: string,
  regions: RegionLookup | null = null,
): ParsedCandidates {
  const data = parseJson(text, input);
  if (!Array.isArray(data))
    throw new Error(`${input} is not an India open dataset file: expected a JSON array`);
  const file = path.basename(input);
  const { source, licence, attribution } = INDIA_CANDIDATES_SOURCE;
  const candidates: FuelCandidateRecord[] = [];
  const rejected: Rejection[] = [];
  const seen = new Set<string>();
  data.forEach((row: IndiaRow, i) => {
    if (typeof row !== 'object' || row === null || !INFERRED_SOURCES.has(String(row.source))) return;
    const where = `${file}#${i + 1}`;
    const id = typeof row.id === 'string' && CANDIDATE_ID.test(row.id) ? row.id : null;
    if (!id) {
      rejected.push({ source, where, sourceId: null, reason: 'missing-id' });
      return;
    }
    if (seen.has(id)) {
      rejected.push({ source, where, sourceId: id, reason: 'duplicate', detail: `id ${id}` });
      return;
    }
    const raw: RawRow = {
      source,
      sourceId: id,
      where,
      name: row.name,
      lon: row.longitude,
      lat: row.latitude,
      claimedCountry: 'IN',
      coordinateQuality: 'osm',
      licence,
      attribution,
    };
    const checked = validateRow(raw, { regions });
    if (isRejection(checked)) {
      rejected.push(checked);
      return;
    }
    seen.add(id);
    const r = checked.record;
    candidates.push({
      id,
      source,
      name: r.name,
      brand: r.brand,
      lon: r.lon,
      lat: r.lat,
      country: r.countryCode,
      region: r.region,
      licence,
      attribution,
    });
  });
  return { input, read: data.length, candidates, rejected };
}
