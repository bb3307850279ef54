import { type ColumnDefinitionBuilder, type Kysely, SqliteAdapter } from 'kysely';

/** True when `db` talks to SQLite; the few dialect differences in migrations branch on it. */
export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/** An auto-incrementing integer primary key in either dialect. */
export function autoIncrementPk(db: Kysely<unknown>) {
  return (c: ColumnDefinitionBuilder) =>
    isSqlite(db) ? c.primaryKey().autoIncrement() : c.primaryKey().generatedByDefaultAsIdentity();
}

/** The largest id an auto-incremented `integer` column holds in both dialects (32-bit on PostgreSQL). */
export const MAX_INTEGER_ID = 2_147_483_647;
