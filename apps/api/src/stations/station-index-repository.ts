import type { Station } from '@cng/shared';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database';
import { isSqlite } from '../db/dialect';
import { type SourceRow, type StationRow, stationFromRows } from './station-repository';

/** The newest import run's id (any source, any outcome), or null: the station index polls it. */
export async function latestImportRunId(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('import_runs')
    .select(sql<number | null>`max(id)`.as('id'))
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/** The columns of one station packed into its `data` array, in this order (see stationFromIndexRow). */
const STATION_COLUMNS = [
  'id',
  'name',
  'display_name',
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
const SOURCE_COLUMNS = ['source', 'source_id', 'licence', 'attribution', 'url', 'imported_at'] as const;

/**
 * One active station as the index loads it: what the index searches and filters on as plain values, and
 * everything else as one JSON text (`data`, the columns of STATION_COLUMNS then the sources), made by the
 * database. Reading a few values and one string per row instead of ~40 values is most of what makes a
 * start on 200,000 stations fast; `data` becomes a Station only when one is shown (stationFromIndexRow).
 */
export interface StationIndexRow {
  id: string;
  lon: number;
  lat: number;
  name: string;
  brand: string | null;
  operator: string | null;
  city: string | null;
  region: string | null;
  address: string | null;
  data: string;
}

/**
 * Every active station, not hidden, ordered by id, in the compact shape of StationIndexRow. Sorted here rather
 * than by the database: SQLite picked stations_active_idx (which every active station matches) and then sorted
 * in a temporary B-tree, ~0.7 s of a 4 s load of 200,000 stations; `+active` keeps it on one table scan.
 */
export async function loadStationIndexRows(db: Db): Promise<StationIndexRow[]> {
  const sqlite = isSqlite(db as unknown as Kysely<unknown>);
  // json_array / json_group_array in SQLite, json_build_array / json_agg in PostgreSQL: the same JSON.
  const array = sql.raw(sqlite ? 'json_array' : 'json_build_array');
  const columns = sql.raw(STATION_COLUMNS.map((c) => `s.${c}`).join(', '));
  const sourceColumns = sql.raw(SOURCE_COLUMNS.map((c) => `ss.${c}`).join(', '));
  const sources = sqlite
    ? sql`json((select json_group_array(json_array(${sourceColumns})) from station_sources ss where ss.station_id = s.id))`
    : sql`(select coalesce(json_agg(json_build_array(${sourceColumns})), '[]'::json) from station_sources ss where ss.station_id = s.id)`;
  const result = await sql<StationIndexRow & { data: string | object }>`
    select s.id, s.lon, s.lat, s.name, s.brand, s.operator, s.city, s.region, s.address,
      ${array}(${columns}, ${sources}) as data
    from stations s
    where +s.active = 1 and s.hidden_at is null`.execute(db);
  for (const row of result.rows) {
    row.lon = Number(row.lon);
    row.lat = Number(row.lat);
    // node-postgres parses json columns; cast to text there would cost the same, so re-serialise.
    if (typeof row.data !== 'string') row.data = JSON.stringify(row.data);
  }
  // Ids are ASCII (st_ and hex, or a test's): code-unit order is the database's binary order.
  return (result.rows as StationIndexRow[]).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

type Packed = [...unknown[], unknown[][]];

/**
 * The wire Station of a StationIndexRow's `data`: its packed columns and sources, named again and mapped by
 * stationFromRows, the one row-to-Station mapping. The coordinates come from their own columns: SQLite
 * writes reals into JSON with 15 significant digits.
 */
export function stationFromIndexRow(data: string, lon: number, lat: number): Station {
  const d = JSON.parse(data) as Packed;
  const row = Object.fromEntries(STATION_COLUMNS.map((name, i) => [name, d[i]])) as unknown as StationRow;
  const sources = (d[STATION_COLUMNS.length] as unknown[][]).map(
    (s) => Object.fromEntries(SOURCE_COLUMNS.map((name, i) => [name, s[i]])) as unknown as SourceRow,
  );
  return stationFromRows({ ...row, lon, lat }, sources);
}
