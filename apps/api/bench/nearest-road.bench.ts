/**
 * What the road figures cost nearest: GET /api/stations/nearest (the default limit of 20, points near the real import's
 * stations) on a server without ROUTING_URL against the same server with ROUTING_URL pointing at a loopback
 * OSRM (src/test-support/fake-osrm.ts, which answers as osrm-routed does), same run, over HTTP with autocannon:
 *
 * - straight line: ROUTING_URL unset, the product's default;
 * - road, cache miss: every request from a new origin, so each makes one /table call;
 * - road, cache hit: 50 origins asked again and again, so the drives come from the origin cache, against the
 *   straight line on the same 50 origins (few origins keep fewer stations' JSON hot than random ones).
 *
 * Three processes (the load generator, the API servers, the fake OSRM) share this machine's cores, so a
 * miss's figure includes the fake's own work; a real osrm-routed answers a 20-destination table on a city
 * graph in milliseconds, on its own machine. Targets run in interleaved rounds and each keeps its best run
 * (BENCH_ROAD_ROUNDS, default 2; BENCH_ROAD_SEC, each run's length, default 1 s).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../src/test-support/random';

const DURATION_SEC = Number(process.env.BENCH_ROAD_SEC ?? 1);
const ROUNDS = Number(process.env.BENCH_ROAD_ROUNDS ?? 2);
const CONNECTIONS = 10;

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** `--osrm`: the fake OSRM alone. */
async function serveOsrm() {
  const { startFakeOsrm } = await import('../src/test-support/fake-osrm');
  const osrm = await startFakeOsrm();
  console.log(`READY ${osrm.url}`);
}

/** `--serve <osrm url>`: the API twice on the real import's stations, without and with ROUTING_URL. */
async function serveApi(osrmUrl: string) {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config/env');
  const { createLocalChangeFeed } = await import('../src/db/change-feed');
  const { realImportDb } = await import('./real-import-db');
  const real = await realImportDb();
  const ports: number[] = [];
  for (const routing of [{}, { ROUTING_URL: osrmUrl }]) {
    const config = loadConfig({
      NODE_ENV: 'production',
      COOKIE_SECRET: 'bench-only-secret-bench-only-secret',
      AUTO_IMPORT: 'false',
      WEB_DIST: '/nonexistent-web-dist',
      API_RATE_LIMIT_PER_MIN: '1000000000',
      ...routing,
    });
    const app = await buildApp({
      config,
      dbHandle: real.db,
      changes: createLocalChangeFeed(),
      logger: { level: config.LOG_LEVEL, file: '/dev/null' },
    });
    app.get('/api/bench/positions', { schema: { hide: true } }, async () => {
      const index = app.stationIndex.current;
      return Array.from({ length: index.size }, (_, i) => [index.nearest.lonOf(i), index.nearest.latOf(i)]);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    ports.push(typeof address === 'object' && address ? address.port : 0);
  }
  console.log(`READY ${ports.join(' ')}`);
  process.on('SIGTERM', async () => {
    await real.cleanup();
    process.exit(0);
  });
}

/** Starts this file in a child process with `args` and resolves with its READY line's words. */
function child(args: string[]): Promise<{ proc: ChildProcess; words: string[] }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const line = /READY ([^\n]+)\n/.exec(out);
      if (line) resolve({ proc, words: line[1]!.split(' ') });
    });
    proc.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code} before it was ready`)));
  });
}

async function main() {
  const require = createRequire(import.meta.url);
  const autocannon = require('autocannon') as (opts: Record<string, unknown>) => Promise<Result>;
  const osrm = await child(['--osrm']);
  const api = await child(['--serve', osrm.words[0]!]);
  const [straightPort, roadPort] = api.words.map(Number) as [number, number];
  try {
    const positions = (await (
      await fetch(`http://127.0.0.1:${straightPort}/api/bench/positions`)
    ).json()) as [number, number][];
    const rand = seededRandom(20261207);
    // Drivers near stations: within ±0.05° (~5 km) of a random real station.
    const point = () => {
      const [lon, lat] = positions[Math.floor(rand() * positions.length)]!;
      return `lat=${(lat + (rand() - 0.5) / 10).toFixed(5)}&lon=${(lon + (rand() - 0.5) / 10).toFixed(5)}`;
    };
    const fresh = Array.from({ length: 200_000 }, point);
    const repeated = Array.from({ length: 50 }, point);
    const run = async (port: number, queries: string[]) => {
      let n = 0;
      const result = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration: DURATION_SEC,
        requests: [
          {
            method: 'GET',
            setupRequest: (req: { path: string }) => ({
              ...req,
              path: `/api/stations/nearest?${queries[n++ % queries.length]}`,
            }),
          },
        ],
      });
      if (result.non2xx || result.errors || result.timeouts)
        throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
      return result;
    };
    // Every answer by road must carry road figures, or the run measured the fallback.
    const answer = await fetch(`http://127.0.0.1:${roadPort}/api/stations/nearest?${fresh[0]}`);
    const sample = (await answer.json()) as { road?: { status: string } };
    if (sample.road?.status !== 'ok')
      throw new Error(`the road server answered ${JSON.stringify(sample.road)}`);
    await run(straightPort, fresh.slice(0, 2000)); // warm-up
    await run(roadPort, fresh.slice(2000, 4000));
    // Interleaved rounds, each target's best kept: on shared cores a neighbour's burst lands on one run.
    const best: Record<'straight' | 'miss' | 'straightRepeated' | 'hit', Result | undefined> = {
      straight: undefined,
      miss: undefined,
      straightRepeated: undefined,
      hit: undefined,
    };
    const keep = (key: keyof typeof best, r: Result) => {
      if (!best[key] || r.requests.average > best[key].requests.average) best[key] = r;
    };
    let offset = 4000;
    for (let round = 0; round < ROUNDS; round++) {
      keep('straight', await run(straightPort, fresh.slice(offset)));
      keep('miss', await run(roadPort, fresh.slice(offset + 50_000)));
      keep('straightRepeated', await run(straightPort, repeated));
      keep('hit', await run(roadPort, repeated));
      offset += 20_000;
    }
    const { straight, miss, straightRepeated, hit } = best as Record<keyof typeof best, Result>;
    const line = (label: string, r: Result, base: Result) =>
      `${label.padEnd(30)} ${r.requests.average.toFixed(0).padStart(6)} req/s | p50 ${String(r.latency.p50).padStart(3)} ms | ` +
      `p99 ${String(r.latency.p99).padStart(3)} ms | ${(base.requests.average / r.requests.average).toFixed(2)}x the straight line's time`;
    console.log(
      `nearest (default limit, 20) near real stations, ${CONNECTIONS} connections, best of ${ROUNDS} runs of ` +
        `${DURATION_SEC} s each, same run; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}:`,
    );
    console.log(line('straight line, new origins', straight, straight));
    console.log(line('road, cache miss', miss, straight));
    console.log(line('straight line, 50 origins', straightRepeated, straightRepeated));
    console.log(line('road, cache hit (50 origins)', hit, straightRepeated));
  } finally {
    api.proc.kill('SIGTERM');
    osrm.proc.kill('SIGTERM');
  }
}

if (process.argv[2] === '--osrm') await serveOsrm();
else if (process.argv[2] === '--serve') await serveApi(process.argv[3]!);
else await main();
