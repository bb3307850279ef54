import type { Price, Station, StationSource } from '@cng/shared';

/**
 * A price as a source gives it, in `currency` per kg: the station's Price without its unit. `outlier` is true
 * when the price is implausible next to the rest of its run (see price-outliers.ts).
 */
export type RecordPrice = Omit<Price, 'unit'>;

/** The Station fields a source describes (packages/shared/src/station.ts is the one station shape). */
type DescribedFields =
  | 'name'
  | 'brand'
  | 'operator'
  | 'lon'
  | 'lat'
  | 'address'
  | 'city'
  | 'region'
  | 'countryCode'
  | 'timeZone'
  | 'openingHours'
  | 'accessHours'
  | 'sourceConfirmedAt'
  | 'phone'
  | 'cng'
  | 'coordinateQuality';

/**
 * One station as one source describes it, after validation: what `station_sources.record` stores and what
 * the station row is rebuilt from (station-import/merge-station.ts). Derived from the shared Station: its
 * described fields, the price without a unit, and the source's licence, attribution and link.
 */
export interface StationRecord
  extends Pick<Station, DescribedFields>,
    Pick<StationSource, 'licence' | 'attribution' | 'url'> {
  price: RecordPrice | null;
}

/** A validated record with the source it came from and its id inside that source. */
export interface Candidate {
  /** Source key, e.g. `osm`, `india-open`, `india-open:gail_pdf`, `it-mimit`, `afdc`, `csv:acme`. */
  source: string;
  sourceId: string;
  record: StationRecord;
}

/** A row an importer refused, with the reason (reject-reasons.ts) and where it was. */
export interface Rejection {
  source: string;
  /** File name and 1-based row or line number, e.g. `stations.json#12`. */
  where: string;
  sourceId: string | null;
  reason: RejectReason;
  detail?: string;
}

export const REJECT_REASONS = {
  'missing-coordinates': 'latitude or longitude is missing',
  'non-numeric-coordinates': 'latitude or longitude is not a number',
  'out-of-range': 'latitude outside -90..90 or longitude outside -180..180',
  'null-island': 'the point is (0, 0), a placeholder rather than a place',
  'no-country': 'the point is not inside any country (at sea?)',
  'outside-country': 'the point is outside the country the row claims',
  'empty-name': 'neither a name nor a brand',
  'missing-id': 'the row has no id in its source',
  'malformed-row': 'the row has the wrong number of fields and cannot be repaired safely',
  duplicate:
    'an exact duplicate of an earlier row of the same source: the same id, or the same name, brand, operator, position, address and price',
  'not-cng-verified': 'the source marks the row as inferred, not a verified CNG station',
  'not-cng': 'the row is not a CNG station',
  'not-open': 'the station is planned, temporarily closed or private',
  'no-station-for-price': 'a price row whose station is not in the station file',
  'unsafe-text': 'a text field holds a control or bidi-override character',
  'bad-encoding': 'a text field holds a byte that is not UTF-8 (a file in another, or mixed, text encoding)',
  'too-long': 'a text field is longer than any real value of its kind',
  'bad-url': 'a link is not an http(s) URL',
  'deceptive-name':
    'a name, brand or operator has no letters, mixes Latin, Cyrillic or Greek in one word, or imitates a company in another script',
} as const;
export type RejectReason = keyof typeof REJECT_REASONS;

/**
 * Reasons that say the source no longer offers the row as a CNG station: it is not CNG, not verified, not
 * open, or gone from the station file. Every other reason is a fault in the row (a broken coordinate, a bad
 * character, a duplicate): the source still lists the station, so it stays as it was and is not retired,
 * and the row counts towards the run's share of bad rows (station-import/mass-retire-guard.ts).
 */
export const SOURCE_DROPPED_REASONS: ReadonlySet<RejectReason> = new Set([
  'not-cng',
  'not-cng-verified',
  'not-open',
  'no-station-for-price',
  'missing-id',
]);

/**
 * What one run covers for deactivation: records of `source` that the run did not see become absent, but only
 * inside the scope (a live query of one country must not retire the rest of the world).
 */
export interface FeedScope {
  source: string;
  /** `all` = the whole source; otherwise only stored records whose country code is in the list. */
  countries: 'all' | string[];
  /** Optional box [west, south, east, north] in degrees: only records inside it are in scope. */
  bbox?: [number, number, number, number];
}

/** Everything one importer produced from its inputs, before anything touches the database. */
export interface ParsedImport {
  importer: string;
  inputs: string[];
  read: number;
  candidates: Candidate[];
  rejected: Rejection[];
  /** What the run may retire; empty = nothing (e.g. an Overpass file without `--scope`). */
  feeds: FeedScope[];
}
