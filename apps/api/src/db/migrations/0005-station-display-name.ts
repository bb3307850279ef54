import type { Kysely } from 'kysely';

/**
 * The name a driver can tell apart (station-import/display-name.ts), made when a station row is written; null
 * until the next import rewrites the row (the API then shows the source name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stations').addColumn('display_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stations').dropColumn('display_name').execute();
}
