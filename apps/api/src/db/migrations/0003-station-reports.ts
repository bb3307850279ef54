import type { Kysely } from 'kysely';
import { autoIncrementPk } from '../dialect';

/**
 * Driver reports and official statuses, append-only (ADR 0009). The row id is the live event sequence.
 * No foreign key to stations: station ids are stable across re-imports, and a report must never block
 * (or be deleted by) station maintenance; the route checks that the station exists when it writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('station_reports')
    .addColumn('id', 'integer', autoIncrementPk(db))
    .addColumn('station_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('queue_min', 'integer')
    .addColumn('note', 'text')
    // 'driver' or 'official'.
    .addColumn('source', 'text', (c) => c.notNull())
    // The anonymous device id from the signed cookie; 'operator' for official statuses. Never served.
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('lon', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('accuracy_m', 'double precision')
    .addColumn('distance_m', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text')
    .execute();
  await db.schema
    .createIndex('station_reports_station_idx')
    .on('station_reports')
    .columns(['station_id', 'created_at'])
    .execute();
  // The per-device cooldown looks up a device's latest report at one station.
  await db.schema
    .createIndex('station_reports_device_idx')
    .on('station_reports')
    .columns(['device_id', 'station_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('station_reports_created_idx')
    .on('station_reports')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('station_reports').execute();
}
