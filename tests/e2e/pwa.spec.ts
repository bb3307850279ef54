import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_ROUTES } from '@cng/shared';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { stationsInBox, waitForStations } from './finder-helpers';

/** Width and height of a PNG, read from its IHDR chunk (bytes 16–23), independently of our build. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Waits until the service worker has installed (precache complete) and controls this page. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** "HH:MM" minutes since midnight, for comparing the marker's time with the test's clock. */
const minuteOf = (ms: number) => {
  const d = new Date(ms);
  return d.getHours() * 60 + d.getMinutes();
};

/** A real station in Bari (from the running server's data) and a point 55 m north of it. */
async function bariStation(request: Parameters<typeof stationsInBox>[0]) {
  await waitForStations(request);
  const box = await stationsInBox(request, 16.8, 41.05, 16.95, 41.15);
  expect(box.length).toBeGreaterThan(3);
  const station = [...box].sort((a, b) => a.id.localeCompare(b.id))[0]!;
  return { station, here: { lon: station.lon, lat: station.lat + 0.0005 } };
}

async function goThere(context: BrowserContext, at: { lon: number; lat: number }) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: at.lat, longitude: at.lon, accuracy: 10 });
}

test.describe('installable app (PWA)', () => {
  test('the manifest is valid, linked from every content page, and every icon answers at its size @mobile', async ({
    request,
  }) => {
    const res = await request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: 'CNG Navigator',
      short_name: 'CNG Navigator',
      id: '/App',
      start_url: '/App',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b6e4f',
      background_color: '#0b6e4f',
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    // Chrome wants 192 and 512; Android's adaptive icons want a maskable one.
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const img = await request.get(icon.src);
      expect(img.status(), icon.src).toBe(200);
      expect(img.headers()['content-type']).toBe(icon.type);
      const { width, height } = pngSize(await img.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    for (const route of CONTENT_ROUTES) {
      const html = await (await request.get(route)).text();
      expect(html, route).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      const apple = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
      expect(apple, route).toBeTruthy();
      const { width, height } = pngSize(await (await request.get(apple!)).body());
      expect([width, height]).toEqual([180, 180]);
      expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes"');
    }
  });

  test('the service worker installs, controls the page, precaches every page, and Chrome finds the app installable @mobile', async ({
    baseURL,
    launchOptions,
  }, testInfo) => {
    // Chrome never installs from an incognito profile (which a test context is): use a real, throwaway one.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForServiceWorker(page);
      const precached = await page.evaluate(async () => {
        const name = (await caches.keys()).find((k) => k.startsWith('workbox-precache'));
        const cache = await caches.open(name ?? 'none');
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      });
      for (const route of CONTENT_ROUTES) {
        expect(precached, route).toContain(route === '/' ? '/index.html' : route);
      }
      // One language at install: the English pages and messages; the others are cached when visited.
      expect(precached.filter((url) => /^\/assets\/i18n\/common\.en\./.test(url))).toHaveLength(1);
      expect(precached.filter((url) => /^\/(hi|mr|gu|ta|kn|bn|it)(\/|$)/.test(url))).toEqual([]);
      expect(
        precached.filter((url) => /^\/assets\/i18n\/.*\.(?!en\.)[a-z]{2}\.[^.]+\.json$/.test(url)),
      ).toEqual([]);
      // Chrome's own verdict: manifest fields and icons, a service worker with a fetch handler, HTTPS or localhost.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      await testInfo.attach('installability-errors.json', { body: JSON.stringify(installabilityErrors) });
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test('offline, every content page and the finder open from the service worker @mobile', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    for (const route of CONTENT_ROUTES) {
      const res = await page.goto(route);
      expect(res?.fromServiceWorker(), route).toBe(true);
      await expect(page.locator('h1').first(), route).toBeVisible();
      await expect(page.locator('#main')).not.toContainText('Something went wrong');
    }
    // The finder itself (the code-split part of /App) runs offline too.
    await page.goto('/App');
    await expect(page.getByRole('heading', { name: 'Find the nearest CNG station' })).toBeVisible();
    await expect(page.getByTestId('favourites')).toBeVisible();
    // A client route without prerendered HTML opens in the shell.
    const deepLink = await page.goto('/stations/not-cached-anywhere');
    expect(deepLink?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId('station-details')).toBeVisible();
  });
});

test.describe('other languages offline', () => {
  test('a Hindi page opened once online opens offline, and an English address goes to it for a driver who chose Hindi @mobile', async ({
    page,
    context,
  }) => {
    await page.goto('/hi/App');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await waitForServiceWorker(page);
    // The first visit went past the worker; it fetches the page and its messages into its runtime caches.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const pages = await (await caches.open('pages-i18n')).keys();
          const catalogs = await (await caches.open('i18n-catalogs')).keys();
          return {
            page: pages.some((r) => new URL(r.url).pathname === '/hi/App'),
            common: catalogs.some((r) => /\/common\.hi\./.test(r.url)),
          };
        }),
      )
      .toEqual({ page: true, common: true });
    await context.setOffline(true);
    const res = await page.goto('/hi/App');
    expect(res?.fromServiceWorker()).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.locator('h1').first()).toBeVisible();
    await expect(page.locator('#main')).not.toContainText('Something went wrong');
    await expect(page.getByTestId('favourites')).toBeVisible();

    // The server is out of reach: the page itself follows the remembered choice from the English address.
    await page.evaluate(() => localStorage.setItem('cng_lang', 'hi'));
    await page.goto('/App');
    await expect(page).toHaveURL(/\/hi\/App$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.locator('h1').first()).toBeVisible();
  });
});

test.describe('offline finder', () => {
  test('the last results, the stations around, favourites and their details work offline, marked with the data time @mobile', async ({
    page,
    context,
    request,
  }) => {
    const { here } = await bariStation(request);
    await goThere(context, here);
    const fetchedFromMs = Date.now();
    await page.goto('/App');
    const hud = page.getByTestId('hud');
    await expect(hud).toHaveAttribute('data-station-id', /.+/);
    const listIds = await page
      .getByTestId('station-list')
      .locator('li')
      .evaluateAll((lis) => lis.map((li) => li.getAttribute('data-station-id')));
    expect(listIds.length).toBeGreaterThan(1);
    // Save the second station as a favourite through its details.
    const favouriteId = listIds[1]!;
    await page
      .locator(`li[data-station-id="${favouriteId}"]`)
      .getByRole('button', { name: /^Details/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Station details' });
    await expect(dialog.getByTestId('station-details')).toHaveAttribute('data-station-id', favouriteId);
    const favouriteName = (await dialog.locator('.station-details__name').textContent())!.trim();
    await dialog.getByRole('button', { name: 'Save to favourites' }).click();
    await dialog.getByRole('button', { name: /^Close( details)?$/ }).click();
    await waitForServiceWorker(page);
    // The area around the position is fetched when the browser is idle after the list.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('cng.offline.area.v1') !== null))
      .toBe(true);

    // The finder may refresh the list while the favourite is saved; no data can be newer than this.
    const fetchedToMs = Date.now();
    await context.setOffline(true);
    await page.reload();
    await expect(hud).toHaveAttribute('data-station-id', listIds[0]!);
    const marker = page.getByTestId('station-list').locator('..').getByTestId('offline-marker').first();
    await expect(marker).toHaveText(/^offline — data from \d\d:\d\d$/);
    const [hh, mm] = (await marker.textContent())!.slice(-5).split(':').map(Number);
    expect(hh! * 60 + mm!).toBeGreaterThanOrEqual(minuteOf(fetchedFromMs));
    expect(hh! * 60 + mm!).toBeLessThanOrEqual(minuteOf(fetchedToMs));
    await expect(page.getByTestId('station-list').locator('li').first()).toHaveAttribute(
      'data-station-id',
      listIds[0]!,
    );

    const favourites = page.getByTestId('favourites');
    await expect(favourites.getByTestId('offline-marker')).toHaveText(/^offline — data from \d\d:\d\d$/);
    await favourites.locator(`li[data-station-id="${favouriteId}"] button`).click();
    await expect(dialog.locator('.station-details__name')).toHaveText(favouriteName);
    await expect(dialog.getByTestId('offline-marker')).toHaveText(/^offline — data from \d\d:\d\d$/);
    await page.screenshot({ path: testInfoPath('offline-favourite-details.png'), fullPage: false });
    await dialog.getByRole('button', { name: /^Close( details)?$/ }).click();

    // Driving on without a signal: 4 km further east, the list is recomputed from the saved area.
    const further = { lon: here.lon + 4 / (111.32 * Math.cos((here.lat * Math.PI) / 180)), lat: here.lat };
    await context.setGeolocation({ latitude: further.lat, longitude: further.lon, accuracy: 10 });
    const box = await stationsInBox(request, 16.5, 40.8, 17.3, 41.4);
    const nearestThere = [...box].sort(
      (a, b) =>
        (a.lon - further.lon) ** 2 +
        (a.lat - further.lat) ** 2 -
        ((b.lon - further.lon) ** 2 + (b.lat - further.lat) ** 2),
    )[0]!;
    await expect(hud).toHaveAttribute('data-station-id', nearestThere.id, { timeout: 30_000 });
    await page.screenshot({ path: testInfoPath('offline-finder.png'), fullPage: true });
  });
});

/** Screenshots go beside the other e2e artefacts. */
function testInfoPath(name: string) {
  return path.join(test.info().outputDir, name);
}

test.describe('offline status reports', () => {
  test('a report made offline is queued, says so, and is delivered after reconnecting @mobile', async ({
    page,
    context,
    request,
  }) => {
    const { station, here } = await bariStation(request);
    const count = async () =>
      ((await (await request.get(`/api/stations/${station.id}/reports`)).json()) as { reports: unknown[] })
        .reports.length;
    const before = await count();
    await goThere(context, here);
    await page.goto('/App');
    await expect(page.getByTestId('station-list').locator('li').first()).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    await page
      .locator(`li[data-station-id="${station.id}"]`)
      .getByRole('button', { name: /^Details/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Station details' });
    await dialog.getByRole('button', { name: 'Gas available' }).click();
    await expect(dialog.locator('.report-form__outcome')).toHaveText(
      'You are offline: your report is saved on this device and will be sent when you are back online.',
    );
    // Nothing reached the server while offline.
    expect(await count()).toBe(before);

    await context.setOffline(false);
    await expect(page.getByTestId('report-queue-notice')).toContainText(
      new RegExp(
        `^Your report for ${station.name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} from \\d\\d:\\d\\d was sent\\.`,
      ),
    );
    // The form that queued it says so too (the notice sits under the open dialog).
    await expect(dialog.locator('.report-form__outcome')).toHaveText('Back online: your report was sent.');
    await expect.poll(count).toBe(before + 1);
    const latest = (await (await request.get(`/api/stations/${station.id}/reports`)).json()) as {
      reports: { status: string; withPosition: boolean }[];
    };
    expect(latest.reports[0]).toMatchObject({ status: 'available', withPosition: true });
    await page.screenshot({ path: testInfoPath('report-delivered.png') });
  });
});

test.describe('updates', () => {
  test('a new version waits for "Reload", which switches to it @mobile', async ({ page }) => {
    const webDist = process.env.WEB_DIST ?? path.join(process.cwd(), 'apps/web/dist');
    const swFile = path.join(webDist, 'sw.js');
    const original = fs.readFileSync(swFile, 'utf8');
    await page.goto('/');
    await waitForServiceWorker(page);
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    try {
      // A new deployment: the same worker with different bytes.
      fs.writeFileSync(swFile, `${original}\n// next version ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByTestId('update-prompt');
      await expect(prompt).toContainText('New version available.');
      // Until the driver chooses, the old worker keeps control: no mix of versions.
      const waiting = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return {
          waiting: reg?.waiting?.state ?? null,
          active: reg?.active === navigator.serviceWorker.controller,
        };
      });
      expect(waiting).toEqual({ waiting: 'installed', active: true });
      await page.screenshot({ path: testInfoPath('update-prompt.png') });
      await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
      await waitForServiceWorker(page);
      const after = await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        return { waiting: reg?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null };
      });
      // A waiting worker only activates on skipWaiting: none waiting now means the new one took over.
      expect(after).toEqual({ waiting: null, controlled: true });
      await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    } finally {
      fs.writeFileSync(swFile, original);
    }
  });
});
