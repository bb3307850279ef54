import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../db/database';
import { isSqlite } from '../db/dialect';
import type { Database, StationRow } from '../db/schema';
import type { StoredChunk, StoredSource, StoredStation } from './import-plan';

/**
 * The import engine's SQL (ADR 0015: SQL lives in repositories): reading the current stations and source
 * records, writing a planned run's rows in batches, and recording runs in import_runs.
 */

// Kept well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
export const CHUNK_ROWS = 500;

export function* chunks<T>(list: T[], size = CHUNK_ROWS): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Every source record as a run plans against it (import-plan.ts): keys, station, hash, presence and
 * position, not its record's text. With `withCountry`, each record's country, read out of its JSON.
 */
export async function readPlanSources(
  trx: Transaction<Database>,
  withCountry: boolean,
): Promise<StoredSource[]> {
  const country = !withCountry
    ? sql<string | null>`null`
    : isSqlite(trx as unknown as Kysely<unknown>)
      ? sql<string | null>`json_extract(record, '$.countryCode')`
      : sql<string | null>`(record::json ->> 'countryCode')`;
  return await trx
    .selectFrom('station_sources')
    .select(['station_id', 'source', 'source_id', 'content_hash', 'present', 'lon', 'lat'])
    .select(country.as('country_code'))
    .execute();
}

/** Every station as the same-station rule compares it (import-plan.ts): position and names, not whole rows. */
export async function readPlanStations(trx: Transaction<Database>): Promise<StoredStation[]> {
  return await trx
    .selectFrom('stations')
    .select(['id', 'lon', 'lat', 'name', 'brand', 'operator', 'coordinate_quality'])
    .execute();
}

/** The SQL of a query for `count` ids, built by Kysely once per count and dialect (see upsertSql). */
const byIdsSqlCache = new Map<string, string>();
function byIdsSql(
  trx: Transaction<Database>,
  name: 'stations' | 'sources',
  count: number,
  build: (ids: string[]) => { compile(): { sql: string } },
): string {
  const key = [isSqlite(trx as unknown as Kysely<unknown>), name, count].join('|');
  let text = byIdsSqlCache.get(key);
  if (text === undefined) {
    text = build(Array.from({ length: count }, () => '')).compile().sql;
    byIdsSqlCache.set(key, text);
  }
  return text;
}

/** The whole rows of the stations `ids` and the texts of their source records (at most CHUNK_ROWS ids). */
export async function readStoredChunk(trx: Transaction<Database>, ids: string[]): Promise<StoredChunk> {
  if (ids.length === 0) return { stations: [], sources: [] };
  const stationsSql = byIdsSql(trx, 'stations', ids.length, (list) =>
    trx.selectFrom('stations').selectAll().where('id', 'in', list),
  );
  const sourcesSql = byIdsSql(trx, 'sources', ids.length, (list) =>
    trx
      .selectFrom('station_sources')
      .select(['source', 'source_id', 'record'])
      .where('station_id', 'in', list),
  );
  const stations = await trx.executeQuery<StationRow>(CompiledQuery.raw(stationsSql, ids));
  const sources = await trx.executeQuery<StoredChunk['sources'][number]>(CompiledQuery.raw(sourcesSql, ids));
  return { stations: stations.rows, sources: sources.rows };
}

/** How many stations the database holds (the start-up import runs only on an empty table). */
export async function countStations(db: Db): Promise<number> {
  const row = await db.selectFrom('stations').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The SQL of an upsert of `count` rows of `columns` into `table`, built by Kysely once per shape and dialect
 * and kept: building the query of 500 rows of 36 columns anew for every chunk was seconds of an import of
 * 200,000 stations, and the same text lets the SQLite statement cache (db/database.ts) reuse it.
 */
const upsertSqlCache = new Map<string, string>();
function upsertSql(
  trx: Transaction<Database>,
  table: 'stations' | 'station_sources',
  conflict: string[],
  columns: string[],
  count: number,
): string {
  const key = [isSqlite(trx as unknown as Kysely<unknown>), table, conflict, columns, count].join('|');
  let text = upsertSqlCache.get(key);
  if (text === undefined) {
    const row = Object.fromEntries(columns.map((c) => [c, null]));
    const update = columns.filter((c) => !conflict.includes(c));
    text = trx
      .insertInto(table)
      .values(Array.from({ length: count }, () => row) as never)
      .onConflict((oc) =>
        oc
          .columns(conflict as never)
          .doUpdateSet(
            (eb) => Object.fromEntries(update.map((c) => [c, eb.ref(`excluded.${c}` as never)])) as never,
          ),
      )
      .compile().sql;
    upsertSqlCache.set(key, text);
  }
  return text;
}

/** Inserts or replaces whole rows of `table` in batches (ON CONFLICT … DO UPDATE works in both dialects). */
export async function upsertRows<T extends 'stations' | 'station_sources'>(
  trx: Transaction<Database>,
  table: T,
  conflict: string[],
  rows: Record<string, unknown>[],
  progress: () => void,
) {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  for (const chunk of chunks(rows)) {
    const parameters = new Array<unknown>(chunk.length * columns.length);
    let p = 0;
    for (const row of chunk) for (const c of columns) parameters[p++] = row[c] ?? null;
    await trx.executeQuery(
      CompiledQuery.raw(upsertSql(trx, table, conflict, columns, chunk.length), parameters),
    );
    progress();
  }
}

/** Deletes the source records a run replaces. */
export async function deleteSourceRecords(
  trx: Transaction<Database>,
  records: { source: string; sourceId: string }[],
) {
  for (const chunk of chunks(records)) {
    await trx
      .deleteFrom('station_sources')
      .where((eb) =>
        eb.or(chunk.map((d) => eb.and([eb('source', '=', d.source), eb('source_id', '=', d.sourceId)]))),
      )
      .execute();
  }
}

/** Source ids by source, each list sorted. */
function bySource(records: { source: string; sourceId: string }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of records) {
    const ids = out.get(s.source);
    if (ids) ids.push(s.sourceId);
    else out.set(s.source, [s.sourceId]);
  }
  // In key order, so each batch updates neighbouring rows (see markStationsSeen).
  for (const ids of out.values()) ids.sort();
  return out;
}

/** Moves "last imported" of the records a run saw (by source and source id) to `now`. */
export async function markSourceRecordsImported(
  trx: Transaction<Database>,
  seen: { source: string; sourceId: string }[],
  now: string,
) {
  for (const [source, ids] of bySource(seen)) {
    for (const chunk of chunks(ids)) {
      await trx
        .updateTable('station_sources')
        .set({ imported_at: now })
        .where('source', '=', source)
        .where('source_id', 'in', chunk)
        .execute();
    }
  }
}

/** Marks the records a full import no longer had as absent (present = 0); the rest of each row stays. */
export async function markSourceRecordsAbsent(
  trx: Transaction<Database>,
  records: { source: string; sourceId: string }[],
) {
  for (const [source, ids] of bySource(records)) {
    for (const chunk of chunks(ids)) {
      await trx
        .updateTable('station_sources')
        .set({ present: 0 })
        .where('source', '=', source)
        .where('source_id', 'in', chunk)
        .execute();
    }
  }
}

/**
 * Moves "last seen" of the active stations a run saw to `now`. `+active` keeps SQLite on the primary key:
 * with a plain `active = 1` it chose stations_active_idx, which every active station matches, so each batch
 * of 500 ids scanned the whole table (60 of a 112 s import of 200,000 stations). Unary plus is the
 * same test in PostgreSQL. The ids are sorted first: rows are stored in id order (they are written in it), so
 * each batch updates neighbouring pages; in the order of the input file every batch touched pages all over
 * the table, and a re-import of 200,000 stations spent 7 s here.
 */
export async function markStationsSeen(trx: Transaction<Database>, stationIds: string[], now: string) {
  for (const chunk of chunks([...stationIds].sort())) {
    await trx
      .updateTable('stations')
      .set({ last_seen_at: now })
      .where('id', 'in', chunk)
      .where(sql<number>`+active`, '=', 1)
      .execute();
  }
}

export interface ImportRunRow {
  source: string;
  inputs: string;
  started_at: string;
  finished_at: string;
  dry_run: number;
  status: 'succeeded' | 'failed';
  counts: string | null;
  error: string | null;
}

/** Records a run in import_runs; returns its id. */
export async function insertImportRun(db: Executor, row: ImportRunRow): Promise<number> {
  const run = await db.insertInto('import_runs').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(run.id);
}
