import type { Station } from '@cng/shared';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database';
import { isSqlite } from '../db/dialect';
import type { SourceRow } from '../db/schema';
import { sqliteConnectionOf } from '../db/sqlite-connection';
import { STATION_COLUMNS, type StationColumns, stationFromRows } from './station-repository';

/** The newest import run's id (any source, any outcome), or null: the station index polls it. */
export async function latestImportRunId(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('import_runs')
    .select(sql<number | null>`max(id)`.as('id'))
    .executeTakeFirst();
  return row?.id == null ? null : Number(row.id);
}

/**
 * How many stations are active (hidden ones included): one indexed count, which sizes the work of an index build
 * and, for the health check, also proves the database answers.
 */
export async function countActiveStations(db: Db): Promise<number> {
  const row = await db
    .selectFrom('stations')
    .select(sql<number>`count(*)`.as('n'))
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

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
  /** The packed row; with `sources`, only the station's columns (a JSON array) that they complete. */
  data: string;
  /**
   * The sources' packed arrays, when the read left them apart from `data` (SQLite): the packed row is `data`
   * with `[sources…]` as its last element (packedRowText). The index builder writes the pieces one after
   * another; joining them first made a second copy of every row. (Reading them as blobs, to copy bytes
   * without decoding, was slower: a Buffer per value costs more than the decoding.)
   */
  sources?: string[];
}

/** A row's whole packed text: `data`, or `data` completed with its `sources`. */
export function packedRowText(row: StationIndexRow): string {
  return row.sources ? `${row.data.slice(0, -1)},[${row.sources.join(',')}]]` : row.data;
}

/** An active station's columns, then its sources, as the index keeps them (StationIndexRow.data). */
const STATION_DATA = STATION_COLUMNS.map((c) => `s.${c}`).join(', ');
const SOURCE_DATA = SOURCE_COLUMNS.map((c) => `ss.${c}`).join(', ');
const ACTIVE = 'where +s.active = 1 and s.hidden_at is null';

/**
 * Hands `visit` every active station, not hidden, in the compact shape of StationIndexRow, ordered by id
 * (ids are ASCII, st_ and hex or a test's, so code-unit order is the database's binary order); returns how
 * many. A row is the visitor's to keep or drop: the index builder keeps a few values of it, so a start on
 * 200,000 stations never holds 200,000 row objects at once.
 */
export async function readStationIndexRows(db: Db, visit: (row: StationIndexRow) => void): Promise<number> {
  if (isSqlite(db as unknown as Kysely<unknown>)) {
    const sqlite = sqliteConnectionOf(db);
    if (sqlite) {
      // Kysely's connection, held so no Kysely transaction is open on it meanwhile; both reads in one
      // read transaction, so the sources are those of the very stations read.
      return db
        .connection()
        .execute(async () =>
          sqlite.transaction(() =>
            joinSqliteRows(
              sqlite.prepare(SQLITE_SOURCES).raw().iterate() as IterableIterator<[string, string]>,
              sqlite.prepare(SQLITE_STATIONS).raw().iterate() as IterableIterator<RawIndexRow>,
              visit,
            ),
          )(),
        );
    }
    // A Kysely made from the one openDatabase opened (withPlugin, in a test): the same reads through it.
    return db.transaction().execute(async (trx) => {
      const sources = await sql<{ s: string; d: string }>`${sql.raw(SQLITE_SOURCES)}`.execute(trx);
      const stations = await sql<Record<string, unknown>>`${sql.raw(SQLITE_STATIONS)}`.execute(trx);
      return joinSqliteRows(
        sources.rows.map((r) => Object.values(r) as [string, string]).values(),
        stations.rows.map((r) => Object.values(r) as RawIndexRow).values(),
        visit,
      );
    });
  }
  const result = await sql<StationIndexRow & { data: string | object }>`
    select s.id, s.lon, s.lat, s.name, s.brand, s.operator, s.city, s.region, s.address,
      json_build_array(${sql.raw(STATION_DATA)},
        (select coalesce(json_agg(json_build_array(${sql.raw(SOURCE_DATA)})), '[]'::json)
         from station_sources ss where ss.station_id = s.id)) as data
    from stations s ${sql.raw(ACTIVE)}`.execute(db);
  const rows = result.rows;
  for (const row of rows) {
    row.lon = Number(row.lon);
    row.lat = Number(row.lat);
    // node-postgres parses json columns; cast to text there would cost the same, so re-serialise.
    if (typeof row.data !== 'string') row.data = JSON.stringify(row.data);
  }
  // Sorted here, not with `order by`: PostgreSQL would order by its collation, not by code unit.
  rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const row of rows as StationIndexRow[]) visit(row);
  return rows.length;
}

/** A station row of readFromSqlite: id, lon, lat, name, brand, operator, city, region, address, columns. */
type RawIndexRow = [string, number, number, string, ...Nullable5, string];
type Nullable5 = [string | null, string | null, string | null, string | null, string | null];

/** The sources of the SQLite read, packed, by station in the order the old per-station lookup read them. */
const SQLITE_SOURCES = `select ss.station_id, json_array(${SOURCE_DATA})
  from station_sources ss not indexed order by ss.station_id, ss.rowid`;
/** The active stations of the SQLite read, in id order: what the index searches, then the packed columns. */
const SQLITE_STATIONS = `select s.id, s.lon, s.lat, s.name, s.brand, s.operator, s.city, s.region, s.address,
  json_array(${STATION_DATA}) from stations s ${ACTIVE} order by s.id`;

/**
 * The SQLite read of readStationIndexRows, as arrays of values (better-sqlite3's raw mode; its row objects
 * cost more than the query) from two scans in id order, joined here: the stations, and the sources sorted
 * by station. One correlated lookup of the sources per station read their rows all over the file and took
 * longer than everything else together (~1.3 of ~2 s at 200,000 stations); a Map of every station's
 * sources kept 200,000 strings alive for the garbage collector to copy.
 */
function joinSqliteRows(
  sources: Iterator<[string, string]>,
  stationRows: Iterable<RawIndexRow>,
  visit: (row: StationIndexRow) => void,
): number {
  let source = sources.next();
  let n = 0;
  for (const [id, lon, lat, name, brand, operator, city, region, address, columns] of stationRows) {
    // Sources of stations not listed (retired, hidden) sort between and are passed over.
    while (!source.done && source.value[0] < id) source = sources.next();
    const packed: string[] = [];
    while (!source.done && source.value[0] === id) {
      packed.push(source.value[1]);
      source = sources.next();
    }
    // json_array(columns…, [sources…]) as the PostgreSQL query makes it, left in pieces (packedRowText).
    visit({ id, lon, lat, name, brand, operator, city, region, address, data: columns, sources: packed });
    n++;
  }
  if (!source.done) sources.return?.();
  return n;
}

/** What the station search reads of a station (StationSearch's fields), with its id. */
export type StationSearchRow = Pick<
  StationIndexRow,
  'id' | 'name' | 'brand' | 'operator' | 'city' | 'region' | 'address'
>;

/**
 * Hands `visit` the searched fields of every active station, not hidden, in the order of
 * readStationIndexRows: what a thread that builds only the search reads (station-index-build.ts).
 */
export async function readStationSearchRows(db: Db, visit: (row: StationSearchRow) => void): Promise<number> {
  const sqlite = sqliteConnectionOf(db);
  const columns = 's.id, s.name, s.brand, s.operator, s.city, s.region, s.address';
  if (sqlite) {
    const rows = sqlite
      .prepare(`select ${columns} from stations s ${ACTIVE} order by s.id`)
      .raw()
      .iterate() as IterableIterator<[string, string, ...(string | null)[]]>;
    let n = 0;
    for (const [id, name, brand, operator, city, region, address] of rows) {
      visit({
        id,
        name,
        brand: brand!,
        operator: operator!,
        city: city!,
        region: region!,
        address: address!,
      });
      n++;
    }
    return n;
  }
  const result =
    await sql<StationSearchRow>`select ${sql.raw(columns)} from stations s ${sql.raw(ACTIVE)}`.execute(db);
  const rows = result.rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const row of rows) visit(row);
  return rows.length;
}

type Packed = [...unknown[], unknown[][]];

/**
 * The wire Station of a StationIndexRow's `data`: its packed columns and sources, named again and mapped by
 * stationFromRows, the one row-to-Station mapping. The coordinates come from their own columns: SQLite
 * writes reals into JSON with 15 significant digits.
 */
export function stationFromIndexRow(data: string, lon: number, lat: number): Station {
  const d = JSON.parse(data) as Packed;
  const row = Object.fromEntries(STATION_COLUMNS.map((name, i) => [name, d[i]])) as unknown as StationColumns;
  const sources = (d[STATION_COLUMNS.length] as unknown[][]).map(
    (s) => Object.fromEntries(SOURCE_COLUMNS.map((name, i) => [name, s[i]])) as unknown as SourceRow,
  );
  return stationFromRows({ ...row, lon, lat }, sources);
}

/**
 * The station index's revision: moved by the database on every write to stations and station_sources
 * (migration 0008), so an index snapshot stamped with it is current exactly while it is unchanged.
 */
export async function stationIndexRevision(db: Db): Promise<string> {
  const row = await db
    .selectFrom('station_index_revision')
    .select('revision')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return String(row.revision);
}
