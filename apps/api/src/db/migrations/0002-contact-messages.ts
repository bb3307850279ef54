import type { Kysely } from 'kysely';
import { autoIncrementPk } from '../dialect';

/**
 * Contact messages and their outbox (ADR 0007): the message and its outbox row are written in one
 * transaction; every forwarding attempt is kept so "what happened to my message?" always has an answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', autoIncrementPk(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    // 1 when the honeypot was filled: kept for the record, never forwarded.
    .addColumn('spam', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('contact_outbox')
    .addColumn('id', 'integer', autoIncrementPk(db))
    .addColumn('message_id', 'integer', (c) => c.notNull().unique().references('contact_messages.id'))
    // pending → sending (leased) → sent | failed; a lapsed lease makes `sending` claimable again.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_outbox_due_idx')
    .on('contact_outbox')
    .columns(['state', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('contact_delivery_attempts')
    .addColumn('id', 'integer', autoIncrementPk(db))
    .addColumn('outbox_id', 'integer', (c) => c.notNull().references('contact_outbox.id'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('forwarder', 'text', (c) => c.notNull())
    // HTTP status for EmailJS, SMTP reply code for SMTP, 0 when no answer came back.
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contact_delivery_attempts_outbox_idx')
    .on('contact_delivery_attempts')
    .column('outbox_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_delivery_attempts').execute();
  await db.schema.dropTable('contact_outbox').execute();
  await db.schema.dropTable('contact_messages').execute();
}
