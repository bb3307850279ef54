import type { Db } from '../db/database';

/** Every station and source row, in a fixed order: what "the stations are exactly as they were" compares. */
export async function stationSnapshot(db: Db) {
  return {
    stations: await db.selectFrom('stations').selectAll().orderBy('id').execute(),
    sources: await db
      .selectFrom('station_sources')
      .selectAll()
      .orderBy('source')
      .orderBy('source_id')
      .execute(),
  };
}
