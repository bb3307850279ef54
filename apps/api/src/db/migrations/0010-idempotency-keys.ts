import type { Kysely } from 'kysely';

/**
 * The Idempotency-Key of each anonymous write (a report, a proposal, a problem report, a contact message), so a
 * client that sends a write again (after a timeout, from an offline queue) gets the first answer and the write
 * counts once. A key is claimed in the transaction of the write itself: a stored key means the write is stored.
 * `status_code` and `body` hold the answer once it is sent; `fingerprint` is a hash of the method, the URL and
 * the body, to refuse the key for another request. Rows expire after `expires_at` (24 h).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('body', 'text')
    .execute();
  await db.schema
    .createIndex('idempotency_keys_expires_idx')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
