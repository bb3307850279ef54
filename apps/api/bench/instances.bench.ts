/**
 * Two instances on one PostgreSQL: how long a report on A takes to reach B's event stream, and an
 * import to reach both indexes. Two real server processes (the bundle
 * `npm start` runs, built here first) share a fresh
 * schema holding the real stations (the start-up import's offline copies, but for the Greek ones); each rebuilds its index only on
 * NOTIFY (STATIONS_POLL_SEC=0). Prints:
 * - a report sent to A until B's event stream (following that station) pushes it: median and p90 of 40, each
 *   on another station, so no per-device or per-network limit is in the way; A's own answer to the POST is the
 *   baseline measured in the same run;
 * - an import by the CLI (`npm run stations:import`, a process of its own; the Greek stations, 24) from the
 *   moment the CLI has written its run until both A and B answer nearest with a Greek station.
 * Needs a PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL; without either it says so and measures
 * nothing. The schema is dropped at the end. Run alone with `npx tsx apps/api/bench/instances.bench.ts`.
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/config/env';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { runImportCli } from '../src/test-support/import-cli-run';
import { importRealStations } from '../src/test-support/real-import';
import { REAL_DATA_DIR } from '../src/test-support/real-stations';
import { freePort, startServerProcess } from '../src/test-support/server-process';
import { openEventStream } from '../src/test-support/sse-client';
import { schemaUrl } from '../src/test-support/test-db';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const REPORTS = 40;
const GREECE = path.join(REAL_DATA_DIR, 'more_countries', 'greece_cng_stations_2021.geojson');
/** Central Athens: the Greek stations are the only ones within 100 km. */
const ATHENS = 'lat=37.98&lon=23.73&limit=1&radiusKm=100';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** The CLI's import (runImportCli); resolves with the time its counts table was printed (the run is written). */
async function importCli(args: string[], databaseUrl: string) {
  let writtenAt = 0;
  const run = await runImportCli(args, { DATABASE_URL: databaseUrl }, (soFar) => {
    if (!writtenAt && /^new\s+\d+$/m.test(soFar)) writtenAt = performance.now();
  });
  return { ...run, writtenAt };
}

async function main() {
  if (!DATABASE_URL) {
    console.log(
      'no PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL): two-instance figures not measured',
    );
    return;
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = schemaUrl(schema, DATABASE_URL);
  const servers: ChildProcess[] = [];
  try {
    const handle = openDatabase({ databaseUrl: url, sqlitePath: '' });
    await migrateToLatest(handle.db);
    const config = loadConfig({ NODE_ENV: 'test', AUTO_IMPORT: 'false' });
    // Every source but the Greek one, which the CLI imports below.
    const imported = await importRealStations(handle.db, config, ['gr-cng']);
    const ids = (
      await handle.db
        .selectFrom('stations')
        .select('id')
        .where('active', '=', 1)
        .orderBy('id')
        .limit(REPORTS)
        .execute()
    ).map((r) => r.id);
    await handle.db.destroy();

    // The bundle `npm start` runs, as a deployment runs it: under tsx each rebuild's worker threads would compile
    // their TypeScript first.
    execFileSync('npm', ['run', 'build'], { cwd: apiDir, stdio: 'ignore' });
    const env = { DATABASE_URL: url, STATIONS_POLL_SEC: '0', REPORT_RATE_LIMIT_PER_MIN: '100000' };
    const [portA, portB] = [await freePort(), await freePort()];
    const start = (port: number) =>
      startServerProcess({
        port,
        sqlitePath: '/nonexistent/unused.sqlite',
        built: true,
        logLevel: 'info',
        env,
      });
    const a = await start(portA);
    servers.push(a.child);
    const b = await start(portB);
    servers.push(b.child);
    const baseA = `http://127.0.0.1:${portA}`;
    const baseB = `http://127.0.0.1:${portB}`;
    console.log(
      `two server processes on one PostgreSQL schema (${imported} real stations), index rebuilt on NOTIFY only`,
    );

    // A report on A until B's stream pushes it; A's answer to the POST in the same run.
    const toB: number[] = [];
    const answerA: number[] = [];
    for (const id of ids) {
      const stream = await openEventStream(`${baseB}/api/events?stations=${id}`);
      await stream.waitFor((e) => e.event === 'ready');
      const sent = performance.now();
      const pushed = stream.waitFor((e) => e.event === 'status' && JSON.parse(e.data).stationId === id);
      const res = await fetch(`${baseA}/api/stations/${id}/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseA },
        body: JSON.stringify({ status: 'available' }),
      });
      answerA.push(performance.now() - sent);
      if (res.status !== 201) throw new Error(`report on A answered ${res.status}: ${await res.text()}`);
      await pushed;
      toB.push(performance.now() - sent);
      stream.close();
    }
    console.log(
      `report on A → B's event stream: median ${ms(median(toB))}, p90 ${ms(p90(toB))} (${REPORTS} reports; ` +
        `A's own answer: median ${ms(median(answerA))}, ${(median(toB) / median(answerA)).toFixed(2)}×)`,
    );

    // An import by the CLI until both indexes answer with a Greek station.
    const greek = async (base: string) => {
      const body = (await (await fetch(`${base}/api/stations/nearest?${ATHENS}`)).json()) as {
        stations: { sources: { source: string }[] }[];
      };
      return body.stations[0]?.sources.some((s) => s.source === 'gr-cng') ?? false;
    };
    if ((await greek(baseA)) || (await greek(baseB))) throw new Error('the Greek stations are there already');
    const cli = importCli(['gr-cng', GREECE], url);
    const seen = { a: 0, b: 0 };
    const deadline = performance.now() + 60_000;
    while (!(seen.a && seen.b) && performance.now() < deadline) {
      if (!seen.a && (await greek(baseA))) seen.a = performance.now();
      if (!seen.b && (await greek(baseB))) seen.b = performance.now();
      await new Promise((r) => setTimeout(r, 2));
    }
    const run = await cli;
    if (run.status !== 0 || !run.writtenAt)
      throw new Error(`the import failed:\n${run.stdout}\n${run.stderr}`);
    if (!(seen.a && seen.b)) throw new Error('the import did not reach both indexes within 60 s');
    console.log(
      `import by the CLI (24 Greek stations) → both indexes: A ${ms(seen.a - run.writtenAt)}, ` +
        `B ${ms(seen.b - run.writtenAt)} after the CLI printed its counts (index rebuilt over ${imported + 24} stations)`,
    );
    for (const [name, server] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const rebuilt = server
        .output()
        .split('\n')
        .filter((l) => l.includes('station index rebuilt'))
        .map((l) => JSON.parse(l) as { reason: string; ms: number; builtIn: string });
      console.log(
        `  ${name}'s log: ${rebuilt.map((r) => `${r.reason}: built in ${r.builtIn}, ${r.ms} ms`).join('; ')}`,
      );
    }
  } finally {
    for (const s of servers) s.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

await main();
