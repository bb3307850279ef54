import type { Kysely } from 'kysely';

/**
 * Fields the AFDC gives that the station model had no place for: CNG dispensers, renewable gas,
 * the hours and access in words ("Access Days Time"), and the date the source last confirmed the station.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stations').addColumn('cng_dispensers', 'integer').execute();
  await db.schema.alterTable('stations').addColumn('cng_renewable', 'integer').execute();
  await db.schema.alterTable('stations').addColumn('access_hours', 'text').execute();
  await db.schema.alterTable('stations').addColumn('source_confirmed_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['source_confirmed_at', 'access_hours', 'cng_renewable', 'cng_dispensers']) {
    await db.schema.alterTable('stations').dropColumn(column).execute();
  }
}
