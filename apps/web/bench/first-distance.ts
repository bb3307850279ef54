/**
 * Time from opening /App to the first distance on screen, on a throttled cheap phone: Chromium with
 * the CPU 4× slower, 500 kbps down and up and 400 ms latency (CDP), geolocation granted, a cold cache.
 * Measured for this build and for a baseline build of an older commit (BENCH_BASELINE_COMMIT, default
 * DEFAULT_BASELINE_COMMIT), both served the same way (scripts/e2e-server.mjs), in the same run.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';

/** The baseline build: code from before the first distance stopped waiting for the map (8.8 s to the first distance, 185 kB of JavaScript on /App). */
export const DEFAULT_BASELINE_COMMIT = '1978b12';

export const PHONE = {
  cpuSlowdown: 4,
  // 500 kbps each way, in bytes per second, and 400 ms of round-trip latency.
  throughputBytesPerS: (500 * 1000) / 8,
  latencyMs: 400,
};

/**
 * A build of the web app at `commit`, in a folder of its own under the system temp dir (kept between runs,
 * so only the first run pays for the install and the build). The source comes from `git archive` (no worktree
 * is registered), its packages from its own lock file.
 */
export function buildBaseline(root: string, commit: string): string {
  const full = execFileSync('git', ['-C', root, 'rev-parse', commit], { encoding: 'utf8' }).trim();
  const dir = path.join(os.tmpdir(), `cng-bench-baseline-${full.slice(0, 12)}`);
  const dist = path.join(dir, 'apps/web/dist');
  if (fs.existsSync(path.join(dist, 'index.html')) && fs.existsSync(path.join(dist, '.vite/manifest.json'))) {
    return dist;
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${root}" archive ${full} | tar -x -C "${dir}"`], { stdio: 'inherit' });
  // The baseline's own packages, from its own lock file: its build may need what ours no longer has (React
  // before ADR 0020). No install scripts: the web build needs no native module.
  console.log(`installing the baseline's packages (${commit}) in ${dir} …`);
  execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`building the baseline web app (${commit} = ${full.slice(0, 12)}) in ${dir} …`);
  const started = Date.now();
  const env = { ...process.env };
  delete env.WEB_OUT_DIR;
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: path.join(dir, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  console.log(`  baseline built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dist;
}

/**
 * The server answers /api/health with stations as soon as the first ones are in, while its start-up import
 * goes on for up to a minute and holds requests for seconds at a time: wait until /App has answered within
 * 300 ms ten times in a row, a second apart.
 */
export async function settled(base: string) {
  let fast = 0;
  for (let i = 0; i < 300 && fast < 10; i++) {
    const started = Date.now();
    await fetch(`${base}/App`).then((r) => r.text());
    fast = Date.now() - started < 300 ? fast + 1 : 0;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Starts scripts/e2e-server.mjs on `port` serving `webDist`; resolves once it has stations. */
export async function startServer(root: string, port: number, webDist: string) {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
    env: { ...process.env, E2E_PORT: String(port), E2E_LOG_LEVEL: 'error', WEB_DIST: webDist },
    stdio: 'inherit',
  });
  let exitCode: number | null = null;
  child.once('exit', (code) => {
    exitCode = code ?? 1;
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 180; i++) {
    if (exitCode !== null) throw new Error(`the server for ${webDist} exited with code ${exitCode}`);
    const stations = await fetch(`${base}/api/health`)
      .then((r) => r.json() as Promise<{ stations: number | null }>)
      .then((b) => b.stations ?? 0)
      .catch(() => 0);
    if (stations > 0) {
      await settled(base);
      return { base, stop: () => child.kill('SIGTERM') };
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  child.kill('SIGTERM');
  throw new Error(`the server for ${webDist} had no stations within 180 s`);
}

/** Milliseconds from the start of the navigation to a distance on screen, and to the finder's own panel. */
export interface FirstDistance {
  /** The first distance of any kind: the early strip (early-nearest.ts) or the panel, whichever came first. */
  first: number;
  /** The finder's panel (with the baseline, which has no early strip, the same as `first`). */
  panel: number;
}

/**
 * One cold visit of `${base}/App` on the throttled phone with GPS at `at`: milliseconds from the start of the
 * navigation until a distance is on screen, and until the finder's panel shows one (polled every 20 ms by a
 * script installed before any page script runs).
 */
export async function firstDistanceMs(
  browser: Browser,
  base: string,
  at: { lat: number; lon: number },
): Promise<FirstDistance> {
  const context = await browser.newContext({
    geolocation: { latitude: at.lat, longitude: at.lon, accuracy: 10 },
    permissions: ['geolocation'],
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    // Map tiles come from the internet, which the bench machine has not: refuse them at once.
    await page.route('**/tile.openstreetmap.org/**', (r) => r.abort());
    // A string, not a function: tsx would wrap named functions in a helper the page does not have.
    await page.addInitScript(`{
      const shown = (selector) => {
        const el = document.querySelector(selector);
        return el && /\\d/.test(el.textContent || '');
      };
      const timer = setInterval(() => {
        const panel = shown('[data-testid="hud-distance"]');
        if (window.__firstDistanceMs === undefined && (panel || shown('[data-testid="early-distance"]')))
          window.__firstDistanceMs = performance.now();
        if (panel) {
          window.__panelDistanceMs = performance.now();
          clearInterval(timer);
        }
      }, 20);
    }`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.throughputBytesPerS,
      uploadThroughput: PHONE.throughputBytesPerS,
    });
    await page.goto(`${base}/App`, { waitUntil: 'commit' });
    await page
      .waitForFunction(
        () => (window as unknown as { __panelDistanceMs?: number }).__panelDistanceMs !== undefined,
        undefined,
        { timeout: 60_000, polling: 100 },
      )
      .catch(async (err) => {
        const hud = await page
          .getByTestId('hud')
          .textContent()
          .catch(() => 'no panel');
        throw new Error(`no distance on ${base}/App within 60 s (panel: ${hud}): ${err}`);
      });
    return await page.evaluate(() => {
      const w = window as unknown as { __firstDistanceMs: number; __panelDistanceMs: number };
      return { first: w.__firstDistanceMs, panel: w.__panelDistanceMs } satisfies FirstDistance;
    });
  } finally {
    await context.close();
  }
}
