import { hash } from 'node:crypto';
import { type CngDetails, type CoordinateQuality, companyIn } from '@cng/shared';
import tzLookup from '@photostructure/tz-lookup';
import { iso1A2Code } from '@rapideditor/country-coder';

import { nameRefusal, normaliseText, unsafeTextProblem } from '../../lib/unsafe-text';
import { normaliseCompanies } from '../../stations/stations';
import type { RegionLookup } from './region-lookup';
import type { Candidate, RecordPrice, Rejection, RejectReason } from './station-record';

/** A row as an importer read it, before validation. Coordinates may still be strings or missing. */
export interface RawRow {
  source: string;
  sourceId: string | null;
  /** File name and 1-based row number, for the rejection report. */
  where: string;
  name: unknown;
  brand?: string | null;
  operator?: string | null;
  lon: unknown;
  lat: unknown;
  /** ISO 3166-1 alpha-2 the row says it is in; checked against the coordinates. */
  claimedCountry?: string | null;
  address?: string | null;
  city?: string | null;
  region?: string | null;
  openingHours?: string | null;
  accessHours?: string | null;
  /** When the source itself last confirmed the station: an ISO-8601 date or date-time. */
  sourceConfirmedAt?: string | null;
  phone?: string | null;
  price?: RecordPrice | null;
  cng?: Partial<CngDetails>;
  coordinateQuality: CoordinateQuality;
  licence: string;
  attribution: string;
  url?: string | null;
  /** The company that publishes this source itself (MGL's own list: MGL); its operator unless the row says otherwise. */
  sourceCompany?: string | null;
}

export interface ValidateOptions {
  /** Polygons that give the region (state) from the coordinates; a hit wins over the region the row carries. */
  regions?: RegionLookup | null;
  /**
   * The one copy of a text kept for a run (validateRows passes one): brands, operators, towns, opening hours
   * and price dates repeat across thousands of rows, and each parsed row brings its own copy.
   */
  intern?: (text: string) => string;
}

/** HTML entities some sources leave in their text ("Swamy Samarth Service Station&#039;"). */
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#039;': "'",
  '&#39;': "'",
  '&apos;': "'",
};

const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = normaliseText(String(v))
    .replace(/&(amp|quot|#0?39|apos);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  return s === '' ? null : s;
};

/**
 * The longest text a field may hold. OpenStreetMap caps every tag at 255 characters; the longest real values
 * in our sources are far below these (a MIMIT operator of 158 characters is the longest field seen).
 */
export const TEXT_LIMITS = {
  name: 200,
  brand: 120,
  operator: 255,
  address: 300,
  city: 120,
  region: 120,
  openingHours: 255,
  accessHours: 300,
  phone: 100,
  licence: 200,
  attribution: 300,
  url: 500,
} as const;

/** An absolute http(s) URL, the only links a station may carry (no javascript:, data:, file:…). */
function isHttpUrl(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** The short name of the company a text names, for nameRefusal's look-alike test. */
const companyNamed = (text: string) => companyIn(text)?.short ?? companyIn(text, 'field')?.short ?? null;

/** The first problem of a record's text fields, as a rejection reason and detail, or null when all are fine. */
function textProblem(fields: Record<keyof typeof TEXT_LIMITS, string | null>): [RejectReason, string] | null {
  for (const [field, value] of Object.entries(fields) as [keyof typeof TEXT_LIMITS, string | null][]) {
    if (value === null) continue;
    // A byte that is not UTF-8 was read as U+FFFD: the row's text is lost, not merely odd.
    const lost = value.indexOf('\uFFFD');
    if (lost >= 0)
      return [
        'bad-encoding',
        `${field} holds U+FFFD at position ${lost + 1}, a byte that is not UTF-8: the file mixes text encodings`,
      ];
    const problem = unsafeTextProblem(value);
    if (problem) return ['unsafe-text', `${field} ${problem}`];
    if (value.length > TEXT_LIMITS[field])
      return ['too-long', `${field} has ${value.length} characters, at most ${TEXT_LIMITS[field]}`];
  }
  for (const field of ['name', 'brand', 'operator'] as const) {
    const value = fields[field];
    const refusal = value === null ? null : nameRefusal(value, companyNamed);
    if (refusal) return ['deceptive-name', `${field} ${refusal.problem}`];
  }
  if (fields.url !== null && !isHttpUrl(fields.url))
    return ['bad-url', `url ${JSON.stringify(fields.url.slice(0, 80))} is not an http(s) URL`];
  return null;
}

/** Plain decimal degrees, optionally signed, with a decimal point or (some sources) a decimal comma. */
const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

function coordinate(v: unknown): number | RejectReason {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === ''))
    return 'missing-coordinates';
  if (typeof v === 'number') return Number.isFinite(v) ? v : 'non-numeric-coordinates';
  // Number() also reads hex ("0x4D" is 77), binary, octal, exponents and "Infinity": none is a coordinate.
  if (typeof v !== 'string' || !DECIMAL.test(v.trim())) return 'non-numeric-coordinates';
  return Number(v.trim().replace(',', '.'));
}

/** The ISO 3166-1 alpha-2 code of the country at lon, lat, or null at sea (country-coder, offline). */
export function countryAt(lon: number, lat: number): string | null {
  return iso1A2Code([lon, lat]);
}

/** Validates one raw row: a Candidate, or a Rejection that says why. */
export function validateRow(row: RawRow, options: ValidateOptions = {}): Candidate | Rejection {
  const reject = (reason: RejectReason, detail?: string): Rejection => ({
    source: row.source,
    where: row.where,
    sourceId: row.sourceId,
    reason,
    ...(detail ? { detail } : {}),
  });
  if (!row.sourceId) return reject('missing-id');
  const lon = coordinate(row.lon);
  const lat = coordinate(row.lat);
  if (typeof lon === 'string') return reject(lon, `longitude ${JSON.stringify(row.lon)}`);
  if (typeof lat === 'string') return reject(lat, `latitude ${JSON.stringify(row.lat)}`);
  if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return reject('out-of-range', `${lon}, ${lat}`);
  if (lon === 0 && lat === 0) return reject('null-island');
  const country = countryAt(lon, lat);
  const claimed = text(row.claimedCountry)?.toUpperCase() ?? null;
  if (claimed && country !== claimed && iso1A2Code([lon, lat], { level: 'territory' }) !== claimed) {
    return reject('outside-country', `claims ${claimed}, coordinates are in ${country ?? 'no country'}`);
  }
  if (!country) return reject('no-country', `${lon}, ${lat}`);
  const name = text(row.name) ?? text(row.brand);
  if (!name) return reject('empty-name');
  const { brand, operator } = normaliseCompanies({
    name,
    brand: text(row.brand),
    operator: text(row.operator),
    sourceCompany: row.sourceCompany,
  });
  const region = options.regions?.(lon, lat) ?? text(row.region);
  const fields = {
    name,
    brand,
    operator,
    address: text(row.address),
    city: text(row.city),
    region,
    openingHours: text(row.openingHours),
    accessHours: text(row.accessHours),
    phone: text(row.phone),
    licence: row.licence,
    attribution: row.attribution,
    url: text(row.url),
  };
  const problem = textProblem(fields);
  if (problem) return reject(...problem);
  // A confirmation date that is not a date is dropped, not guessed.
  const confirmedRaw = text(row.sourceConfirmedAt);
  const confirmedAt =
    confirmedRaw && !Number.isNaN(Date.parse(confirmedRaw)) ? new Date(confirmedRaw).toISOString() : null;
  const intern = options.intern ?? ((t: string) => t);
  const keep = <T extends string | null>(t: T): T => (t === null ? t : (intern(t) as T));
  return {
    source: row.source,
    sourceId: row.sourceId,
    record: {
      name,
      brand: keep(brand),
      operator: keep(fields.operator),
      lon,
      lat,
      address: fields.address,
      city: keep(fields.city),
      region: keep(region),
      countryCode: claimed ?? country,
      timeZone: safeTimeZone(lat, lon),
      openingHours: keep(fields.openingHours),
      ...(fields.accessHours ? { accessHours: keep(fields.accessHours) } : {}),
      ...(confirmedAt ? { sourceConfirmedAt: keep(confirmedAt) } : {}),
      phone: fields.phone,
      price: row.price
        ? { ...row.price, currency: keep(row.price.currency), publishedAt: keep(row.price.publishedAt) }
        : null,
      cng: {
        fillType: row.cng?.fillType ?? null,
        pressurePsi: row.cng?.pressurePsi ?? null,
        vehicleClass: row.cng?.vehicleClass ?? null,
        open24x7: row.cng?.open24x7 ?? (fields.openingHours === '24/7' ? true : null),
        ...(row.cng?.dispensers != null ? { dispensers: row.cng.dispensers } : {}),
        ...(row.cng?.renewable != null ? { renewable: row.cng.renewable } : {}),
      },
      coordinateQuality: row.coordinateQuality,
      licence: row.licence,
      attribution: row.attribution,
      url: fields.url,
    },
  };
}

function safeTimeZone(lat: number, lon: number): string | null {
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}

/** True when `x` is a Rejection (validateRow's failure branch). */
export const isRejection = (x: Candidate | Rejection): x is Rejection => 'reason' in x;

/**
 * What makes two rows of one source one registration: every field except the row's id, the URL built from
 * that id, and the time a price was sent (MIMIT has one pump registered twice, its price sent seconds apart).
 * Rows at one place that differ in brand, operator or price are two registrations and are both kept.
 */
function duplicateKey(c: Candidate): string {
  const { name, url: _url, price, ...rest } = c.record;
  return JSON.stringify([c.source, name.toLowerCase(), rest, price && [price.amount, price.currency]]);
}

/**
 * Validates rows of one source in order and rejects exact duplicates: a repeated source id, or a row equal
 * to an earlier one in every field that describes the station (duplicateKey). A row is remembered by the
 * SHA-1 of its duplicateKey and the index of its candidate, not by the key's text: 200,000 texts of ~400
 * characters were ~100 MB of a large import's peak.
 */
export function validateRows(
  rows: Iterable<RawRow>,
  options: ValidateOptions = {},
): { candidates: Candidate[]; rejected: Rejection[] } {
  const candidates: Candidate[] = [];
  const rejected: Rejection[] = [];
  const seenIds = new Map<string, Set<string>>();
  const seenRows = new Map<string, number>();
  // Where each candidate was (the text the importer made for its row), for the detail of a later duplicate.
  const whereOf: string[] = [];
  const texts = new Map<string, string>();
  const intern = (text: string) => {
    const kept = texts.get(text);
    if (kept !== undefined) return kept;
    texts.set(text, text);
    return text;
  };
  const rowOptions = { ...options, intern };
  for (const row of rows) {
    const result = validateRow(row, rowOptions);
    if (isRejection(result)) {
      rejected.push(result);
      continue;
    }
    let ids = seenIds.get(result.source);
    if (!ids) {
      ids = new Set();
      seenIds.set(result.source, ids);
    }
    const rowKey = hash('sha1', duplicateKey(result), 'base64');
    const earlier = seenRows.get(rowKey);
    const idSeen = ids.has(result.sourceId);
    if (idSeen || earlier !== undefined) {
      rejected.push({
        source: row.source,
        where: row.where,
        sourceId: row.sourceId,
        reason: 'duplicate',
        detail: idSeen
          ? `id ${result.sourceId} seen before`
          : `same as ${whereOf[earlier!]} (id ${candidates[earlier!]!.sourceId})`,
      });
      continue;
    }
    ids.add(result.sourceId);
    seenRows.set(rowKey, candidates.length);
    whereOf.push(row.where);
    candidates.push(result);
  }
  return { candidates, rejected };
}
