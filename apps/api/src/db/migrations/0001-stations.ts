import type { Kysely } from 'kysely';
import { autoIncrementPk } from '../dialect';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brand', 'text')
    .addColumn('operator', 'text')
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('region', 'text')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('time_zone', 'text')
    .addColumn('opening_hours', 'text')
    .addColumn('phone', 'text')
    .addColumn('price_amount', 'double precision')
    .addColumn('price_currency', 'text')
    .addColumn('price_published_at', 'text')
    .addColumn('price_outlier', 'integer')
    .addColumn('cng_fill_type', 'text')
    .addColumn('cng_pressure_psi', 'text')
    .addColumn('cng_vehicle_class', 'text')
    .addColumn('cng_open_24x7', 'integer')
    .addColumn('coordinate_quality', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stations_active_idx').on('stations').column('active').execute();

  await db.schema
    .createTable('station_sources')
    .addColumn('station_id', 'text', (c) => c.notNull().references('stations.id'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('licence', 'text', (c) => c.notNull())
    .addColumn('attribution', 'text', (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('lon', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('coordinate_quality', 'text', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    // The normalized record as this source last gave it: the station row is rebuilt from its sources' records.
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addColumn('present', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('station_sources_pk', ['source', 'source_id'])
    .execute();
  await db.schema
    .createIndex('station_sources_station_idx')
    .on('station_sources')
    .column('station_id')
    .execute();

  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'integer', autoIncrementPk(db))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('counts', 'text')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('import_runs').execute();
  await db.schema.dropTable('station_sources').execute();
  await db.schema.dropTable('stations').execute();
}
