/**
 * Figures for the finder, printed, never asserted: /App JavaScript size, nearest-answer-to-render
 * time, per-fix client recompute, and map responsiveness with every real station of India and Italy loaded.
 * Needs the built app (`npm run build`, or WEB_DIST=<folder>): starts scripts/e2e-server.mjs on BENCH_PORT
 * (default 8158), waits for the start-up import, and drives Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { NearestResponse } from '@cng/shared';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';
import { recomputeStations } from '../src/features/finder/live-stations';
import {
  buildBaseline,
  DEFAULT_BASELINE_COMMIT,
  type FirstDistance,
  firstDistanceMs,
  PHONE,
  settled,
  startServer,
} from './first-distance';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const port = Number(process.env.BENCH_PORT ?? 8158);
const base = `http://127.0.0.1:${port}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function waitForStations(exited: () => number | null) {
  for (let i = 0; i < 120; i++) {
    const code = exited();
    if (code !== null) throw new Error(`the bench server exited with code ${code} before it had stations`);
    const stations = await fetch(`${base}/api/health`)
      .then((r) => r.json() as Promise<{ stations: number | null }>)
      .then((b) => b.stations ?? 0)
      .catch(() => 0);
    if (stations > 0) return stations;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the server imported no stations within 120 s');
}

function recomputeFigure(body: string) {
  const parsed = JSON.parse(body) as NearestResponse;
  const stations = parsed.stations;
  const here = { lon: stations[0]!.lon + 0.01, lat: stations[0]!.lat + 0.01 };
  const runs = 2000;
  const time = (fn: () => unknown) => {
    for (let i = 0; i < 200; i++) fn();
    const t = performance.now();
    for (let i = 0; i < runs; i++) fn();
    return (performance.now() - t) / runs;
  };
  // Baseline: only parsing the same answer — the least a request per fix would cost the client.
  const parseMs = time(() => JSON.parse(body));
  const recomputeMs = time(() => recomputeStations(stations, here));
  console.log(
    `client recompute, ${stations.length} real stations: ${recomputeMs.toFixed(4)} ms per fix (budget 2 ms; ${(recomputeMs / 2).toFixed(3)} of budget)`,
  );
  console.log(
    `  baseline JSON.parse of that answer: ${parseMs.toFixed(4)} ms → recompute/parse ratio ${(recomputeMs / parseMs).toFixed(2)}`,
  );
}

async function main() {
  const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
    env: { ...process.env, E2E_PORT: String(port), E2E_LOG_LEVEL: 'error' },
    stdio: 'inherit',
  });
  let exitCode: number | null = null;
  server.once('exit', (code) => {
    exitCode = code ?? 1;
  });
  try {
    const total = await waitForStations(() => exitCode);
    console.log(`server: ${total} active stations (real India + Italy data)`);

    const nearestBody = await (
      await fetch(`${base}/api/stations/nearest?lat=28.6139&lon=77.209&limit=100&radiusKm=1000`)
    ).text();
    recomputeFigure(nearestBody);

    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const jsOf = async (url: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') bodies.push(r.body());
      });
      await page.goto(url, { waitUntil: 'networkidle' });
      const buffers = await Promise.all(bodies);
      await context.close();
      return {
        files: buffers.length,
        gzip: buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
      };
    };
    const home = await jsOf(`${base}/`);
    const app = await jsOf(`${base}/App`);
    console.log(
      `JS for /App: ${kb(app.gzip)} gzip in ${app.files} files (budget 150 KB; ${(app.gzip / (150 * 1024)).toFixed(2)} of budget)`,
    );
    console.log(
      `  baseline JS for /: ${kb(home.gzip)} gzip in ${home.files} files → /App adds ${kb(app.gzip - home.gzip)} (finder + Leaflet)`,
    );

    // Nearest answer → list and panel on screen, at real station positions across both countries.
    const points = JSON.parse(nearestBody)
      .stations.slice(0, 3)
      .map((s: { lon: number; lat: number }) => s);
    const italy = (await (await fetch(`${base}/api/stations?bbox=6,36,19,47.5&zoom=22`)).json()) as {
      stations: { lon: number; lat: number }[];
    };
    points.push(...italy.stations.filter((_, i) => i % 300 === 0).slice(0, 4));
    const renderMs: number[] = [];
    for (const p of points) {
      const context = await browser.newContext({
        geolocation: { latitude: p.lat + 0.003, longitude: p.lon, accuracy: 10 },
        permissions: ['geolocation'],
      });
      const page = await context.newPage();
      await page.route('**/tile.openstreetmap.org/**', (r) => r.abort());
      await page.goto(`${base}/App`);
      await page
        .waitForFunction(
          () => performance.getEntriesByName('finder:nearest-to-render').length > 0,
          undefined,
          { timeout: 20_000 },
        )
        .catch(async (err) => {
          const status = await page
            .getByTestId('location-banner')
            .getAttribute('data-status')
            .catch(() => 'none');
          const marks = await page.evaluate(() =>
            performance
              .getEntries()
              .filter((e) => e.name.startsWith('finder'))
              .map((e) => e.name),
          );
          throw new Error(
            `no render figure at ${p.lon},${p.lat} (location ${status}, marks ${marks}): ${err}`,
          );
        });
      renderMs.push(
        await page.evaluate(() => performance.getEntriesByName('finder:nearest-to-render')[0]!.duration),
      );
      await context.close();
    }
    const baselineFrame = 1000 / 60;
    console.log(
      `nearest answer → list + panel painted: median ${median(renderMs).toFixed(1)} ms, max ${Math.max(...renderMs).toFixed(1)} ms over ${renderMs.length} real positions (budget 100 ms; one 60 Hz frame = ${baselineFrame.toFixed(1)} ms → ${(median(renderMs) / baselineFrame).toFixed(1)} frames)`,
    );

    // Map: zoom out until India and Italy are both in view (every station loaded, clustered), then pan.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route('**/tile.openstreetmap.org/**', (r) => r.abort());
    await page.goto(`${base}/App`);
    await page.waitForFunction(
      () => performance.getEntriesByName('finder:viewport-rendered').length > 0,
      undefined,
      { timeout: 20_000 },
    );
    await page.evaluate(() => {
      (window as unknown as { __long: number[] }).__long = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) (window as unknown as { __long: number[] }).__long.push(e.duration);
      }).observe({ type: 'longtask', buffered: false });
      performance.clearMarks('finder:viewport-rendered');
    });
    const clickAt = Date.now();
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await page.waitForFunction(() => performance.getEntriesByName('finder:viewport-rendered').length > 0);
    const zoomMs = Date.now() - clickAt;
    const clusters = await page.locator('.station-cluster').count();
    // Each cluster's title gives its whole count ("1234 stations: zoom in"); its label is abbreviated ("1.2k").
    const inView = await page
      .locator('.station-cluster')
      .evaluateAll((els) => els.map((el) => Number.parseInt(el.getAttribute('title') ?? '', 10)));
    const box = (await page.getByTestId('finder-map').boundingBox())!;
    const dragStart = Date.now();
    for (let i = 0; i < 10; i++) {
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + (i % 2 ? -150 : 150), box.y + box.height / 2 + 40, {
        steps: 10,
      });
      await page.mouse.up();
    }
    const dragMs = Date.now() - dragStart;
    await page.waitForTimeout(600);
    const longTasks = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
    console.log(
      `map with India and Italy in view (zoom 3, ${inView.reduce((n, c) => n + c, 0)} stations in ${clusters} clusters): zoom-out to markers drawn ${zoomMs} ms (incl. 200 ms debounce)`,
    );
    console.log(
      `  10 drags in ${dragMs} ms; long tasks (> 50 ms): ${longTasks.length}, longest ${longTasks.length ? Math.max(...longTasks).toFixed(0) : 0} ms (baseline: a 50 ms task is the long-task threshold)`,
    );
    await context.close();

    await throttledFirstDistance(browser, jsOf, JSON.parse(nearestBody).stations[0], () => {
      server.kill('SIGTERM');
      return new Promise((resolve) => server.once('exit', resolve));
    });
    await browser.close();
  } finally {
    server.kill('SIGTERM');
  }
}

/**
 * Opening /App on a throttled cheap phone (CPU 4×, 500 kbps, 400 ms) with GPS granted, until the
 * first distance is on screen — this build against a baseline build (DEFAULT_BASELINE_COMMIT), each served
 * by scripts/e2e-server.mjs on BENCH_PORT (one after the other: the bench uses one port), after its start-up
 * import has settled, cold cache each visit, BENCH_RUNS visits each (median).
 */
async function throttledFirstDistance(
  browser: Browser,
  jsOf: (url: string) => Promise<{ files: number; gzip: number }>,
  nearestStation: { lon: number; lat: number },
  stopServer: () => Promise<unknown>,
) {
  const commit = process.env.BENCH_BASELINE_COMMIT ?? DEFAULT_BASELINE_COMMIT;
  const baselineDist = buildBaseline(root, commit);
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  // 300 m north of the nearest station to central Delhi: a real position with a real answer.
  const at = { lat: nearestStation.lat + 0.0027, lon: nearestStation.lon };
  const ours: FirstDistance[] = [];
  const theirs: FirstDistance[] = [];
  await settled(base);
  for (let i = 0; i < runs; i++) ours.push(await firstDistanceMs(browser, base, at));
  await stopServer();
  const baseline = await startServer(root, port, baselineDist);
  try {
    for (let i = 0; i < runs; i++) theirs.push(await firstDistanceMs(browser, baseline.base, at));
    const oldJs = await jsOf(`${baseline.base}/App`);
    const s = (xs: number[]) => `${(median(xs) / 1000).toFixed(2)} s`;
    const list = (xs: number[]) => xs.map((x) => (x / 1000).toFixed(2)).join(', ');
    const first = (xs: FirstDistance[]) => xs.map((x) => x.first);
    const panel = (xs: FirstDistance[]) => xs.map((x) => x.panel);
    console.log(
      `throttled phone (CPU ${PHONE.cpuSlowdown}×, ${(PHONE.throughputBytesPerS * 8) / 1000} kbps, ${PHONE.latencyMs} ms), GPS granted, cold cache: /App → first distance on screen`,
    );
    console.log(
      `  this build: median ${s(first(ours))} over ${runs} visits [${list(first(ours))}] (budget 3.0 s; ${(median(first(ours)) / 3000).toFixed(2)} of budget; ${median(first(ours)) <= 3000 ? 'met' : 'MISSED'})`,
    );
    console.log(
      `  baseline ${commit}, same run: median ${s(first(theirs))} [${list(first(theirs))}] → ratio this/baseline ${(median(first(ours)) / median(first(theirs))).toFixed(2)}`,
    );
    console.log(
      `  the finder's own panel (after its code has loaded): this build ${s(panel(ours))} [${list(panel(ours))}], baseline ${s(panel(theirs))}`,
    );
    console.log(`  baseline ${commit} JS for /App: ${kb(oldJs.gzip)} gzip in ${oldJs.files} files`);
  } finally {
    baseline.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
