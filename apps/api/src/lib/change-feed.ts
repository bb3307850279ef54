import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** Channels on the change feed. Payloads stay small (ids, not rows): Postgres NOTIFY caps them at 8000 bytes. */
export interface ChangeEvents {
  /** The station table changed; every instance rebuilds its in-memory index. */
  'stations-changed': { reason: string };
  /** A station's live status changed. */
  'status-changed': { stationId: string };
}
export type ChangeChannel = keyof ChangeEvents;

export interface ChangeFeed {
  publish<C extends ChangeChannel>(channel: C, payload: ChangeEvents[C]): Promise<void>;
  subscribe<C extends ChangeChannel>(channel: C, listener: (payload: ChangeEvents[C]) => void): () => void;
  close(): Promise<void>;
}

const PG_CHANNEL = 'cng_changes';

/** In-process feed: one server on SQLite. */
export function createLocalChangeFeed(): ChangeFeed {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Feed shared by every instance on one PostgreSQL: NOTIFY to publish, one dedicated LISTEN connection to receive.
 * The publisher hears its own notification too, so every instance (itself included) reacts exactly once.
 */
export async function createPostgresChangeFeed(pool: pg.Pool): Promise<ChangeFeed> {
  const local = createLocalChangeFeed();
  const client = await pool.connect();
  let closed = false;
  client.on('notification', (msg) => {
    if (msg.channel !== PG_CHANNEL || !msg.payload) return;
    try {
      const { channel, payload } = JSON.parse(msg.payload) as { channel: ChangeChannel; payload: never };
      void local.publish(channel, payload);
    } catch {
      // A malformed notification from another writer is ignored rather than crashing the listener.
    }
  });
  await client.query(`LISTEN ${PG_CHANNEL}`);
  return {
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [PG_CHANNEL, JSON.stringify({ channel, payload })]);
    },
    subscribe: local.subscribe,
    async close() {
      if (closed) return;
      closed = true;
      await client.query(`UNLISTEN ${PG_CHANNEL}`).catch(() => {});
      client.release();
      await local.close();
    },
  };
}
