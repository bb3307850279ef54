/**
 * Live status under many clients (docs/reliability.md, "Many live clients"). The real server runs as its own
 * process on a SQLite file with 250 real stations. 2,000 clients open `GET /api/events` over their own TCP
 * connections, each following ten stations: three quarters read every byte, one quarter never reads after
 * sending its request. Then drivers' reports arrive over HTTP, one after another, and the bench prints:
 * - the server's memory (RSS from /proc, and its growth) before the clients, with them, and after each batch
 *   of reports: bounded means it stops growing while the stuck clients' events would keep piling up;
 * - for the clients that read: how long after the report's 201 each of its events arrived (p50, p99, max, and
 *   the share within 1 s), and whether any client missed one;
 * - a resume: a reader that disconnects, misses reports and reconnects with Last-Event-ID gets every one of
 *   them; with an id older than the server can replay it gets `reset` (told to reload).
 * Run alone with `npx tsx apps/api/bench/reliability-sse.bench.ts` (SSE_BENCH_CLIENTS, SSE_BENCH_REPORTS).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Station } from '@cng/shared';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { northOf, seedStations } from '../src/test-support/seed-stations';
import { freePort, startServerProcess } from '../src/test-support/server-process';

const CLIENTS = Number(process.env.SSE_BENCH_CLIENTS ?? 2000);
const STUCK_SHARE = 0.25;
const REPORTS = Number(process.env.SSE_BENCH_REPORTS ?? 250);
const BATCH = 50;
const FOLLOWED = 10;

interface Reader {
  socket: net.Socket;
  stations: Set<string>;
  /** Arrival time (ms, performance.now) of each status event by its id (the report id). */
  got: Map<string, number>;
  ready: Promise<void>;
  lastId: string | null;
}

const rssKb = (pid: number) => {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0);
};

/** Opens one stream over a raw socket; a stuck client pauses the socket as soon as its request is sent. */
function openStream(
  port: number,
  stations: string[] | 'world',
  stuck: boolean,
  lastEventId?: string,
): Reader {
  const socket = net.connect(port, '127.0.0.1');
  const query = stations === 'world' ? 'bbox=-180,-90,180,90' : `stations=${stations.join(',')}`;
  const reader: Reader = {
    socket,
    stations: new Set(stations === 'world' ? [] : stations),
    got: new Map(),
    ready: Promise.resolve(),
    lastId: null,
  };
  let buffer = '';
  reader.ready = new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.on('connect', () => {
      socket.write(
        `GET /api/events?${query} HTTP/1.1\r\nHost: bench\r\nAccept: text/event-stream\r\n` +
          (lastEventId ? `Last-Event-ID: ${lastEventId}\r\n` : '') +
          '\r\n',
      );
      if (stuck) {
        socket.pause();
        resolve();
      }
    });
    if (stuck) return;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = block.match(/^id: (\S+)$/m)?.[1];
        const event = block.match(/^event: (\S+)$/m)?.[1];
        if (event === 'ready') resolve();
        if (event === 'status' && id) {
          reader.got.set(id, performance.now());
          reader.lastId = id;
        }
        if (event === 'reset') reader.got.set('reset', performance.now());
        end = buffer.indexOf('\n\n');
      }
    });
  });
  socket.on('error', () => {});
  return reader;
}

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : Number.NaN;
}

async function report(port: number, station: Station, n: number): Promise<{ id: string; at: number }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/stations/${station.id}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-bench-driver': String(n) },
    body: JSON.stringify({ status: n % 2 ? 'available' : 'low_pressure', position: northOf(station, 30) }),
  });
  const at = performance.now();
  if (res.status !== 201) throw new Error(`report ${n}: HTTP ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { report: { id: number } };
  return { id: String(body.report.id), at };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sse-bench-'));
  const sqlitePath = path.join(dir, 'bench.sqlite');
  const handle = openDatabase({ databaseUrl: '', sqlitePath });
  await migrateToLatest(handle.db);
  const stations = await seedStations(handle.db, 250);
  await handle.db.destroy();
  const port = await freePort();
  const server = await startServerProcess({
    port,
    sqlitePath,
    env: {
      SSE_MAX_STREAMS: String(CLIENTS + 100),
      SSE_MAX_STREAMS_PER_IP: String(CLIENTS + 100),
      REPORT_RATE_LIMIT_PER_MIN: '1000000',
      SSE_HEARTBEAT_SEC: '15',
    },
  });
  const pid = server.child.pid!;
  try {
    await run(port, pid, stations);
  } finally {
    server.child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function run(port: number, pid: number, stations: Station[]) {
  const idle = rssKb(pid);
  const followedBy = (i: number) =>
    Array.from({ length: FOLLOWED }, (_, k) => stations[(i * 7 + k) % stations.length]!.id);
  const stuckCount = Math.round(CLIENTS * STUCK_SHARE);
  const readers: Reader[] = [];
  const stuck: Reader[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const r = openStream(port, followedBy(i), i < stuckCount);
    (i < stuckCount ? stuck : readers).push(r);
    if (i % 100 === 99) await Promise.all([...readers.slice(-100), ...stuck.slice(-100)].map((x) => x.ready));
  }
  await Promise.all([...readers, ...stuck].map((r) => r.ready));
  const open = rssKb(pid);
  console.log(
    `${CLIENTS} streams open (${stuck.length} never read): server RSS ${(idle / 1024).toFixed(0)} → ${(open / 1024).toFixed(0)} MB`,
  );

  const sent: { id: string; at: number; station: string }[] = [];
  const rss: number[] = [];
  for (let n = 0; n < REPORTS; n++) {
    const station = stations[n % stations.length]!;
    const r = await report(port, station, n);
    sent.push({ ...r, station: station.id });
    if (n % BATCH === BATCH - 1) {
      rss.push(rssKb(pid));
      console.log(`after ${n + 1} reports: server RSS ${(rss.at(-1)! / 1024).toFixed(0)} MB`);
    }
  }
  // Let the last events arrive (a reader that misses one would wait forever; 5 s is far past the 1 s goal).
  await new Promise((r) => setTimeout(r, 5000));
  const delays: number[] = [];
  let expected = 0;
  let missed = 0;
  for (const reader of readers) {
    for (const s of sent) {
      if (!reader.stations.has(s.station)) continue;
      expected++;
      const got = reader.got.get(s.id);
      if (got === undefined) missed++;
      else delays.push(got - s.at);
    }
  }
  delays.sort((a, b) => a - b);
  const within1s = delays.filter((d) => d <= 1000).length;
  console.log(
    `readers: ${expected} events due, ${missed} missed; after the report's 201: p50 ${quantile(delays, 0.5).toFixed(1)} ms, ` +
      `p99 ${quantile(delays, 0.99).toFixed(1)} ms, max ${delays.at(-1)?.toFixed(1)} ms; within 1 s: ${((within1s / delays.length) * 100).toFixed(2)} %`,
  );
  const growthLastBatches = rss.length > 1 ? (rss.at(-1)! - rss[1]!) / 1024 : 0;
  console.log(`server RSS growth from report ${2 * BATCH} to ${REPORTS}: ${growthLastBatches.toFixed(1)} MB`);
  await resume(port, stations, readers.find((r) => r.lastId !== null)!);
  for (const r of [...readers, ...stuck]) r.socket.destroy();
}

/** A reader disconnects, misses reports, and comes back with Last-Event-ID; then a world stream from far back. */
async function resume(port: number, stations: Station[], reader: Reader) {
  const followed = [...reader.stations];
  const lastId = reader.lastId!;
  reader.socket.destroy();
  const missedIds: string[] = [];
  for (let n = 0; n < 5; n++) {
    const station = stations.find((s) => s.id === followed[n % followed.length])!;
    missedIds.push((await report(port, station, 10_000 + n)).id);
  }
  const back = openStream(port, followed, false, lastId);
  // `ready` comes after the replay.
  await back.ready;
  // Events carry whole states: one per station changed, the latest, so the last report of each station is due.
  const due = new Map<string, string>();
  for (const [n, id] of missedIds.entries()) due.set(followed[n % followed.length]!, id);
  const replayed = [...due.values()].filter((id) => back.got.has(id)).length;
  console.log(
    `resume with Last-Event-ID ${lastId}: ${replayed} of ${due.size} missed station states replayed`,
  );
  back.socket.destroy();
  // A map zoomed out to the world, back after every station changed: more than a replay serves.
  const world = openStream(port, 'world', false, '1');
  await world.ready;
  console.log(
    `world stream resumed from id 1 after ${Math.min(REPORTS, stations.length)} stations changed: ${world.got.has('reset') ? 'reset sent (the client reloads)' : 'no reset'}`,
  );
  world.socket.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
