import { sql } from 'kysely';
import type { Db } from './database';

/** Active stations in the database: one indexed count, which also proves the database answers. */
export async function countActiveStations(db: Db): Promise<number> {
  const row = await db
    .selectFrom('stations')
    .select(sql<number>`count(*)`.as('n'))
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
