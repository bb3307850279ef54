/**
 * Two instances through an outage (docs/reliability.md, "Two instances through an outage"): two real server
 * processes on one PostgreSQL schema, each through its own TCP proxy, under a load of driver reports and
 * station reads. The link of one instance, then of both, is cut for OUTAGE_SEC (30 s; shorter with
 * `OUTAGE_SEC=5`). Prints, per case: the reads and writes the cut instances answered during the cut and how
 * fast, what their health said, how long after the link came back each took its first write again, how long
 * until both instances' statuses equal the database, and the reports acknowledged against those stored.
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL; without either it says so and measures nothing.
 * `SHOW_LOGS=1` prints what each server logged (warnings and errors).
 * Run alone with `npx tsx apps/api/bench/reliability-two-instances.bench.ts`.
 */
import { randomBytes } from 'node:crypto';
import type { Station } from '@cng/shared';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { seedStations } from '../src/test-support/seed-stations';
import { exited, freePort, type ServerProcess } from '../src/test-support/server-process';
import { startTcpProxy } from '../src/test-support/tcp-proxy';
import { schemaUrl } from '../src/test-support/test-db';
import { startServerPatiently } from './crash-replay/start-server';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const OUTAGE_SEC = Number(process.env.OUTAGE_SEC ?? 30);
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Instance {
  name: string;
  base: string;
  proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  server: ServerProcess;
  cut: boolean;
}

/** What one instance answered during a phase. */
class Tally {
  readonly codes = new Map<string, number>();
  slowestMs = 0;
  missingRetryAfter = 0;
  add(code: number | string, ms: number, retryAfter?: string | null) {
    this.codes.set(String(code), (this.codes.get(String(code)) ?? 0) + 1);
    this.slowestMs = Math.max(this.slowestMs, ms);
    if (code === 503 && !retryAfter) this.missingRetryAfter++;
  }
  toString() {
    const codes = [...this.codes].map(([c, n]) => `${n} x ${c}`).join(', ') || 'none';
    return `${codes}; slowest ${this.slowestMs.toFixed(0)} ms${this.missingRetryAfter ? `; ${this.missingRetryAfter} 503 without Retry-After` : ''}`;
  }
}

let writeNo = 0;
/** One driver report to `to`, with a key of its own, sent again with that key until it is stored. */
async function report(
  to: Instance,
  station: Station,
  record: (code: number | string, ms: number, retryAfter?: string | null) => void,
  acked: Map<string, number>,
) {
  const n = ++writeNo;
  const key = `outage-${n}`;
  for (;;) {
    const started = performance.now();
    try {
      const res = await fetch(`${to.base}/api/stations/${station.id}/reports`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': key,
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ status: n % 3 ? 'available' : 'no_gas', note: `outage write ${n}` }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json()) as { report?: { id: number } };
      record(res.status, performance.now() - started, res.headers.get('retry-after'));
      if (res.status === 201) {
        acked.set(`outage write ${n}`, body.report!.id);
        return;
      }
    } catch (err) {
      record((err as Error).name, performance.now() - started);
    }
    await delay(1000);
  }
}

/** Reads (a station, nearest) and health of `at`, every 200 ms until `stop`. */
async function readLoop(
  at: Instance,
  stations: Station[],
  tally: () => Tally,
  health: () => Tally,
  stop: () => boolean,
) {
  for (let i = 0; !stop(); i++) {
    const s = stations[i % stations.length]!;
    const url =
      i % 5 === 0
        ? '/api/health'
        : i % 2
          ? `/api/stations/${s.id}`
          : `/api/stations/nearest?lon=${s.lon}&lat=${s.lat}`;
    const started = performance.now();
    try {
      const res = await fetch(`${at.base}${url}`, { signal: AbortSignal.timeout(10_000) });
      const body = (await res.json()) as { database?: string };
      if (url === '/api/health') health().add(`${res.status} ${body.database}`, performance.now() - started);
      else tally().add(res.status, performance.now() - started);
    } catch (err) {
      tally().add((err as Error).name, performance.now() - started);
    }
    await delay(200);
  }
}

type Phase = 'before' | 'cut' | 'after';
/** One tally per instance, phase and kind of request. */
function tallies(instances: Instance[]) {
  const all = new Map<string, Tally>();
  const get = (i: Instance, phase: Phase, kind: 'reads' | 'writes' | 'health') => {
    const key = `${i.name} ${phase} ${kind}`;
    if (!all.has(key)) all.set(key, new Tally());
    return all.get(key)!;
  };
  const print = () => {
    for (const phase of ['before', 'cut', 'after'] as Phase[])
      for (const i of instances)
        for (const kind of ['reads', 'writes', 'health'] as const)
          console.log(
            `  ${`${i.name}${i.cut ? ' (cut)' : ''}, ${phase}, ${kind}:`.padEnd(26)} ${get(i, phase, kind)}`,
          );
  };
  return { get, print };
}

/** How long until both instances' statuses of `stations` equal the database's latest report of each. */
async function catchUp(
  instances: Instance[],
  stations: Station[],
  db: ReturnType<typeof openDatabase>['db'],
) {
  const started = performance.now();
  const rows = await db
    .selectFrom('station_reports')
    .select(['station_id', (eb) => eb.fn.max('created_at').as('latest')])
    .groupBy('station_id')
    .execute();
  const latest = new Map(rows.map((r) => [r.station_id, r.latest as string]));
  const ids = stations.map((s) => s.id).join(',');
  let missed = 0;
  for (let i = 0; i < 100; i++) {
    missed = 0;
    for (const inst of instances) {
      const res = await fetch(`${inst.base}/api/status?stations=${ids}`);
      const { statuses } = (await res.json()) as {
        statuses: Record<string, { latestReportAt: string | null }>;
      };
      for (const s of stations)
        if ((statuses[s.id]?.latestReportAt ?? null) !== (latest.get(s.id) ?? null)) missed++;
    }
    if (!missed) return { ms: performance.now() - started, missed };
    await delay(200);
  }
  return { ms: performance.now() - started, missed };
}

/** A report sent to `from` and the time until `to` shows it in its status (through the change feed). */
async function feedDelay(from: Instance, to: Instance, station: Station) {
  const acked = new Map<string, number>();
  await report(from, station, () => {}, acked);
  const started = performance.now();
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${to.base}/api/status?stations=${station.id}`);
    const { statuses } = (await res.json()) as { statuses: Record<string, { reportCount: number }> };
    if ((statuses[station.id]?.reportCount ?? 0) > 0) return `${(performance.now() - started).toFixed(0)} ms`;
    await delay(50);
  }
  return 'not within 5 s';
}

/** One case: load on both instances, the links of `cut` cut for OUTAGE_SEC, then restored; prints what it saw. */
async function outageCase(
  label: string,
  instances: Instance[],
  cut: Instance[],
  stations: Station[],
  db: ReturnType<typeof openDatabase>['db'],
) {
  console.log(
    `\n${label}: ${OUTAGE_SEC} s cut, ${instances.length} instances, 2 report drivers and 1 reader each`,
  );
  for (const i of instances) i.cut = cut.includes(i);
  const t = tallies(instances);
  let phase: Phase = 'before';
  let stop = false;
  let restoredAt = 0;
  const firstWrite = new Map<string, number>();
  const acked = new Map<string, number>();
  const onWrite = (i: Instance) => (code: number | string, ms: number, retryAfter?: string | null) => {
    t.get(i, phase, 'writes').add(code, ms, retryAfter);
    if (code === 201 && phase === 'after' && i.cut && !firstWrite.has(i.name))
      firstWrite.set(i.name, performance.now() - restoredAt);
  };
  const work = instances.flatMap((i) => [
    readLoop(
      i,
      stations,
      () => t.get(i, phase, 'reads'),
      () => t.get(i, phase, 'health'),
      () => stop,
    ),
    ...[0, 1].map(async (d) => {
      for (let n = 0; !stop; n++) await report(i, stations[(n * 2 + d) % 30]!, onWrite(i), acked);
    }),
  ]);
  await delay(3000);
  phase = 'cut';
  await Promise.all(cut.map((i) => i.proxy.cut()));
  await delay(OUTAGE_SEC * 1000);
  phase = 'after';
  restoredAt = performance.now();
  await Promise.all(cut.map((i) => i.proxy.restore()));
  await delay(8000);
  stop = true;
  await Promise.all(work);
  t.print();
  for (const i of cut)
    console.log(
      `  ${i.name}: first write stored ${firstWrite.has(i.name) ? `${firstWrite.get(i.name)!.toFixed(0)} ms` : 'not within 8 s'} after the link came back`,
    );
  const caught = await catchUp(instances, stations.slice(0, 30), db);
  console.log(
    `  statuses of both equal the database ${caught.missed ? `NOT after ${caught.ms.toFixed(0)} ms (${caught.missed} differ)` : `${caught.ms.toFixed(0)} ms after the load stopped`}`,
  );
  const [a, b] = instances as [Instance, Instance];
  const fresh = stations.slice(30 + (cut.length - 1) * 4);
  console.log(
    `  change feed after: ${a.name} → ${b.name} ${await feedDelay(a, b, fresh[0]!)}, ${b.name} → ${a.name} ${await feedDelay(b, a, fresh[1]!)}`,
  );
  const rows = await db
    .selectFrom('station_reports')
    .select(['id', 'note'])
    .where('note', 'like', 'outage write %')
    .execute();
  const byNote = new Map<string, number[]>();
  for (const r of rows) byNote.set(r.note!, [...(byNote.get(r.note!) ?? []), Number(r.id)]);
  const lost = [...acked].filter(([note, id]) => !byNote.get(note)?.includes(id)).length;
  const twice = [...byNote.values()].filter((ids) => ids.length > 1).length;
  console.log(
    `  reports acknowledged ${acked.size}, found ${acked.size - lost}, lost ${lost}, stored twice ${twice}`,
  );
  return lost + twice + caught.missed;
}

async function main() {
  if (!DATABASE_URL) {
    console.log('PostgreSQL: no BENCH_DATABASE_URL or TEST_DATABASE_URL, not measured');
    return;
  }
  const schema = `outage_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const setup = openDatabase({ databaseUrl: schemaUrl(schema, DATABASE_URL), sqlitePath: '' });
  const servers: ServerProcess[] = [];
  const proxies: Instance['proxy'][] = [];
  try {
    await migrateToLatest(setup.db);
    const stations = await seedStations(setup.db, 40, 700);
    const target = new URL(DATABASE_URL);
    const instances: Instance[] = [];
    for (const name of ['A', 'B']) {
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      proxies.push(proxy);
      const viaProxy = new URL(schemaUrl(schema, DATABASE_URL));
      viaProxy.port = String(proxy.port);
      const port = await freePort();
      const server = await startServerPatiently({
        port,
        sqlitePath: '/nonexistent.sqlite',
        env: {
          DATABASE_URL: viaProxy.toString(),
          COOKIE_SECRET: 'two-instances-cookie-secret-0123456789abcdef',
          TRUST_PROXY: '1',
          REPORT_RATE_LIMIT_PER_MIN: '1000000',
        },
      });
      servers.push(server);
      instances.push({ name, base: `http://127.0.0.1:${port}`, proxy, server, cut: false });
    }
    const failures =
      (await outageCase('One link cut (A)', instances, [instances[0]!], stations, setup.db)) +
      (await outageCase('Both links cut', instances, instances, stations, setup.db));
    if (process.env.SHOW_LOGS)
      for (const i of instances) console.log(`\n${i.name} said:\n${i.server.output()}`);
    if (failures) {
      console.error(`\n${failures} report(s) lost, doubled or missed; A said:\n${servers[0]!.output()}`);
      process.exitCode = 1;
    }
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => exited(s.child)));
    await Promise.all(proxies.map((p) => p.close()));
    await setup.db.destroy();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}

await main();
