import { COORDINATE_QUALITIES } from '@cng/shared';
import type { StationRow } from '../db/schema';
import { displayNameOf } from './display-name';
import type { StationRecord } from './importers/station-record';

/** One source's record of a station, and whether the source's latest import still had it. */
export interface SourceRecord {
  source: string;
  record: StationRecord;
  present: boolean;
}

const rank = (r: SourceRecord) => COORDINATE_QUALITIES.indexOf(r.record.coordinateQuality);

/** Sources that still list the station first, then best coordinate quality first, then by name for stability. */
export function orderSources(sources: SourceRecord[]): SourceRecord[] {
  return [...sources].sort(
    (a, b) =>
      Number(b.present) - Number(a.present) ||
      rank(a) - rank(b) ||
      (a.source < b.source ? -1 : a.source > b.source ? 1 : 0),
  );
}

/**
 * Builds a station row from all its source records: the position (and country, time zone) of the best-quality
 * coordinate, every other field from the first source that has it, the newest non-outlier price. A station is
 * active while at least one source still lists it. Timestamps are carried over from `previous`.
 */
export function mergeStation(
  id: string,
  sources: SourceRecord[],
  previous: StationRow | undefined,
  now: string,
): StationRow {
  const ordered = orderSources(sources);
  const moved = previous?.moved_lon != null && previous.moved_lat != null;
  const best = ordered[0]!.record;
  const records = ordered.map((s) => s.record);
  const first = <K extends keyof StationRecord>(key: K): StationRecord[K] | null =>
    records.find((r) => r[key] !== null && r[key] !== undefined)?.[key] ?? null;
  const cngFirst = <K extends keyof StationRecord['cng']>(key: K) =>
    records.find((r) => r.cng[key] !== null && r.cng[key] !== undefined)?.cng[key] ?? null;
  const prices = records
    .flatMap((r) => (r.price ? [r.price] : []))
    .sort((a, b) => Number(a.outlier) - Number(b.outlier) || (a.publishedAt < b.publishedAt ? 1 : -1));
  const price = prices[0] ?? null;
  const pressure = cngFirst('pressurePsi');
  const open24x7 = cngFirst('open24x7');
  const renewable = cngFirst('renewable');
  // The latest confirmation any source gives.
  const confirmed = records
    .map((r) => r.sourceConfirmedAt ?? null)
    .filter((d): d is string => d !== null)
    .sort();
  const displayName = displayNameOf({
    name: best.name,
    brand: first('brand'),
    operator: first('operator'),
    address: first('address'),
    city: first('city'),
    lon: best.lon,
    lat: best.lat,
  });
  return {
    id,
    name: best.name,
    display_name: displayName.text,
    display_name_parts: displayName.parts ? JSON.stringify(displayName.parts) : null,
    brand: first('brand'),
    operator: first('operator'),
    lon: moved ? Number(previous!.moved_lon) : best.lon,
    lat: moved ? Number(previous!.moved_lat) : best.lat,
    address: first('address'),
    city: first('city'),
    region: best.region ?? first('region'),
    country_code: best.countryCode,
    time_zone: best.timeZone,
    opening_hours: first('openingHours'),
    phone: first('phone'),
    price_amount: price?.amount ?? null,
    price_currency: price?.currency ?? null,
    price_published_at: price?.publishedAt ?? null,
    price_outlier: price ? (price.outlier ? 1 : 0) : null,
    cng_fill_type: cngFirst('fillType'),
    cng_pressure_psi: pressure ? JSON.stringify(pressure) : null,
    cng_vehicle_class: cngFirst('vehicleClass'),
    cng_open_24x7: open24x7 === null ? null : open24x7 ? 1 : 0,
    cng_dispensers: cngFirst('dispensers') ?? null,
    cng_renewable: renewable === null || renewable === undefined ? null : renewable ? 1 : 0,
    access_hours: first('accessHours') ?? null,
    source_confirmed_at: confirmed.at(-1) ?? null,
    coordinate_quality: moved ? 'corrected' : best.coordinateQuality,
    active: sources.some((s) => s.present) ? 1 : 0,
    // Hiding and moving are decisions about the station, not a source's: imports never undo them.
    hidden_at: previous?.hidden_at ?? null,
    hidden_reason: previous?.hidden_reason ?? null,
    moved_lon: previous?.moved_lon ?? null,
    moved_lat: previous?.moved_lat ?? null,
    first_seen_at: previous?.first_seen_at ?? now,
    last_seen_at: previous?.last_seen_at ?? now,
    updated_at: previous?.updated_at ?? now,
  };
}

const BOOKKEEPING = new Set(['first_seen_at', 'last_seen_at', 'updated_at']);

/** True when two rows differ in anything a user can see (timestamps aside). */
export function stationRowChanged(a: StationRow, b: StationRow): boolean {
  for (const key of Object.keys(a) as (keyof StationRow)[]) {
    if (BOOKKEEPING.has(key)) continue;
    const x = a[key];
    const y = b[key];
    // PostgreSQL hands back numbers as numbers but be strict about null vs value.
    if (x === y) continue;
    if (typeof x === 'number' || typeof y === 'number') {
      if (Number(x) !== Number(y) || x === null || y === null) return true;
      continue;
    }
    return true;
  }
  return false;
}
