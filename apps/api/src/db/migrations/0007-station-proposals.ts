import type { Kysely } from 'kysely';
import { autoIncrementPk } from '../dialect';

/**
 * Drivers' proposals (a missing station) and problem reports ("something is wrong here"), and every decision
 * on them (ADR 0014). Stations hidden by agreement or by a moderator keep their row and id (hidden_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('station_proposals')
    .addColumn('id', 'integer', autoIncrementPk(db))
    // 'add' or 'problem'.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('station_id', 'text')
    .addColumn('reason', 'text')
    .addColumn('name', 'text')
    .addColumn('operator', 'text')
    .addColumn('note', 'text')
    .addColumn('opening_hours', 'text')
    .addColumn('lon', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('accuracy_m', 'double precision')
    .addColumn('duplicate_of', 'text')
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('network_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // 'pending' → 'approved' | 'rejected'.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema
    .createIndex('station_proposals_state_idx')
    .on('station_proposals')
    .columns(['state', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('station_proposals_station_idx')
    .on('station_proposals')
    .column('station_id')
    .execute();

  await db.schema
    .createTable('moderation_decisions')
    .addColumn('id', 'integer', autoIncrementPk(db))
    .addColumn('proposal_id', 'integer', (c) => c.notNull().references('station_proposals.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    // 'moderator' or 'drivers' (independent drivers agreed).
    .addColumn('decided_by', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('station_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('moderation_decisions_proposal_idx')
    .on('moderation_decisions')
    .column('proposal_id')
    .execute();

  await db.schema.alterTable('stations').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('stations').addColumn('hidden_reason', 'text').execute();
  // A moderator's corrected position: it stays over the sources' until a moderator changes it again.
  await db.schema.alterTable('stations').addColumn('moved_lon', 'double precision').execute();
  await db.schema.alterTable('stations').addColumn('moved_lat', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stations').dropColumn('moved_lat').execute();
  await db.schema.alterTable('stations').dropColumn('moved_lon').execute();
  await db.schema.alterTable('stations').dropColumn('hidden_reason').execute();
  await db.schema.alterTable('stations').dropColumn('hidden_at').execute();
  await db.schema.dropTable('moderation_decisions').execute();
  await db.schema.dropTable('station_proposals').execute();
}
