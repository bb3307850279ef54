/**
 * The costliest requests a client may send within the rate limit, answered in-process (app.inject: routing,
 * validation, handler and serialisation, no network) on the stations of the product's real import:
 * searches with many terms, and along-route with 10,000-point routes and zigzags and the widest corridor.
 * Baseline in the same run: a nearest query (k = 10). Prints the HTTP status (400: refused, e.g. a route
 * longer than 20,000 km) and the median and worst of several runs per request.
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createLocalChangeFeed } from '../src/db/change-feed';
import { realImportDb } from './real-import-db';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);

type Send = () => Promise<{ statusCode: number }>;
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** The A1 motorway from Milan to Naples through its exits, resampled into 10,000 points (as a router sends). */
function denseA1(): [number, number][] {
  const exits: [number, number][] = [
    [9.305, 45.37],
    [9.65, 45.18],
    [9.91, 44.93],
    [10.33, 44.79],
    [10.9, 44.67],
    [11.27, 44.52],
    [11.2, 44.1],
    [11.18, 43.8],
    [11.6, 43.45],
    [11.9, 43.05],
    [12.3, 42.55],
    [12.62, 42.05],
    [13.1, 41.75],
    [13.7, 41.45],
    [14.1, 41.1],
    [14.3, 40.88],
  ];
  return Array.from({ length: 10_000 }, (_, i) => {
    const f = (i / 9_999) * (exits.length - 1);
    const k = Math.min(Math.floor(f), exits.length - 2);
    const [a, b] = [exits[k]!, exits[k + 1]!];
    // Five decimals (~1 m), as routers send: full doubles would not fit the 320 KB body limit.
    return [round5(a[0] + (b[0] - a[0]) * (f - k)), round5(a[1] + (b[1] - a[1]) * (f - k))];
  });
}

/** A 10,000-point zigzag around Milan (dense with stations): `amplitudeDeg` across, `stepDeg` forward. */
function zigzag(amplitudeDeg: number, stepDeg: number): [number, number][] {
  return Array.from({ length: 10_000 }, (_, i) => [
    round5(9 + i * stepDeg),
    round5(45.4 + (i % 2) * amplitudeDeg),
  ]);
}

async function main() {
  const real = await realImportDb();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTO_IMPORT: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    API_RATE_LIMIT_PER_MIN: '1000000',
  });
  const app = await buildApp({ config, dbHandle: real.db, changes: createLocalChangeFeed() });
  await app.ready();
  const letters = 'abcdefghijklmnopqrstuvwxy'.split('').join(' ');
  const get =
    (url: string): Send =>
    () =>
      app.inject(url);
  const route =
    (coordinates: [number, number][]): Send =>
    () =>
      app.inject({
        method: 'POST',
        url: '/api/stations/along-route',
        payload: { line: { type: 'LineString', coordinates }, corridorKm: 50, limit: 500 },
      });
  const requests: [string, Send][] = [
    ['nearest k=10 (baseline)', get('/api/stations/nearest?lat=45.46&lon=9.19&limit=10')],
    ['search "milano" (ordinary)', get('/api/stations/search?q=milano')],
    ['search 25 one-letter terms', get(`/api/stations/search?q=${encodeURIComponent(letters)}`)],
    [
      'search 6 long misspelt words',
      get('/api/stations/search?q=mumbi+bengalru+milanno+forlli+delhii+punee'),
    ],
    ['along-route A1 Milano–Napoli, 10,000 points, 50 km', route(denseA1())],
    ['along-route zigzag 1.1 km wide, 10 m steps, 50 km', route(zigzag(0.01, 0.0001))],
    ['along-route zigzag 1.8 km wide, 10 m steps, 50 km', route(zigzag(0.016, 0.0001))],
    ['along-route zigzag 5.6 km wide, 10 m steps, 50 km', route(zigzag(0.05, 0.0001))],
    ['along-route zigzag 22 km wide, 100 m steps, 50 km', route(zigzag(0.2, 0.001))],
  ];
  console.log(`${real.stations} stations from the real import; ${RUNS} runs per request (ms)`);
  for (const [label, send] of requests) {
    const ms: number[] = [];
    let status = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const t = performance.now();
      status = (await send()).statusCode;
      if (i > 0) ms.push(performance.now() - t); // the first run warms the JIT
    }
    ms.sort((a, b) => a - b);
    const median = ms[Math.floor(ms.length / 2)]!;
    console.log(
      `${label.padEnd(52)} HTTP ${status}  median ${median.toFixed(1).padStart(6)}  worst ${ms.at(-1)!.toFixed(1).padStart(6)}`,
    );
  }
  await app.close();
  await real.cleanup();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
