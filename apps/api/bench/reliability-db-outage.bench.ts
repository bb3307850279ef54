/**
 * The database goes away (docs/reliability.md, "The database goes away"). Prints how long a write (a driver
 * report, through app.inject) takes to be answered, and with what, while:
 * - PostgreSQL's link is cut (a TCP proxy on loopback that refuses and resets connections), and while it is
 *   stalled (connections open, no byte through); then how long until the change feed listens again and a write
 *   is stored once the link is back;
 * - SQLite's file is read-only (opened so), or its disk is full: a 2 MB tmpfs when run as root (else said and
 *   skipped), and SQLite's own page limit (max_page_count) everywhere.
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL; without either that part says so and measures
 * nothing. Run alone with `npx tsx apps/api/bench/reliability-db-outage.bench.ts`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Station } from '@cng/shared';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createLocalChangeFeed, createPostgresChangeFeed } from '../src/db/change-feed';
import { type DbHandle, migrateToLatest, openDatabase } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { sqliteConnectionOf } from '../src/db/sqlite-connection';
import { seedStations } from '../src/test-support/seed-stations';
import { publishAndWaitForRebuild } from '../src/test-support/station-api-app';
import { startTcpProxy } from '../src/test-support/tcp-proxy';
import { createTestDb, schemaUrl } from '../src/test-support/test-db';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const WRITES = 20;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  AUTO_IMPORT: 'false',
  WEB_DIST: '/nonexistent',
  REPORT_RATE_LIMIT_PER_MIN: '1000000',
  API_RATE_LIMIT_PER_MIN: '1000000',
});

type App = Awaited<ReturnType<typeof buildApp>>;
let ip = 0;
const report = (app: App, station: Station) =>
  app.inject({
    method: 'POST',
    url: `/api/stations/${station.id}/reports`,
    payload: { status: 'available' },
    remoteAddress: `10.50.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`,
  });

/** `WRITES` writes: their answers by status and the slowest and median time to the answer. */
async function measureWrites(label: string, app: App, stations: Station[]) {
  const times: number[] = [];
  const codes = new Map<number, number>();
  let retryAfter = '';
  for (let i = 0; i < WRITES; i++) {
    const started = performance.now();
    const res = await report(app, stations[i % stations.length]!);
    times.push(performance.now() - started);
    codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
    retryAfter ||= String(res.headers['retry-after'] ?? '');
  }
  times.sort((a, b) => a - b);
  const answers = [...codes].map(([c, n]) => `${n} x ${c}`).join(', ');
  console.log(
    `${label}: ${answers}${retryAfter ? ` (Retry-After ${retryAfter})` : ''}; median ${times[WRITES >> 1]!.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms`,
  );
}

async function healthOf(app: App) {
  const res = await app.inject({ url: '/api/health' });
  return `${res.statusCode} ${res.json().database}`;
}

async function postgres() {
  if (!DATABASE_URL) {
    console.log('PostgreSQL: no BENCH_DATABASE_URL or TEST_DATABASE_URL, not measured');
    return;
  }
  const base = await createTestDb('postgres');
  const stations = await seedStations(base.db, 20);
  const target = new URL(DATABASE_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const via = new URL(DATABASE_URL);
  via.host = `127.0.0.1:${proxy.port}`;
  const handle = openDatabase({
    databaseUrl: schemaUrl(base.location, via.toString()),
    sqlitePath: '',
    onPoolError: () => {},
  });
  const changes = await createPostgresChangeFeed(handle.pgPool!);
  const app = await buildApp({ config, dbHandle: handle, changes });
  await app.ready();
  await publishAndWaitForRebuild(app as never);
  try {
    await measureWrites('PostgreSQL up', app, stations);
    await proxy.cut();
    await measureWrites('PostgreSQL link cut', app, stations);
    console.log(`  health: ${await healthOf(app)}`);
    const restored = performance.now();
    const resync = new Promise<void>((resolve) => changes.subscribe('resync', () => resolve()));
    await proxy.restore();
    await resync;
    console.log(
      `  change feed listening again ${(performance.now() - restored).toFixed(0)} ms after the link is back`,
    );
    await measureWrites('PostgreSQL link back', app, stations);
    proxy.stall();
    await measureWrites('PostgreSQL link stalled', app, stations);
    console.log(`  health: ${await healthOf(app)}`);
  } finally {
    await proxy.cut();
    await app.close();
    await changes.close();
    await handle.db.destroy().catch(() => {});
    await base.cleanup();
  }
}

async function sqliteApp(file: string, handle?: DbHandle) {
  const dbHandle = handle ?? openDatabase({ databaseUrl: '', sqlitePath: file });
  const app = await buildApp({ config, dbHandle, changes: createLocalChangeFeed() });
  await app.ready();
  return app;
}

async function sqliteFull() {
  const base = await createTestDb('sqlite');
  const stations = await seedStations(base.db, 20);
  const app = await sqliteApp(base.location, base);
  const sqlite = sqliteConnectionOf(base.db)!;
  sqlite.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true }))}`);
  // Fill the free room of the last pages first.
  for (let i = 0; i < 500 && (await report(app, stations[i % 20]!)).statusCode !== 503; i++);
  await measureWrites('SQLite at max_page_count', app, stations);
  console.log(`  health: ${await healthOf(app)}`);
  await app.close();
  await base.cleanup();
}

async function sqliteReadOnly() {
  const base = await createTestDb('sqlite');
  const stations = await seedStations(base.db, 20);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new SQLite(base.location, { readonly: true }) }),
  });
  const app = await sqliteApp(base.location, { db, dialect: 'sqlite', pgPool: null });
  await measureWrites('SQLite read-only', app, stations);
  console.log(`  health: ${await healthOf(app)}`);
  await app.close();
  await db.destroy();
  await base.cleanup();
}

async function sqliteTmpfs() {
  if (process.getuid?.() !== 0) {
    console.log('SQLite on a full tmpfs: needs root to mount one, not measured');
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir]);
  try {
    const file = path.join(dir, 'full.sqlite');
    const handle = openDatabase({ databaseUrl: '', sqlitePath: file });
    await migrateToLatest(handle.db);
    const stations = await seedStations(handle.db, 20);
    // Fill the disk beside the database, leaving it no room to grow.
    const filler = path.join(dir, 'filler');
    try {
      fs.writeFileSync(filler, Buffer.alloc(4 * 1024 * 1024));
    } catch {}
    const app = await sqliteApp(file, handle);
    for (let i = 0; i < 2000 && (await report(app, stations[i % 20]!)).statusCode !== 503; i++);
    await measureWrites('SQLite on a full 2 MB tmpfs', app, stations);
    console.log(`  health: ${await healthOf(app)}`);
    fs.rmSync(filler, { force: true });
    await measureWrites('SQLite, room again', app, stations);
    await app.close();
    await handle.db.destroy();
  } finally {
    execFileSync('umount', [dir]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await postgres();
await sqliteFull();
await sqliteReadOnly();
await sqliteTmpfs();
process.exit(0);
