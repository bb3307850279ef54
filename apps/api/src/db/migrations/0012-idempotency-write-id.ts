import type { Kysely } from 'kysely';

/**
 * The id of the row each Idempotency-Key's write stored (a report, a proposal, a contact message), so a key
 * whose answer was never stored (the process died between the commit and the answer, or the write deadline
 * answered first) can be answered from the write itself. Null on keys stored before this column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('write_id', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('write_id').execute();
}
