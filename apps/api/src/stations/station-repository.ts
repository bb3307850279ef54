import type { CoordinateQuality, NameParts, Station, StationSource } from '@cng/shared';
import type { Db } from '../db/database';
import type { SourceRow, StationRow } from '../db/schema';
import type { StationFieldColumns } from '../db/station-columns';

/**
 * The columns of a stored station that make its wire Station, in the order the station index packs them into a
 * row's `data` array (station-index-repository.ts). stationFromRows can read no other column (its parameter's
 * type), and the list is checked against the columns Station fields are stored in (stationColumnsAgree).
 */
export const STATION_COLUMNS = [
  'id',
  'name',
  'display_name',
  'display_name_parts',
  'brand',
  'operator',
  'lon',
  'lat',
  'address',
  'city',
  'region',
  'country_code',
  'time_zone',
  'opening_hours',
  'phone',
  'price_amount',
  'price_currency',
  'price_published_at',
  'price_outlier',
  'cng_fill_type',
  'cng_pressure_psi',
  'cng_vehicle_class',
  'cng_open_24x7',
  'cng_dispensers',
  'cng_renewable',
  'access_hours',
  'source_confirmed_at',
  'coordinate_quality',
  'active',
  'first_seen_at',
  'last_seen_at',
] as const;
/** A stored station's columns that make its wire Station. */
export type StationColumns = Pick<StationRow, (typeof STATION_COLUMNS)[number]>;

/** Columns listed in STATION_COLUMNS and not stored for a Station field, or the other way round. */
type UnlistedOrExtra =
  | Exclude<StationFieldColumns, (typeof STATION_COLUMNS)[number]>
  | Exclude<(typeof STATION_COLUMNS)[number], StationFieldColumns>;
/**
 * `true` while STATION_COLUMNS lists exactly the columns a Station field is stored in (db/station-columns.ts
 * keeps those against Station and the table); otherwise the typecheck names the columns that differ.
 */
export const stationColumnsAgree: [UnlistedOrExtra] extends [never] ? true : UnlistedOrExtra = true;

/** A stored 0/1 flag (a number from a column, or from JSON the database built). */
const flag = (v: unknown): boolean | null => (v === null ? null : Number(v) === 1);

/**
 * Sources in one order on every read and both databases: by source, then its id, in code-unit order.
 * PostgreSQL returns a station's source rows (and json_agg aggregates them) in no defined order, SQLite in
 * insertion order, so the same station could list its sources differently from one rebuild to the next.
 */
function bySourceAndId(a: SourceRow, b: SourceRow): number {
  if (a.source !== b.source) return a.source < b.source ? -1 : 1;
  return a.source_id < b.source_id ? -1 : a.source_id > b.source_id ? 1 : 0;
}

/** Maps a stored row and its source rows to the wire `Station`. */
export function stationFromRows(row: StationColumns, sources: SourceRow[]): Station {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name ?? row.name,
    ...(row.display_name_parts ? { nameParts: JSON.parse(row.display_name_parts) as NameParts } : {}),
    brand: row.brand,
    operator: row.operator,
    lon: Number(row.lon),
    lat: Number(row.lat),
    address: row.address,
    city: row.city,
    region: row.region,
    countryCode: row.country_code,
    timeZone: row.time_zone,
    openingHours: row.opening_hours,
    phone: row.phone,
    price:
      row.price_amount !== null && row.price_currency && row.price_published_at
        ? {
            amount: Number(row.price_amount),
            currency: row.price_currency,
            unit: 'kg',
            publishedAt: row.price_published_at,
            outlier: Number(row.price_outlier) === 1,
          }
        : null,
    cng: {
      fillType: row.cng_fill_type,
      pressurePsi: row.cng_pressure_psi ? (JSON.parse(row.cng_pressure_psi) as number[]) : null,
      vehicleClass: row.cng_vehicle_class,
      open24x7: flag(row.cng_open_24x7),
      dispensers: row.cng_dispensers === null ? null : Number(row.cng_dispensers),
      renewable: flag(row.cng_renewable),
    },
    accessHours: row.access_hours,
    sourceConfirmedAt: row.source_confirmed_at,
    coordinateQuality: row.coordinate_quality as CoordinateQuality,
    active: Number(row.active) === 1,
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    sources: (sources.length > 1 ? [...sources].sort(bySourceAndId) : sources).map(
      (s): StationSource => ({
        source: s.source,
        sourceId: s.source_id,
        licence: s.licence,
        attribution: s.attribution,
        url: s.url,
        importedAt: s.imported_at,
      }),
    ),
  };
}

/** Maps a wire `Station` to its stored row (the inverse of stationFromRows, without sources). */
export function rowFromStation(s: Station, updatedAt: string): StationRow {
  return {
    id: s.id,
    name: s.name,
    display_name: s.displayName,
    display_name_parts: s.nameParts ? JSON.stringify(s.nameParts) : null,
    brand: s.brand,
    operator: s.operator,
    lon: s.lon,
    lat: s.lat,
    address: s.address,
    city: s.city,
    region: s.region,
    country_code: s.countryCode,
    time_zone: s.timeZone,
    opening_hours: s.openingHours,
    phone: s.phone,
    price_amount: s.price?.amount ?? null,
    price_currency: s.price?.currency ?? null,
    price_published_at: s.price?.publishedAt ?? null,
    price_outlier: s.price ? (s.price.outlier ? 1 : 0) : null,
    cng_fill_type: s.cng.fillType,
    cng_pressure_psi: s.cng.pressurePsi ? JSON.stringify(s.cng.pressurePsi) : null,
    cng_vehicle_class: s.cng.vehicleClass,
    cng_open_24x7: s.cng.open24x7 === null ? null : s.cng.open24x7 ? 1 : 0,
    cng_dispensers: s.cng.dispensers ?? null,
    cng_renewable: s.cng.renewable === null || s.cng.renewable === undefined ? null : s.cng.renewable ? 1 : 0,
    access_hours: s.accessHours ?? null,
    source_confirmed_at: s.sourceConfirmedAt ?? null,
    coordinate_quality: s.coordinateQuality,
    active: s.active ? 1 : 0,
    hidden_at: null,
    hidden_reason: null,
    moved_lon: null,
    moved_lat: null,
    first_seen_at: s.firstSeenAt,
    last_seen_at: s.lastSeenAt,
    updated_at: updatedAt,
  };
}

/** Every active station with its sources, for the in-memory index. Two queries, joined in memory. */
export async function loadActiveStations(db: Db): Promise<Station[]> {
  const rows = await db
    .selectFrom('stations')
    .selectAll()
    .where('active', '=', 1)
    .where('hidden_at', 'is', null)
    .orderBy('id')
    .execute();
  const sourceRows = await db
    .selectFrom('station_sources')
    .innerJoin('stations', 'stations.id', 'station_sources.station_id')
    .selectAll('station_sources')
    .where('stations.active', '=', 1)
    .where('stations.hidden_at', 'is', null)
    .execute();
  const byStation = new Map<string, SourceRow[]>();
  for (const s of sourceRows) {
    const list = byStation.get(s.station_id);
    if (list) list.push(s);
    else byStation.set(s.station_id, [s]);
  }
  return rows.map((r) => stationFromRows(r, byStation.get(r.id) ?? []));
}

/** One station (active or not) with its sources, or null. */
export async function loadStation(db: Db, id: string): Promise<Station | null> {
  const row = await db.selectFrom('stations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const sources = await db.selectFrom('station_sources').selectAll().where('station_id', '=', id).execute();
  return stationFromRows(row, sources);
}

/** Positions of these stations (active or not) by id; ids with no station are missing. 500 ids a query. */
export async function loadStationPositions(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { lon: number; lat: number }>> {
  const out = new Map<string, { lon: number; lat: number }>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('stations')
      .select(['id', 'lon', 'lat'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.id, { lon: Number(r.lon), lat: Number(r.lat) });
  }
  return out;
}
