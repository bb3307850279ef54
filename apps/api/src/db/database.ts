import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import type pg from 'pg';
import { migrations } from './migrations';
import type { Database, Db } from './schema';
import { rememberSqliteConnection } from './sqlite-connection';

export type { Db };

export interface DbOptions {
  /** postgres:// URL; when empty, the SQLite file at `sqlitePath` is used. */
  databaseUrl: string;
  sqlitePath: string;
  /**
   * Told when an idle pooled PostgreSQL connection dies (server restart, pg_terminate_backend, network). The
   * pool drops that connection and opens a new one on the next query; without a listener pg would crash us.
   */
  onPoolError?: (err: Error) => void;
  /**
   * SQLite only: bytes of the file to memory-map, so reads take its pages without a system call each (SQLite's
   * `mmap_size`). For a connection that reads a large part of the file once and closes (a station index
   * build's worker); the mapping goes with the connection.
   */
  sqliteMmapBytes?: number;
}

export interface DbHandle {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  /** The pg pool when on PostgreSQL (LISTEN/NOTIFY needs its own connection from it). */
  pgPool: pg.Pool | null;
}

/** Where each database openDatabase opened is, to open it again. */
const locations = new WeakMap<Db, Pick<DbOptions, 'databaseUrl' | 'sqlitePath'>>();

/**
 * The options openDatabase opened `db` with (its PostgreSQL URL or SQLite file), for a worker thread that
 * opens the same database over its own connection; undefined for a database opened otherwise (a test's).
 */
export function databaseLocationOf(db: Db): Pick<DbOptions, 'databaseUrl' | 'sqlitePath'> | undefined {
  return locations.get(db);
}

/**
 * The pg package, loaded when a PostgreSQL database is opened: a server on the embedded SQLite file (and each of
 * its index worker threads) does not pay to load it at every start.
 */
const loadPg = (): typeof pg => createRequire(import.meta.url)('pg') as typeof pg;

/** How long a new PostgreSQL connection may take to open. */
export const PG_CONNECT_TIMEOUT_MS = 1500;

/** Opens the database: PostgreSQL when a URL is given, else the embedded SQLite file (WAL mode). */
export function openDatabase(options: DbOptions): DbHandle {
  if (options.databaseUrl) {
    // A connection that cannot be made within 1.5 s fails (a write then answers 503 within 2 s); the default
    // waits for ever. Keepalive probes find a connection whose server vanished without closing it.
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    pool.on('error', (err) => {
      if (options.onPoolError) options.onPoolError(err);
      else console.warn(`PostgreSQL: an idle connection was lost (${err.message}); it will be reopened.`);
    });
    // The pool listens for errors on idle connections only. One that breaks while a query holds it (the
    // server stops, the link is cut) emits 'error' with nobody listening, which would end the process; its
    // queries fail on their own (a write answers 503), and the pool drops it when it is given back.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    locations.set(db, { databaseUrl: options.databaseUrl, sqlitePath: '' });
    return { db, dialect: 'postgres', pgPool: pool };
  }
  if (options.sqlitePath !== ':memory:') fs.mkdirSync(path.dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SQLite(options.sqlitePath);
  // WAL lets readers run beside the single writer; synchronous=FULL makes an acknowledged commit survive a crash.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  if (options.sqliteMmapBytes) sqlite.pragma(`mmap_size = ${Math.floor(options.sqliteMmapBytes)}`);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  rememberSqliteConnection(db, sqlite);
  locations.set(db, { databaseUrl: '', sqlitePath: options.sqlitePath });
  return { db, dialect: 'sqlite', pgPool: null };
}

/** What Kysely runs for a ROLLBACK when SQLite has already rolled the transaction back. */
const NOTHING_TO_ROLL_BACK = {
  reader: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
} as unknown as SQLite.Statement;

/** How many prepared statements a SQLite connection keeps (the most recently used). */
const STATEMENT_CACHE_SIZE = 64;

/**
 * `sqlite` with its prepared statements kept by SQL text: Kysely prepares every query it runs, and better-sqlite3
 * does not cache them, so a statement run again (an import's upsert of 500 rows, thousands of times) was parsed
 * and planned again each time. Kysely runs one query at a time on the connection, so a kept statement is never
 * in use when it is handed out again; SQLite re-prepares one whose tables' schema changed.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      kept.clear();
      sqlite.close();
    },
    prepare: (text: string) => {
      // SQLite ends a transaction itself on some errors (a full disk, an I/O error); Kysely's ROLLBACK after it
      // would then fail with "no transaction is active", and that error would hide the one that matters.
      if (text === 'rollback' && !sqlite.inTransaction) return NOTHING_TO_ROLL_BACK;
      let statement = kept.get(text);
      if (statement) kept.delete(text);
      else {
        statement = sqlite.prepare(text);
        if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
      }
      kept.set(text, statement);
      return statement;
    },
  };
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in any schema unless told which one; on PostgreSQL pin it to the
  // connection's current schema, or a table in another schema (another tenant, a test) would be taken as ours.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Kysely's check for its own tables lists the tables of every schema and resolves each by name
  // (pg_get_serial_sequence): a schema another tenant (another test file) drops meanwhile fails that listing with
  // "schema … does not exist" (3F000) before anything ran. Nothing was applied then, so try again.
  for (let retry = 0; retry < 5 && isOtherSchemaGone(error, migrationTableSchema); retry++) {
    await new Promise((r) => setTimeout(r, 50 * (retry + 1)));
    ({ error, results } = await migrator.migrateToLatest());
  }
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(
      `Migration ${failed?.migrationName ?? '(unknown)'} failed: ${(error as Error).message ?? error}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True for PostgreSQL's "schema … does not exist" about a schema other than ours. */
function isOtherSchemaGone(error: unknown, ours: string | undefined): boolean {
  if (!ours || !error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '3F000' && typeof message === 'string' && !message.includes(`"${ours}"`);
}
