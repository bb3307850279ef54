/**
 * HTTP load (autocannon, 50 connections) on a real server over loopback, on the stations of the product's
 * real import: /api/stations/nearest (k = 10, random points across India and Italy) and /api/health, each as a
 * ratio against a bare Fastify route answering `{hello: 'world'}` (a second, plain Fastify instance with no
 * plugins, in the same process), measured in the same run. The bare route is measured again sending the headers
 * nearest's answers carry (security, CORS, rate limit, caching), to show what those alone cost, and sending one
 * whole nearest answer of ten stations, made once, to show what such an answer's bytes alone cost. A trivial route on the API server (every hook:
 * rate limit, CORS, security headers; no work) shows what the hooks alone cost. Nearest is measured again with
 * `Accept-Encoding: br`, as phones ask: then compression is part of each answer's cost. The API server logs as the
 * product does by default (LOG_LEVEL info, LOG_REQUESTS writes-and-errors), to /dev/null. Both servers run in a child
 * process (this file with --serve) so the load generator does not share its thread. BENCH_PORT_BASE moves
 * the ten candidate ports of the API server; the bare one takes the next free port after it.
 *
 * autocannon parses every answer in JavaScript on the same two cores, so on this machine it runs out of CPU
 * before the server does (the server idled 30 % of a nearest run), and a ratio partly measures how much more
 * it costs autocannon to read an answer with the API's twelve extra headers than one with none. When wrk
 * (Debian's package `wrk`, a C load generator) is installed, the bare route, the trivial route and nearest are
 * measured again under it, and both ratios are printed.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededRandom } from '../src/test-support/random';

const CONNECTIONS = 50;
const DURATION_SEC = Number(process.env.BENCH_HTTP_SEC ?? 12);
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 8120);
const PORTS = Array.from({ length: 10 }, (_, i) => PORT_BASE + i);
/** A route with every API hook and no work: the floor nearest is measured against. */
const TRIVIAL_PATH = '/api/bench/trivial';
/** Every station's position (bench only). */
const POSITIONS_PATH = '/api/bench/positions';
/** The bare route with the API's answer headers. */
const WITH_HEADERS_PATH = '/with-api-headers';
/** The bare route sending one full nearest answer, headers and body, as stored bytes. */
const FULL_ANSWER_PATH = '/full-answer';
/** Where the bare route's full answer was asked for: central Delhi, ten stations within a few km. */
const FULL_ANSWER_QUERY = '/api/stations/nearest?lat=28.6&lon=77.2&limit=10';
/** Headers Node or Fastify write for any answer, which the bare route then sends on its own. */
const UNSENT_BY_ROUTE = new Set(['content-length', 'content-type', 'date', 'connection', 'keep-alive']);

interface Result {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<Result>;

async function serve(port: number) {
  const { buildApp } = await import('../src/app');
  const { loadConfig } = await import('../src/config/env');
  const { createLocalChangeFeed } = await import('../src/db/change-feed');
  const { realImportDb } = await import('./real-import-db');
  const real = await realImportDb();
  const config = loadConfig({
    NODE_ENV: 'production',
    COOKIE_SECRET: 'bench-only-secret-bench-only-secret',
    AUTO_IMPORT: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    // The per-IP limit would turn the whole run into 429s from one load generator.
    API_RATE_LIMIT_PER_MIN: '1000000000',
  });
  // The product's default log level and request lines (LOG_LEVEL, LOG_REQUESTS), written to a file as a
  // deployment writes them: what a request costs to log is part of what it costs.
  const app = await buildApp({
    config,
    dbHandle: real.db,
    changes: createLocalChangeFeed(),
    logger: { level: config.LOG_LEVEL, file: '/dev/null' },
  });
  app.get(TRIVIAL_PATH, { schema: { hide: true } }, async () => ({ ok: true }));
  // Every station's position, for the load of drivers near stations (drawn in the load generator's process).
  app.get(POSITIONS_PATH, { schema: { hide: true } }, async () => {
    const index = app.stationIndex.current;
    return Array.from({ length: index.size }, (_, i) => [index.nearest.lonOf(i), index.nearest.latOf(i)]);
  });
  await app.listen({ port, host: '127.0.0.1' });
  // The baseline of the issue: Fastify with defaults, one route, nothing else.
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  // The same route sending the headers the API's answers carry (security, CORS, rate-limit, caching), as
  // nearest sent them: what the headers alone cost, beside the work of the API's hooks and routes.
  const sample = await app.inject({ method: 'GET', url: FULL_ANSWER_QUERY });
  const apiHeaders = Object.fromEntries(
    Object.entries(sample.headers).filter(([name]) => !UNSENT_BY_ROUTE.has(name)),
  ) as Record<string, string>;
  bare.get(WITH_HEADERS_PATH, async (_request, reply) => {
    reply.headers(apiHeaders);
    return { hello: 'world' };
  });
  // Sending a whole answer of ten stations, made once, as nearest sent it: what its bytes cost with no work,
  // the floor for drivers near stations.
  const fullAnswer = sample.rawPayload;
  const fullAnswerType = String(sample.headers['content-type']);
  bare.get(FULL_ANSWER_PATH, (_request, reply) => {
    reply.headers(apiHeaders).type(fullAnswerType).send(fullAnswer);
  });
  // Not measured: the server process's CPU time, read between runs, for CPU per request.
  bare.get('/cpu', async () => process.cpuUsage());
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

function loader(
  autocannon: Autocannon,
  url: string,
  paths: string[] | null,
  headers?: Record<string, string>,
) {
  let n = 0;
  const requests = paths
    ? [
        {
          method: 'GET',
          setupRequest: (req: { path: string }) => ({ ...req, path: paths[n++ % paths.length] }),
        },
      ]
    : undefined;
  const opts = { url, connections: CONNECTIONS, pipelining: 1, requests, headers };
  return (duration: number) => autocannon({ ...opts, duration });
}

/** The load of drivers near stations. */
const NEAR_STATIONS = 'nearest, near stations';
const BARE_FULL_ANSWER = 'bare, a full answer';

/** How many of the first 300 of `paths` list no station, and the answers' mean size. */
async function answerShape(base: string, paths: string[]): Promise<string> {
  let empty = 0;
  let bytes = 0;
  const sample = paths.slice(0, 300);
  for (const p of sample) {
    const body = await (await fetch(`${base}${p}`)).text();
    bytes += Buffer.byteLength(body);
    if (body.includes('"count":0,')) empty++;
  }
  return `${Math.round((100 * empty) / sample.length)} % of the first ${sample.length} answers list no station; mean ${(bytes / sample.length / 1024).toFixed(1)} KB`;
}

/** The server process's CPU time so far, µs (user + system). */
async function serverCpuUs(barePort: number): Promise<number> {
  const { user, system } = (await (await fetch(`http://127.0.0.1:${barePort}/cpu`)).json()) as {
    user: number;
    system: number;
  };
  return user + system;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** A load generator's run of one target for `duration` seconds. */
type Run = (duration: number) => Promise<Result>;
interface Target {
  name: string;
  run: Run;
}

/** Whether wrk (Debian's package `wrk`, a load generator written in C) is on this machine. */
function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A duration as wrk prints it (`812.00us`, `1.23ms`, `2.00s`), in ms. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`wrk: cannot read the duration ${text}`);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(m[1]) * scale;
}

/**
 * wrk, one thread and CONNECTIONS connections, on `url` (or on `paths` of it in turn, through a Lua script in
 * `dir`): its answers are parsed in C, so the server, not the load generator, is what runs out of CPU.
 */
function wrkLoader(url: string, paths: string[] | null, dir: string): Run {
  let script: string[] = [];
  if (paths) {
    const file = path.join(dir, `paths-${Math.random().toString(36).slice(2)}.lua`);
    fs.writeFileSync(
      file,
      `local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}\nlocal i = 0\n` +
        'request = function()\n  i = i + 1\n  return wrk.format(nil, paths[(i % #paths) + 1])\nend\n',
    );
    script = ['-s', file];
  }
  return (duration) =>
    new Promise<Result>((resolve, reject) => {
      const args = ['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--latency', ...script, url];
      execFile('wrk', args, (err, stdout) => {
        if (err) return reject(err);
        const total = Number(/(\d+) requests in/.exec(stdout)?.[1]);
        const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
        const p50 = /\n\s+50%\s+(\S+)/.exec(stdout)?.[1];
        const p99 = /\n\s+99%\s+(\S+)/.exec(stdout)?.[1];
        if (!(total > 0) || !(rps > 0) || !p50 || !p99)
          return reject(new Error(`wrk: cannot read\n${stdout}`));
        const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
        const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
        resolve({
          requests: { average: rps, total },
          latency: { p50: Math.round(wrkMs(p50)), p99: Math.round(wrkMs(p99)), average: wrkMs(p50) },
          non2xx,
          errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
          timeouts: errors ? Number(errors[4]) : 0,
        });
      });
    });
}

/**
 * Every target once per round, ROUNDS rounds, then one line each: requests/s, the ratio to the first target
 * (the bare route) within each round, latency, and the server's CPU time per answer. Returns nearest's p99,
 * CPU per answer and ratio.
 */
async function measure(title: string, targets: Target[], barePort: number) {
  for (const t of targets) await t.run(2); // warm-up: JIT, connection set-up
  // Interleaved rounds, every target once per round: a neighbour's load burst on this shared machine then
  // colours one round of each rather than all of one target. Ratios are taken within a round.
  // CPU time of the server per answer: less moved than requests/s by what else the machine runs, though
  // not immune (on a load average of 30 the bare route measured 36–101 µs in different runs).
  const rounds: (Result & { cpuUs: number })[][] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round: (Result & { cpuUs: number })[] = [];
    for (const t of targets) {
      const cpuBefore = await serverCpuUs(barePort);
      const result = await t.run(Math.max(1, Math.round(DURATION_SEC / ROUNDS)));
      const cpuUs = (await serverCpuUs(barePort)) - cpuBefore;
      round.push({ ...result, cpuUs: cpuUs / Math.max(1, result.requests.total) });
    }
    rounds.push(round);
  }
  const of = (i: number) => rounds.map((round) => round[i]!);
  const rps = (i: number) => median(of(i).map((r) => r.requests.average));
  const p50 = (i: number) => median(of(i).map((r) => r.latency.p50));
  const p99 = (i: number) => median(of(i).map((r) => r.latency.p99));
  const cpu = (i: number) => median(of(i).map((r) => r.cpuUs));
  /** Target i's requests/s against target `of`'s (the bare route unless named), within each round. */
  const ratio = (i: number, of = 0) =>
    median(rounds.map((round) => round[i]!.requests.average / round[of]!.requests.average));
  // Latency percentiles mean little on a busy machine: say how busy it was.
  const loadAvg = os.loadavg()[0]!.toFixed(1);
  console.log(`\n${title}; 1-min load average ${loadAvg} at the end`);
  targets.forEach((t, i) => {
    const bad = of(i).reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
    console.log(
      `${t.name.padEnd(24)} ${rps(i).toFixed(0).padStart(7)} req/s  ${i ? `${ratio(i).toFixed(2)}× bare` : '(baseline)'.padStart(10)}  ` +
        `p50 ${String(p50(i)).padStart(3)} ms  p99 ${String(p99(i)).padStart(3)} ms  ` +
        `server CPU ${cpu(i).toFixed(0).padStart(4)} µs/answer (${(cpu(0) / cpu(i)).toFixed(2)}× bare)  non-2xx/errors ${bad}`,
    );
  });
  console.log(
    `req/s per round: ${targets
      .map(
        (t, i) =>
          `${t.name} ${of(i)
            .map((r) => r.requests.average.toFixed(0))
            .join('/')}`,
      )
      .join(', ')}`,
  );
  if (rounds.flat().some((r) => r.non2xx || r.errors || r.timeouts))
    console.log('WARNING: non-2xx answers or errors during the run; the figures are not valid');
  const nearest = targets.findIndex((t) => t.name === '/api/stations/nearest');
  const near = targets.findIndex((t) => t.name === NEAR_STATIONS);
  const full = targets.findIndex((t) => t.name === BARE_FULL_ANSWER);
  return {
    ratio: ratio(nearest),
    p99: p99(nearest),
    cpuUs: cpu(nearest),
    bareCpuUs: cpu(0),
    nearCpuUs: cpu(near),
    nearRatio: ratio(near),
    nearP99: p99(near),
    fullRatio: ratio(full),
    // Nearest near stations against the bare route sending a full answer of the same kind.
    nearToFull: ratio(near, full),
  };
}

/**
 * What counts (ADR 0026): nearest's p99 against its 15 ms goal, and the server's CPU per answer beside the bare
 * route's. The requests/s ratio is printed for orientation only; it is not a goal.
 */
function goalLines(
  generator: string,
  m: { p99: number; cpuUs: number; bareCpuUs: number; nearCpuUs: number; ratio: number },
): string {
  return [
    `nearest p99 (${generator}): ${m.p99} ms (goal ≤ 15 ms: ${m.p99 <= 15 ? 'met' : 'MISSED'})`,
    `nearest server CPU (${generator}): ${m.cpuUs.toFixed(0)} µs/answer, near stations ${m.nearCpuUs.toFixed(0)} µs, ` +
      `bare route ${m.bareCpuUs.toFixed(0)} µs`,
    `nearest / bare throughput (${generator}): ${m.ratio.toFixed(2)}× (for orientation, not a goal)`,
  ].join('\n');
}

/** The floor full answers are measured against: the bare route sending one, and nearest near stations beside it. */
function fullAnswerLine(generator: string, m: { fullRatio: number; nearToFull: number }): string {
  return (
    `bare route sending a full answer / bare (${generator}): ${m.fullRatio.toFixed(2)}×; ` +
    `nearest near stations / that: ${m.nearToFull.toFixed(2)}×`
  );
}

async function main() {
  const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
  const { child, port, barePort, stations } = await startServer();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-http-bench-'));
  try {
    const rand = seededRandom(48);
    // Random points in the boxes of India and Italy, alternately.
    const paths = Array.from({ length: 5000 }, (_, i) => {
      const [lon, lat] =
        i % 2 ? [68 + rand() * 29, 8 + rand() * 27] : [6.6 + rand() * 12, 36.6 + rand() * 10.4];
      return `/api/stations/nearest?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}&limit=10`;
    });
    const base = `http://127.0.0.1:${port}`;
    // Drivers near stations: a random station's position moved up to 5 km in a random direction. Random points
    // over the two countries' boxes fall mostly where no station is within 50 km (answers with no station), so
    // they measure mostly what every request costs; these answers list ten stations, 15–25 KB each.
    const positions = (await (await fetch(`${base}${POSITIONS_PATH}`)).json()) as [number, number][];
    const nearPaths = Array.from({ length: 5000 }, () => {
      const [lon, lat] = positions[Math.floor(rand() * positions.length)]!;
      const km = 5 * Math.sqrt(rand());
      const angle = 2 * Math.PI * rand();
      const dLat = (km * Math.cos(angle)) / 111.2;
      const dLon = (km * Math.sin(angle)) / (111.2 * Math.cos((lat * Math.PI) / 180));
      return `/api/stations/nearest?lat=${(lat + dLat).toFixed(5)}&lon=${(lon + dLon).toFixed(5)}&limit=10`;
    });
    const [randomShape, nearShape] = await Promise.all([
      answerShape(base, paths),
      answerShape(base, nearPaths),
    ]);
    const bareUrl = `http://127.0.0.1:${barePort}`;
    const fullAnswerKb =
      (await (await fetch(`${bareUrl}${FULL_ANSWER_PATH}`)).arrayBuffer()).byteLength / 1024;
    const nearestUrl = `${base}/api/stations/nearest`;
    const targets: Target[] = [
      { name: 'bare Fastify route', run: loader(autocannon, `${bareUrl}/`, null) },
      { name: 'bare, API headers', run: loader(autocannon, `${bareUrl}${WITH_HEADERS_PATH}`, null) },
      { name: BARE_FULL_ANSWER, run: loader(autocannon, `${bareUrl}${FULL_ANSWER_PATH}`, null) },
      { name: 'trivial API route', run: loader(autocannon, `${base}${TRIVIAL_PATH}`, null) },
      { name: '/api/health', run: loader(autocannon, `${base}/api/health`, null) },
      { name: '/api/stations/nearest', run: loader(autocannon, nearestUrl, paths) },
      { name: NEAR_STATIONS, run: loader(autocannon, nearestUrl, nearPaths) },
      // What a phone asks for: the same answers, compressed (brotli, as every current browser accepts over HTTPS).
      {
        name: 'nearest, br-compressed',
        run: loader(autocannon, nearestUrl, paths, { 'accept-encoding': 'br' }),
      },
    ];
    console.log(
      `HTTP on 127.0.0.1:${port} (bare Fastify on ${barePort}), ${stations} stations, ${CONNECTIONS} connections, ` +
        `${ROUNDS} interleaved rounds, ${DURATION_SEC} s per target in all; medians over the rounds; ` +
        `machine: ${os.cpus().length} cores (server and load generator share them)`,
    );
    console.log(
      `nearest's queries (k = 10): 5,000 random points over India and Italy (${randomShape}); ` +
        `"${NEAR_STATIONS}": 5,000 points within 5 km of a random station (${nearShape}); ` +
        `"${BARE_FULL_ANSWER}": the bare route sending nearest's answer at ${FULL_ANSWER_QUERY}, made once ` +
        `(${fullAnswerKb.toFixed(1)} KB, with the API's headers)`,
    );
    const byAutocannon = await measure('autocannon (JavaScript load generator)', targets, barePort);
    // The same targets under wrk, whose C parser leaves the server the bottleneck: with autocannon, parsing
    // the answers' headers and bodies on the shared cores costs the load generator more than the server.
    const wrk = hasWrk()
      ? await measure(
          'wrk (C load generator, 1 thread)',
          [
            { name: 'bare Fastify route', run: wrkLoader(`${bareUrl}/`, null, scratch) },
            { name: BARE_FULL_ANSWER, run: wrkLoader(`${bareUrl}${FULL_ANSWER_PATH}`, null, scratch) },
            { name: 'trivial API route', run: wrkLoader(`${base}${TRIVIAL_PATH}`, null, scratch) },
            { name: '/api/stations/nearest', run: wrkLoader(nearestUrl, paths, scratch) },
            { name: NEAR_STATIONS, run: wrkLoader(nearestUrl, nearPaths, scratch) },
          ],
          barePort,
        )
      : null;
    console.log('');
    console.log(goalLines('autocannon', byAutocannon));
    console.log(
      `nearest near stations / bare (autocannon): ${byAutocannon.nearRatio.toFixed(2)}×, p99 ${byAutocannon.nearP99} ms (full answers)`,
    );
    console.log(fullAnswerLine('autocannon', byAutocannon));
    if (wrk) {
      console.log(goalLines('wrk', wrk));
      console.log(
        `nearest near stations / bare (wrk): ${wrk.nearRatio.toFixed(2)}×, p99 ${wrk.nearP99} ms (full answers)`,
      );
      console.log(fullAnswerLine('wrk', wrk));
    } else console.log('wrk is not installed (apt-get install wrk): its lines are left out');
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') await serve(Number(process.argv[3]));
else await main();
