import type { Kysely } from 'kysely';

/**
 * The parts of a display name the importer made (station-import/display-name.ts: the label and how the station
 * is placed, JSON), so clients word it in their reader's language; null for a source's own name, and on rows
 * written before this migration until the next import rewrites them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stations').addColumn('display_name_parts', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stations').dropColumn('display_name_parts').execute();
}
