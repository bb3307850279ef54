/**
 * HTTP load (autocannon, 50 connections) on a real server over loopback, on the stations of the product's
 * real import: /api/stations/nearest (k = 10, random points across India and Italy) and /api/health, each as a
 * ratio against a bare Fastify route answering `{hello: 'world'}` (a second, plain Fastify instance with no
 * plugins, in the same process), measured in the same run. A trivial route on the API server (every hook:
 * rate limit, CORS, security headers; no work) shows what the hooks alone cost. Both servers run in a child
 * process (this file with --serve) so the load generator does not share its thread. BENCH_PORT_BASE moves
 * the ten candidate ports of the API server; the bare one takes the next free port after it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../test/helpers/random';

const CONNECTIONS = 50;
const DURATION_SEC = Number(process.env.BENCH_HTTP_SEC ?? 10);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 8120);
const PORTS = Array.from({ length: 10 }, (_, i) => PORT_BASE + i);
/** A route with every API hook and no work: the floor nearest is measured against. */
const TRIVIAL_PATH = '/api/bench/trivial';

interface Result {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;

async function serve(port: number) {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config/env');
  const { createLocalChangeFeed } = await import('../src/lib/change-feed');
  const { realImportDb } = await import('./real-import');
  const real = await realImportDb();
  const config = loadConfig({
    NODE_ENV: 'production',
    COOKIE_SECRET: 'bench-only-secret-bench-only-secret',
    LOG_LEVEL: 'silent',
    AUTO_IMPORT: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    // The per-IP limit would turn the whole run into 429s from one load generator.
    API_RATE_LIMIT_PER_MIN: '1000000',
  });
  const app = await buildApp({ config, dbHandle: real.db, changes: createLocalChangeFeed() });
  app.get(TRIVIAL_PATH, { schema: { hide: true } }, async () => ({ ok: true }));
  await app.listen({ port, host: '127.0.0.1' });
  // The baseline of the issue: Fastify with defaults, one route, nothing else.
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  let barePort = port + 1;
  while (!(await portIsFree(barePort))) barePort++;
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  console.log(`READY ${app.stationIndex.current.size} ${barePort}`);
  process.on('SIGTERM', async () => {
    await bare.close();
    await app.close();
    await real.cleanup();
    process.exit(0);
  });
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer().once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

async function startServer(): Promise<{
  child: ChildProcess;
  port: number;
  barePort: number;
  stations: number;
}> {
  let port = 0;
  for (const p of PORTS)
    if (await portIsFree(p)) {
      port = p;
      break;
    }
  if (!port) throw new Error(`no free port in ${PORTS[0]}–${PORTS.at(-1)}`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve', String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [stations, barePort] = await new Promise<[number, number]>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      const m = /READY (\d+) (\d+)/.exec(chunk.toString());
      if (m) resolve([Number(m[1]), Number(m[2])]);
    });
  });
  return { child, port, barePort, stations };
}

async function load(autocannon: Autocannon, url: string, paths: string[] | null): Promise<Result> {
  let n = 0;
  const requests = paths
    ? [
        {
          method: 'GET',
          setupRequest: (req: { path: string }) => ({ ...req, path: paths[n++ % paths.length] }),
        },
      ]
    : undefined;
  const opts = { url, connections: CONNECTIONS, pipelining: 1, requests };
  await autocannon({ ...opts, duration: 2 }); // warm-up: JIT, connection set-up
  return autocannon({ ...opts, duration: DURATION_SEC });
}

async function main() {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const { child, port, barePort, stations } = await startServer();
  try {
    const rand = seededRandom(48);
    // Random points in the boxes of India and Italy, alternately.
    const paths = Array.from({ length: 5000 }, (_, i) => {
      const [lon, lat] =
        i % 2 ? [68 + rand() * 29, 8 + rand() * 27] : [6.6 + rand() * 12, 36.6 + rand() * 10.4];
      return `/api/stations/nearest?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}&limit=10`;
    });
    const base = `http://127.0.0.1:${port}`;
    const bare = await load(autocannon, `http://127.0.0.1:${barePort}/`, null);
    const trivial = await load(autocannon, `${base}${TRIVIAL_PATH}`, null);
    const health = await load(autocannon, `${base}/api/health`, null);
    const nearest = await load(autocannon, `${base}/api/stations/nearest`, paths);
    const row = (name: string, r: Result) =>
      `${name.padEnd(24)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p50 ${String(r.latency.p50).padStart(3)} ms  ` +
      `p99 ${String(r.latency.p99).padStart(3)} ms  non-2xx ${r.non2xx}  errors ${r.errors + r.timeouts}`;
    const ratio = (name: string, r: Result) =>
      `${name.padEnd(24)} throughput ${(r.requests.average / bare.requests.average).toFixed(2)}× bare  ` +
      `p99 ${(r.latency.p99 / Math.max(1, bare.latency.p99)).toFixed(2)}× bare`;
    console.log(
      `HTTP on 127.0.0.1:${port} (bare Fastify on ${barePort}), ${stations} stations, ${CONNECTIONS} connections, ${DURATION_SEC} s each`,
    );
    // Latency percentiles mean little on a busy machine: say how busy it was.
    const loadAvg = os.loadavg()[0]!.toFixed(1);
    console.log(
      `machine: ${os.cpus().length} cores, 1-min load average ${loadAvg} (server and load generator share them)`,
    );
    console.log(row('bare Fastify route', bare));
    console.log(row('trivial API route', trivial));
    console.log(row('/api/health', health));
    console.log(row('/api/stations/nearest', nearest));
    console.log(ratio('trivial API route', trivial));
    console.log(ratio('/api/health', health));
    console.log(ratio('/api/stations/nearest', nearest));
    const nearestRatio = nearest.requests.average / bare.requests.average;
    console.log(
      `nearest / bare throughput: ${nearestRatio.toFixed(2)}× (target ≥ 0.5: ${nearestRatio >= 0.5 ? 'met' : 'MISSED'})`,
    );
    console.log(
      `nearest p99: ${nearest.latency.p99} ms (target ≤ 15 ms: ${nearest.latency.p99 <= 15 ? 'met' : 'MISSED'})`,
    );
    if (bare.non2xx || nearest.non2xx || health.non2xx || trivial.non2xx)
      console.log('WARNING: non-2xx answers during the run; the figures are not valid');
  } finally {
    child.kill('SIGTERM');
  }
}

if (process.argv[2] === '--serve') await serve(Number(process.argv[3]));
else await main();
