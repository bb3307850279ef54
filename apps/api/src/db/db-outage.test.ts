import type { Station } from '@cng/shared';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { seedStations } from '../test-support/seed-stations';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { startTcpProxy } from '../test-support/tcp-proxy';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, schemaUrl, TEST_DATABASE_URL, TEST_DIALECTS } from '../test-support/test-db';
import { waitUntil } from '../test-support/wait-until';
import { createPostgresChangeFeed } from './change-feed';
import { openDatabase } from './database';
import type { Database } from './schema';
import { sqliteConnectionOf } from './sqlite-connection';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

let ip = 0;
/** A report from a new device on a new network, so no per-device or per-network limit is reached. */
const report = (app: App, station: Station, status = 'available') =>
  app.inject({
    method: 'POST',
    url: `/api/stations/${station.id}/reports`,
    payload: { status },
    remoteAddress: `10.40.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`,
  });

/**
 * What the instance answers while its database is away: writes 503 (the first one at once, on a connection
 * whose reset may not have been noticed yet), reads from memory, health down.
 */
async function expectOutageAnswers(app: App, station: Station, reason: RegExp, database: string) {
  const write = await report(app, station);
  expect(write.statusCode).toBe(503);
  expect(write.headers['retry-after']).toBe('5');
  expect(write.headers['content-type']).toMatch(/^application\/json/);
  expect(write.json().details).toEqual([{ field: 'database', problem: expect.stringMatching(reason) }]);

  const read = await app.inject({ url: `/api/stations/${station.id}` });
  expect(read.statusCode).toBe(200);
  expect(read.json().id).toBe(station.id);
  const nearest = await app.inject({
    url: `/api/stations/nearest?lat=${station.lat}&lon=${station.lon}&limit=1&radiusKm=5`,
  });
  expect(nearest.statusCode).toBe(200);
  expect(nearest.json().stations[0].id).toBe(station.id);

  const again = await report(app, station);
  expect(again.statusCode).toBe(503);

  // The health check reuses a success for up to a second.
  await waitUntil(async () => (await app.inject({ url: '/api/health' })).json().database === database, {
    what: `health reports the database ${database}`,
  });
  const health = await app.inject({ url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toMatchObject({ status: 'error', database });
}

describe.each(TEST_DIALECTS)('the database goes away and comes back on %s', (dialect) => {
  it('answers writes 503 with Retry-After, reads from memory, and recovers without a restart', async () => {
    const base = await createTestDb(dialect);
    const stations = await seedStations(base.db, 5);
    if (dialect === 'sqlite') {
      const t = await createTestApp({ db: base });
      try {
        await publishAndWaitForRebuild(t.app);
        // A full disk, as SQLite meets it: the file may not grow by another page (SQLITE_FULL).
        const sqlite = sqliteConnectionOf(t.db.db)!;
        const pages = Number(sqlite.pragma('page_count', { simple: true }));
        sqlite.pragma(`max_page_count = ${pages}`);
        const codes: number[] = [];
        // Reports fill the free room of the last pages first; then a write needs a page the disk has not.
        for (let i = 0; i < 500 && codes.at(-1) !== 503; i++)
          codes.push((await report(t.app, stations[i % 5]!)).statusCode);
        expect(codes.at(-1)).toBe(503);
        expect(codes.filter((c) => c !== 201 && c !== 503)).toEqual([]);
        await expectOutageAnswers(t.app, stations[0]!, /^is unavailable \(SQLITE_FULL\)$/, 'unwritable');

        sqlite.pragma('max_page_count = 1073741823');
        const after = await report(t.app, stations[1]!, 'no_gas');
        expect(after.statusCode).toBe(201);
        expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await t.close();
        await base.cleanup();
      }
      return;
    }

    // PostgreSQL: instance A reaches it through a proxy that is cut; instance B, directly, goes on writing.
    const target = new URL(TEST_DATABASE_URL);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(TEST_DATABASE_URL);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    const handle = openDatabase({
      databaseUrl: schemaUrl(base.location, viaProxy.toString()),
      sqlitePath: '',
      onPoolError: () => undefined,
    });
    const changes = await createPostgresChangeFeed(handle.pgPool!, { minRetryMs: 100, maxRetryMs: 1000 });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTO_IMPORT: 'false',
      WEB_DIST: '/nonexistent',
    });
    const a = await buildApp({ config, dbHandle: handle, changes });
    await a.ready();
    const b = await createTestApp({ db: base.reopen() });
    try {
      await publishAndWaitForRebuild(a as unknown as App);
      const resyncs: string[] = [];
      changes.subscribe('resync', ({ reason }) => resyncs.push(reason));

      // A serves writes up to the moment the link goes.
      for (const s of stations) expect((await report(a as unknown as App, s)).statusCode).toBe(201);
      await proxy.cut();
      await expectOutageAnswers(a as unknown as App, stations[0]!, /^is unavailable \(/, 'unreachable');
      // B writes while A is away: A hears no NOTIFY of it.
      const written = await report(b.app, stations[2]!, 'no_gas');
      expect(written.statusCode).toBe(201);

      await proxy.restore();
      await waitUntil(() => resyncs.length === 1, {
        what: "A's change feed listening again",
        timeoutMs: 10_000,
      });
      // A caught up on B's report from the database, and sees B's later writes through the feed again.
      const statusOn = async (app: App, s: Station) =>
        (await app.inject({ url: `/api/stations/${s.id}/reports` })).json().status;
      await waitUntil(
        async () =>
          JSON.stringify(await statusOn(a as unknown as App, stations[2]!)) ===
          JSON.stringify(await statusOn(b.app, stations[2]!)),
        { what: "A's status of the station B reported during the outage" },
      );
      expect((await statusOn(a as unknown as App, stations[2]!)).status).toBe('no_gas');
      expect((await report(b.app, stations[3]!, 'closed')).statusCode).toBe(201);
      await waitUntil(async () => (await statusOn(a as unknown as App, stations[3]!)).status === 'closed', {
        what: "A hearing B's report after the outage",
      });
      // A writes again, and its health is back.
      expect((await report(a as unknown as App, stations[4]!)).statusCode).toBe(201);
      await waitUntil(async () => (await a.inject({ url: '/api/health' })).statusCode === 200, {
        what: "A's health back",
      });

      // A link that swallows packets instead of refusing them: the write is answered 503 at its deadline.
      proxy.stall();
      const stalled = await report(a as unknown as App, stations[0]!);
      expect(stalled.statusCode).toBe(503);
      expect(stalled.headers['retry-after']).toBe('5');
      expect(stalled.json().details).toEqual([
        { field: 'database', problem: 'did not answer within 1500 ms' },
      ]);
      expect((await a.inject({ url: `/api/stations/${stations[0]!.id}` })).statusCode).toBe(200);
      await proxy.cut();
    } finally {
      await a.close();
      await changes.close();
      await handle.db.destroy();
      await b.close();
      await proxy.close();
      await base.cleanup();
    }
  });
});

describe('a read-only SQLite file', () => {
  it('answers writes 503 with Retry-After and reads from memory', async () => {
    const base = await createTestDb('sqlite');
    const stations = await seedStations(base.db, 3);
    const readonly = new SQLite(base.location, { readonly: true });
    const db = { ...base, db: new Kysely<Database>({ dialect: new SqliteDialect({ database: readonly }) }) };
    const t = await createTestApp({ db });
    try {
      await publishAndWaitForRebuild(t.app);
      await expectOutageAnswers(t.app, stations[0]!, /^is unavailable \(SQLITE_READONLY\)$/, 'unwritable');
    } finally {
      await t.close();
      await db.db.destroy();
      await base.cleanup();
    }
  });
});
