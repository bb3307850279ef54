import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { seededRandom } from '../../src/test-support/random';
import { seedStations } from '../../src/test-support/seed-stations';
import { exited, freePort, type ServerProcess } from '../../src/test-support/server-process';
import { schemaUrl } from '../../src/test-support/test-db';
import { startServerPatiently } from './start-server';
import { type CrashCounts, countWrites, readStoredWrites } from './stored-writes';
import { driveWrite, runLoad, type WriteRecord } from './write-load';
import { planWrites } from './write-plan';

export interface CrashRunOptions {
  dialect: 'sqlite' | 'postgres';
  /** PostgreSQL to create the run's own schema in (required for postgres). */
  databaseUrl?: string;
  seed: number;
  /**
   * The SIGKILL comes at a moment drawn between these two, after the load began (ms), or, with
   * `killAfterAcknowledged`, once a number of writes drawn between these two is acknowledged: the same
   * amount of load however busy the machine is.
   */
  killAfterMs: [number, number];
  killAfterAcknowledged?: [number, number];
  clients?: number;
}

export interface CrashRunResult extends CrashCounts {
  killedAtMs: number;
  /** The server's output, for a failure's message. */
  output: string;
}

/** The server's settings: loopback, a fixed cookie secret (devices survive the restart), budgets raised. */
const serverEnv = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  COOKIE_SECRET: 'crash-replay-cookie-secret-0123456789abcdef',
  TRUST_PROXY: '1',
  REPORT_RATE_LIMIT_PER_MIN: '1000000',
  PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000',
  CONTACT_RATE_LIMIT_PER_HOUR: '1000000',
  STATIONS_POLL_SEC: '0',
});

/** A fresh migrated database with real stations: a SQLite file, or a schema of its own in PostgreSQL. */
async function prepareDatabase(opts: CrashRunOptions) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-crash-'));
  const sqlitePath = path.join(dir, 'crash.sqlite');
  let databaseUrl = '';
  let dropSchema = async () => {};
  if (opts.dialect === 'postgres') {
    if (!opts.databaseUrl) throw new Error('a PostgreSQL crash run needs databaseUrl (TEST_DATABASE_URL)');
    const schema = `crash_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: opts.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    databaseUrl = schemaUrl(schema, opts.databaseUrl);
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: opts.databaseUrl });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    };
  }
  const open = () => openDatabase({ databaseUrl, sqlitePath });
  const setup = open();
  await migrateToLatest(setup.db);
  const stations = await seedStations(setup.db, 60, 400);
  await setup.db.destroy();
  const cleanup = async () => {
    await dropSchema();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { sqlitePath, databaseUrl, stations, open, cleanup };
}

/**
 * One crash run: the real server as a child process on a fresh database, drivers sending reports, proposals,
 * problem reports, confirmations and contact messages over HTTP, a SIGKILL at a seeded random moment, a
 * restart on the same database, every unanswered write sent again with its key, then the count of what the
 * drivers were told against what is stored.
 */
export async function runCrashReplay(opts: CrashRunOptions): Promise<CrashRunResult> {
  const rand = seededRandom(opts.seed);
  const database = await prepareDatabase(opts);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const start = () =>
    startServerPatiently({ port, sqlitePath: database.sqlitePath, env: serverEnv(database.databaseUrl) });
  const servers: ServerProcess[] = [];
  try {
    const tag = `${opts.dialect}-${opts.seed}`;
    const records: WriteRecord[] = planWrites({
      tag,
      count: 20_000,
      rand,
      reportStations: database.stations.slice(0, 40),
      closableStations: database.stations.slice(40),
    }).map((write) => ({ write, attempts: [], acknowledged: [] }));
    const first = await start();
    servers.push(first);
    const draw = ([lo, hi]: [number, number]) => Math.round(lo + rand() * (hi - lo));
    const killAtMs = draw(opts.killAfterMs);
    const killAtAcknowledged = opts.killAfterAcknowledged ? draw(opts.killAfterAcknowledged) : Infinity;
    const loadStarted = performance.now();
    let killed = false;
    let killedAtMs = 0;
    let acknowledged = 0;
    const killNow = () => {
      if (killed) return;
      killed = true;
      killedAtMs = Math.round(performance.now() - loadStarted);
      first.child.kill('SIGKILL');
    };
    const timer = opts.killAfterAcknowledged ? undefined : setTimeout(killNow, killAtMs);
    await runLoad(base, records, {
      clients: opts.clients ?? 8,
      serverGone: () => killed,
      onAcknowledged: () => {
        if (++acknowledged >= killAtAcknowledged) killNow();
      },
    });
    clearTimeout(timer);
    await exited(first.child);
    const restarted = await start();
    servers.push(restarted);
    await replayUnanswered(base, records);
    restarted.child.kill('SIGTERM');
    await exited(restarted.child);
    const check = database.open();
    const stored = await readStoredWrites(check.db, tag).finally(() => check.db.destroy());
    const output = servers.map((s) => s.output()).join('\n--- restarted ---\n');
    return { ...countWrites(records, stored), killedAtMs, output };
  } finally {
    for (const s of servers) if (s.child.exitCode === null && !s.child.signalCode) s.child.kill('SIGKILL');
    await database.cleanup();
  }
}

/**
 * Every write sent and neither acknowledged nor refused goes again, with its key, to the restarted server,
 * up to 30 times 1 s apart: a key the killed server stored without its answer is answered 409 until it is
 * older than UNANSWERED_KEY_STALE_MS (15 s), then from the stored write.
 */
async function replayUnanswered(base: string, records: WriteRecord[]) {
  const unanswered = records.filter(
    (r) => r.attempts.length && !r.acknowledged.length && !r.attempts.some((a) => a.kind === 'refused'),
  );
  await Promise.all(
    unanswered.map((r) =>
      driveWrite(base, r, 'restarted server', { maxAttempts: 30, serverGone: () => false }),
    ),
  );
}
