import type { Kysely } from 'kysely';

/**
 * A keyed hash of the reporter's network (IP address, or IPv6 /64) on each driver report (ADR 0009), so the
 * cooldown and the status model can tell one network dropping its cookie from many drivers. Never the raw
 * address: an HMAC keyed with a secret derived from COOKIE_SECRET. Older rows have none (null).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('station_reports').addColumn('network_hash', 'text').execute();
  // The per-network cooldown looks up a network's recent reports at one station.
  await db.schema
    .createIndex('station_reports_network_idx')
    .on('station_reports')
    .columns(['network_hash', 'station_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('station_reports_network_idx').execute();
  await db.schema.alterTable('station_reports').dropColumn('network_hash').execute();
}
