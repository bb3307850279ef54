import type { Kysely } from 'kysely';
import { autoIncrementPk } from '../dialect';

/**
 * Fuel stations that may sell CNG (ADR 0037): OpenStreetMap `amenity=fuel` points that no source says sell
 * CNG. A candidate is never a station; drivers answer "Does this pump sell CNG?" and, when enough independent
 * drivers say yes, it becomes one ("confirmed by drivers", `station_id`), or when enough say no it is retired.
 * `candidate_answers` keeps every answer, with the same device and network keys as proposals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fuel_candidates')
    // The source's own id (the India dataset's `cng-…` id), so a re-import updates the same row.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('brand', 'text')
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('region', 'text')
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('attribution', 'text', (c) => c.notNull())
    // 'open' → 'confirmed' (a station now) | 'retired' (drivers say it sells no CNG).
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('station_id', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('decided_by', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fuel_candidates_place_idx')
    .on('fuel_candidates')
    .columns(['state', 'lat', 'lon'])
    .execute();

  await db.schema
    .createTable('candidate_answers')
    .addColumn('id', 'integer', autoIncrementPk(db))
    .addColumn('candidate_id', 'text', (c) => c.notNull().references('fuel_candidates.id'))
    // 'yes', 'no' or 'unknown'.
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('network_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('candidate_answers_candidate_idx')
    .on('candidate_answers')
    .columns(['candidate_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('candidate_answers_device_idx')
    .on('candidate_answers')
    .column('device_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('candidate_answers').execute();
  await db.schema.dropTable('fuel_candidates').execute();
}
