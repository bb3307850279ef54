import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../test-support/test-db';
import { waitUntil } from '../test-support/wait-until';
import {
  type ChangeEvents,
  type ChangeFeed,
  changeChannelOf,
  createLocalChangeFeed,
  createPostgresChangeFeed,
} from './change-feed';

describe('local change feed', () => {
  it('delivers a published event to every subscriber until it unsubscribes', async () => {
    const feed = createLocalChangeFeed();
    const got: string[] = [];
    const off = feed.subscribe('status-changed', ({ stationId }) => got.push(stationId));
    await feed.publish('status-changed', { stationId: 'a' });
    off();
    await feed.publish('status-changed', { stationId: 'b' });
    expect(got).toEqual(['a']);
    await feed.close();
  });
});

describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))('PostgreSQL change feed (%s)', () => {
  // A name of our own, so the test terminates its own LISTEN connection and nobody else's.
  const appName = `feed-test-${randomBytes(4).toString('hex')}`;
  let pool: pg.Pool | null = null;
  let feed: ChangeFeed | null = null;
  afterEach(async () => {
    await feed?.close();
    await pool?.end();
    feed = null;
    pool = null;
  });

  /** Backend pids of this test's LISTEN connection(s). */
  const listeners = async (admin: pg.Pool) =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = $1 and query ilike 'LISTEN%'",
        [appName],
      )
    ).rows.map((r) => r.pid);

  it('survives pg_terminate_backend on its LISTEN connection, listens again, resyncs, and hears later NOTIFYs', async () => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, application_name: appName, max: 4 });
    feed = await createPostgresChangeFeed(pool, { minRetryMs: 50 });
    const heard: ChangeEvents['status-changed'][] = [];
    const resyncs: string[] = [];
    const stationsChanged: string[] = [];
    const lost: string[] = [];
    feed.subscribe('status-changed', (p) => heard.push(p));
    feed.subscribe('resync', ({ reason }) => resyncs.push(reason));
    feed.subscribe('stations-changed', ({ reason }) => stationsChanged.push(reason));
    feed.subscribe('feed-lost', ({ error }) => lost.push(error));

    await feed.publish('status-changed', { stationId: 'before' });
    await waitUntil(() => heard.length === 1);

    const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    try {
      const [pid] = await listeners(admin);
      expect(pid).toBeTypeOf('number');
      const killed = await admin.query('select pg_terminate_backend($1) as ok', [pid]);
      expect(killed.rows[0].ok).toBe(true);

      // Without an 'error' listener this would have been an uncaught exception ending the process.
      await waitUntil(() => resyncs.length === 1);
      expect(lost[0]).toMatch(/terminat/i);
      expect(resyncs[0]).toMatch(/LISTEN connection was lost .* and is back after 1 try/);
      expect(stationsChanged).toEqual([`resync: ${resyncs[0]}`]);
      const [newPid] = await listeners(admin);
      expect(newPid).toBeTypeOf('number');
      expect(newPid).not.toBe(pid);

      // A NOTIFY from another connection (another instance) reaches the feed again.
      await admin.query('select pg_notify($1, $2)', [
        'cng_changes',
        JSON.stringify({ channel: 'status-changed', payload: { stationId: 'after' } }),
      ]);
      await waitUntil(() => heard.length === 2);
      expect(heard.map((h) => h.stationId)).toEqual(['before', 'after']);
    } finally {
      await admin.end();
    }
  });

  it('keeps retrying with back-off while the database refuses, then resyncs once', async () => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, application_name: appName, max: 4 });
    const realConnect = pool.connect.bind(pool);
    let refusals = 2;
    // The first two reconnects fail as if the server were still restarting.
    const failing = Object.assign(pool, {
      connect: (() => {
        if (feed && refusals-- > 0) return Promise.reject(new Error('the database system is starting up'));
        return realConnect();
      }) as typeof pool.connect,
    });
    feed = await createPostgresChangeFeed(failing, { minRetryMs: 20, maxRetryMs: 40 });
    const resyncs: string[] = [];
    const waits: number[] = [];
    feed.subscribe('resync', ({ reason }) => resyncs.push(reason));
    feed.subscribe('feed-lost', ({ retryInMs }) => waits.push(retryInMs));
    const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    try {
      const [pid] = await listeners(admin);
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await waitUntil(() => resyncs.length === 1);
      expect(waits).toEqual([20, 40, 40]);
      expect(resyncs[0]).toMatch(/is back after 3 tries/);
      // Back for good: it hears the next notification, with no further retry scheduled nor resync made.
      const heard: string[] = [];
      feed.subscribe('status-changed', ({ stationId }) => heard.push(stationId));
      // From another connection: the feed's own pool refuses connections in this test.
      await admin.query('select pg_notify($1, $2)', [
        'cng_changes',
        JSON.stringify({ channel: 'status-changed', payload: { stationId: 'after-resync' } }),
      ]);
      await waitUntil(() => heard.length === 1);
      expect(waits).toHaveLength(3);
      expect(resyncs).toHaveLength(1);
    } finally {
      await admin.end();
    }
  });
});

describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))('change feeds per schema (%s)', () => {
  it('instances on one schema hear each other; another schema on the same server hears nothing', async () => {
    const schemas = [`feed_a_${randomBytes(4).toString('hex')}`, `feed_b_${randomBytes(4).toString('hex')}`];
    const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    for (const s of schemas) await admin.query(`create schema ${s}`);
    const pools = [schemas[0], schemas[0], schemas[1]].map(
      (s) => new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2, options: `-c search_path=${s}` }),
    );
    const feeds: ChangeFeed[] = [];
    try {
      for (const p of pools) feeds.push(await createPostgresChangeFeed(p));
      const heard = feeds.map(() => [] as string[]);
      for (const [i, f] of feeds.entries()) {
        f.subscribe('status-changed', ({ stationId }) => {
          heard[i]!.push(stationId);
        });
      }
      await feeds[0]!.publish('status-changed', { stationId: 'on-a' });
      await feeds[2]!.publish('status-changed', { stationId: 'on-b' });
      // PostgreSQL delivers notifications in the order they were committed: once each feed has heard the
      // marker sent after both, a notification that strayed into the other schema would have arrived too.
      await feeds[0]!.publish('status-changed', { stationId: 'marker-a' });
      await feeds[2]!.publish('status-changed', { stationId: 'marker-b' });
      await waitUntil(() => heard[0]!.includes('marker-a') && heard[1]!.includes('marker-a'));
      await waitUntil(() => heard[2]!.includes('marker-b'));
      expect(heard).toEqual([
        ['on-a', 'marker-a'],
        ['on-a', 'marker-a'],
        ['on-b', 'marker-b'],
      ]);
      expect(changeChannelOf(schemas[0]!)).toBe(`cng_changes_${schemas[0]}`);
      expect(changeChannelOf('public')).toBe('cng_changes');
      expect(changeChannelOf('x'.repeat(63))).toHaveLength('cng_changes_'.length + 40);
    } finally {
      for (const f of feeds) await f.close();
      for (const p of pools) await p.end();
      for (const s of schemas) await admin.query(`drop schema ${s} cascade`);
      await admin.end();
    }
  });
});
