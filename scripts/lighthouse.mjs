// npm run lighthouse: Lighthouse 12 (mobile emulation, simulated throttling) on every content route of the
// built app, served by scripts/e2e-server.mjs on a free port. Prints performance, accessibility, best
// practices and SEO per route, and whether Chrome finds the app installable; exits 1 when a route misses a
// target or the app is not installable. WEB_DIST picks another web build.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium as playwrightChromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALL_ROUTES = [
  '/',
  '/about',
  '/App',
  '/contact',
  '/pricing',
  '/terms-and-conditions',
  '/privacy-policy',
  '/cancellation-and-refund-policy',
  '/coverage',
];
// `npm run lighthouse -- /about /pricing` audits only those routes.
const ROUTES = process.argv.slice(2).length ? process.argv.slice(2) : ALL_ROUTES;
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
const CATEGORIES = Object.keys(TARGETS);

/** A port nobody listens on (the OS picks it), or LIGHTHOUSE_PORT. */
async function freePort() {
  if (process.env.LIGHTHOUSE_PORT) return Number(process.env.LIGHTHOUSE_PORT);
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Chrome's installability errors for `url` once its service worker is ready ([] = installable). */
async function installabilityErrors(port, url) {
  const browser = await playwrightChromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(url);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
    await page.close();
    return errors.map((e) => e.errorId);
  } finally {
    await browser.close();
  }
}

async function waitForHealth(base, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server at ${base} did not become healthy within ${timeoutMs} ms`);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, E2E_PORT: String(port), E2E_LOG_LEVEL: 'error' },
});
const serverExit = new Promise((resolve) => server.on('exit', resolve));
let chrome;
let installability = null;
const rows = [];
try {
  await Promise.race([
    waitForHealth(base),
    serverExit.then((code) => Promise.reject(new Error(`the server exited early (code ${code})`))),
  ]);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  for (const route of ROUTES) {
    // Default config = mobile form factor, Moto G Power-sized screen, simulated slow 4G and 4x CPU slowdown.
    const audit = () =>
      lighthouse(`${base}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
    let result = await audit();
    if (result.lhr.runtimeError) {
      // A failed run (e.g. a cold browser's first page load timing out) is reported and tried once more.
      console.warn(`${route}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}; retrying`);
      result = await audit();
    }
    if (result.lhr.runtimeError) console.warn(`${route}: ${result.lhr.runtimeError.code} again`);
    const { categories, audits } = result.lhr;
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((categories[c].score ?? 0) * 100)]),
    );
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => a.id);
    if (process.env.LIGHTHOUSE_DEBUG) {
      const shifts = audits['layout-shifts']?.details?.items ?? [];
      for (const item of shifts)
        console.log(route, 'shift', item.score, item.node?.snippet, item.node?.selector);
      const lcp = audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
      console.log(route, 'LCP element', lcp?.snippet, lcp?.selector);
      for (const item of (audits['bootup-time']?.details?.items ?? []).slice(0, 5))
        console.log(route, 'bootup', item.url, Math.round(item.total), 'ms');
    }
    rows.push({
      route,
      ...scores,
      LCP: audits['largest-contentful-paint'].displayValue,
      TBT: audits['total-blocking-time'].displayValue,
      CLS: audits['cumulative-layout-shift'].displayValue,
      below90: failing.slice(0, 6).join(' '),
    });
  }
  // Lighthouse 12 no longer has a PWA category: ask Chrome itself whether the app is installable from /App.
  installability = await installabilityErrors(chrome.port, `${base}/App`);
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  await serverExit;
}

console.table(rows);
const misses = rows.flatMap((row) =>
  CATEGORIES.filter((c) => row[c] < TARGETS[c]).map((c) => `${row.route} ${c} ${row[c]} < ${TARGETS[c]}`),
);
if (installability) {
  console.log(
    `installable (Chrome, from /App): ${installability.length ? `no: ${installability.join(', ')}` : 'yes'}`,
  );
  if (installability.length) misses.push(`installability: ${installability.join(', ')}`);
}
console.log(`targets: ${CATEGORIES.map((c) => `${c} >= ${TARGETS[c]}`).join(', ')}`);
if (misses.length) {
  console.log(`missed:\n  ${misses.join('\n  ')}`);
  process.exitCode = 1;
} else console.log('every route meets every target');
