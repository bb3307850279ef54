import type SQLite from 'better-sqlite3';
import type { Db } from './schema';

/** The better-sqlite3 connection under each SQLite Kysely instance openDatabase made. */
const sqliteConnections = new WeakMap<Db, SQLite.Database>();

/** Called by openDatabase for each SQLite database it opens. */
export function rememberSqliteConnection(db: Db, sqlite: SQLite.Database): void {
  sqliteConnections.set(db, sqlite);
}

/**
 * The better-sqlite3 connection under `db`, when openDatabase opened it on SQLite; else undefined. Only for
 * a repository's bulk read that Kysely's row objects make slow (the station index load); everything else
 * goes through Kysely. Its SQL is out of Kysely's sight, so only repositories may import this module (the
 * `raw-connections-only-in-repositories` rule of .dependency-cruiser.cjs).
 */
export function sqliteConnectionOf(db: Db): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}
