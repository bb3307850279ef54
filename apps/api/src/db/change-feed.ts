import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';

/** Channels on the change feed. Payloads stay small (ids, not rows): Postgres NOTIFY caps them at 8000 bytes. */
export interface ChangeEvents {
  /** The station table changed; every instance rebuilds its in-memory index. */
  'stations-changed': { reason: string };
  /** A station's live status changed. */
  'status-changed': { stationId: string };
  /**
   * This instance may have missed events (its LISTEN connection was lost and is back): reload everything
   * kept in memory from the database. Emitted locally by the feed, never published.
   */
  resync: { reason: string };
  /** The feed lost its connection and is retrying; emitted locally, for the log. */
  'feed-lost': { error: string; retryInMs: number };
}
export type ChangeChannel = keyof ChangeEvents;

export interface ChangeFeed {
  publish<C extends ChangeChannel>(channel: C, payload: ChangeEvents[C]): Promise<void>;
  subscribe<C extends ChangeChannel>(channel: C, listener: (payload: ChangeEvents[C]) => void): () => void;
  close(): Promise<void>;
}

const PG_CHANNEL = 'cng_changes';

/**
 * The NOTIFY channel of a schema: every instance on one schema shares it (the default `public` keeps the plain
 * name), and databases in other schemas of the same server (the test suite's, run in parallel) never hear each
 * other. Identifiers stop at 63 bytes: a long schema name is replaced by a digest of it.
 */
export function changeChannelOf(schema: string): string {
  if (schema === 'public') return PG_CHANNEL;
  const name = `${PG_CHANNEL}_${schema}`;
  return Buffer.byteLength(name) <= 63
    ? name
    : `${PG_CHANNEL}_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

/** Quoted for LISTEN and UNLISTEN; pg_notify takes the same name as text. */
const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

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

export interface PostgresFeedOptions {
  /** First wait before reconnecting (ms); doubles per failed try up to `maxRetryMs`. */
  minRetryMs?: number;
  maxRetryMs?: number;
}

/**
 * Feed shared by every instance on one PostgreSQL: NOTIFY to publish, one dedicated LISTEN connection to receive.
 * The publisher hears its own notification too, so every instance (itself included) reacts exactly once.
 *
 * The LISTEN connection can die (database restart, failover, an idle-connection killer, pg_terminate_backend).
 * Then the feed reconnects with back-off, LISTENs again and emits `resync` and `stations-changed` locally:
 * notifications sent while it was away are lost for good, so whatever this instance keeps in memory must be
 * reloaded from the database.
 */
export async function createPostgresChangeFeed(
  pool: pg.Pool,
  options: PostgresFeedOptions = {},
): Promise<ChangeFeed> {
  const minRetryMs = options.minRetryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const local = createLocalChangeFeed();
  /** The schema's channel (changeChannelOf), read on the first LISTEN connection from its search_path. */
  let pgChannel = '';
  /** The live LISTEN connection and how to let go of it. */
  let client: { release(): Promise<void> } | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== pgChannel || !msg.payload) return;
    try {
      const { channel, payload } = JSON.parse(msg.payload) as { channel: ChangeChannel; payload: never };
      void local.publish(channel, payload);
    } catch {
      // A malformed notification from another writer is ignored rather than crashing the listener.
    }
  };

  /** Takes a connection from the pool and LISTENs on it; a failure leaves nothing behind. */
  async function listen(): Promise<void> {
    const c = await pool.connect();
    let done = false;
    const detach = () => {
      done = true;
      c.off('notification', onNotification);
      c.off('error', onLost);
      c.off('end', onEnd);
    };
    const self = {
      async release() {
        if (done) return;
        await c.query(`UNLISTEN ${quoted(pgChannel)}`).catch(() => {});
        // The connection may have broken during UNLISTEN, and onLost has then destroyed it already.
        if (done) return;
        detach();
        c.release();
      },
    };
    function onLost(err?: Error) {
      if (done) return;
      detach();
      // Destroy rather than return to the pool: the connection is broken.
      c.release(err ?? true);
      if (client === self) {
        client = null;
        scheduleReconnect(err?.message ?? 'connection ended', 1);
      }
    }
    function onEnd() {
      onLost();
    }
    // Registered before LISTEN: an 'error' event without a listener would end the whole process.
    c.on('error', onLost);
    c.on('end', onEnd);
    c.on('notification', onNotification);
    try {
      if (!pgChannel) {
        const { rows } = await c.query<{ schema: string | null }>('select current_schema() as schema');
        pgChannel = changeChannelOf(rows[0]?.schema ?? 'public');
      }
      await c.query(`LISTEN ${quoted(pgChannel)}`);
    } catch (err) {
      onLost(err as Error);
      throw err;
    }
    client = self;
  }

  function scheduleReconnect(reason: string, attempt: number): void {
    if (closed) return;
    const retryInMs = Math.min(maxRetryMs, minRetryMs * 2 ** (attempt - 1));
    void local.publish('feed-lost', { error: reason, retryInMs });
    retryTimer = setTimeout(async () => {
      retryTimer = null;
      if (closed) return;
      try {
        await listen();
      } catch (err) {
        return scheduleReconnect((err as Error).message, attempt + 1);
      }
      // Closed while reconnecting: let go of the new connection rather than announce it.
      if (closed) {
        await releaseListener();
        return;
      }
      const why = `LISTEN connection was lost (${reason}) and is back after ${attempt} tr${attempt === 1 ? 'y' : 'ies'}`;
      await local.publish('resync', { reason: why });
      await local.publish('stations-changed', { reason: `resync: ${why}` });
    }, retryInMs);
    retryTimer.unref?.();
  }

  async function releaseListener(): Promise<void> {
    const c = client;
    client = null;
    await c?.release();
  }

  await listen();
  return {
    async publish(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [pgChannel, JSON.stringify({ channel, payload })]);
    },
    subscribe: local.subscribe,
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await releaseListener();
      await local.close();
    },
  };
}
