import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect';

/** The tables the station index is built from: every write to them moves the revision (ADR 0024). */
const INDEXED_TABLES = ['stations', 'station_sources'] as const;
const EVENTS = ['insert', 'update', 'delete'] as const;

/**
 * A revision that every write to the station index's tables moves, kept by the database itself (triggers), so
 * no writer (an import, a moderator, a CLI on another process, a future one) can forget it: a snapshot of the
 * index stamped with it is the database's state exactly when the stamp is still current (ADR 0024). On SQLite
 * only, where snapshots are kept: the table exists on PostgreSQL too, without triggers.
 *
 * Each revision is a new random value, not a count: a database made anew beside an old snapshot, or restored
 * from a backup and then written differently, never arrives at a revision a snapshot of other data was
 * stamped with (a count would: the same import into a new file makes the same number of writes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('station_index_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', 'text', (c) => c.notNull())
    .execute();
  const next = isSqlite(db) ? 'lower(hex(randomblob(16)))' : 'md5(random()::text || clock_timestamp()::text)';
  await sql.raw(`insert into station_index_revision (id, revision) values (1, ${next})`).execute(db);
  // PostgreSQL keeps no snapshot (ADR 0024). Its trigger would make every write transaction to the station
  // tables wait on this one row until commit: a moderator's edit behind a whole import, or a deadlock.
  if (!isSqlite(db)) return;
  for (const table of INDEXED_TABLES)
    for (const event of EVENTS)
      await sql
        .raw(
          `create trigger ${table}_${event}_revision after ${event} on ${table} ` +
            `begin update station_index_revision set revision = ${next} where id = 1; end`,
        )
        .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db))
    for (const table of INDEXED_TABLES)
      for (const event of EVENTS) await sql.raw(`drop trigger ${table}_${event}_revision`).execute(db);
  await db.schema.dropTable('station_index_revision').execute();
}
