import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { bruteForceNearest, haversineKm, stationsInBox, waitForStations } from './finder-helpers';

/** Central Pune: the nearest station (any kind) is about 1.2 km away; the nearest "Gujarat Gas" one ~95 km. */
const PUNE = { latitude: 18.5204, longitude: 73.8567 };
/** Kharghar, Navi Mumbai: HPCL and Indian Oil pumps here sell Mahanagar Gas (MGL) CNG. */
const KHARGHAR = { latitude: 19.0454, longitude: 73.0645 };
/** Bari, between two real Metano stations (see finder.spec.ts). */
const BARI = { latitude: 41.1, longitude: 16.9317 };

// Two page loads and an offline round trip per test, on a shared CI machine: more than the default minute.
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async ({ request }) => {
  await waitForStations(request);
});

async function allowLocation(context: BrowserContext, at: { latitude: number; longitude: number }) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ accuracy: 10, ...at });
}

async function openFinder(page: Page) {
  await page.goto('/App');
  await expect(page.getByTestId('hud')).toHaveAttribute('data-station-id', /.+/, { timeout: 30_000 });
}

/** The ids of the first `n` rows of the station list once it shows `n` rows for the current answer. */
async function listedIds(page: Page, n: number) {
  const rows = page.getByTestId('station-list').locator('li[data-station-id]');
  await expect(rows.nth(n - 1)).toBeVisible();
  return rows.evaluateAll((els, k) => els.slice(0, k).map((e) => e.getAttribute('data-station-id')), n);
}

test('a filter ticked on an earlier visit does not apply in a new session @desktop', async ({ context }) => {
  await allowLocation(context, PUNE);
  const first = await context.newPage();
  await openFinder(first);
  const filtered = first.waitForResponse(
    (r) => r.url().includes('/api/stations/nearest') && r.url().includes('status=available'),
  );
  await first.getByLabel('Gas reported available').check();
  await first.getByLabel('Operator or brand').fill('Gujarat Gas');
  await filtered;
  await expect(first.getByTestId('hud-filter')).toContainText('gas reported available');
  await first.close();

  // A new tab: same device storage, new session. The earlier filters are gone, and the panel is the nearest.
  const asked: string[] = [];
  const next = await context.newPage();
  next.on('request', (r) => {
    if (r.url().includes('/api/stations/nearest')) asked.push(r.url());
  });
  await openFinder(next);
  await expect(next.getByLabel('Gas reported available')).not.toBeChecked();
  await expect(next.getByLabel('Operator or brand')).toHaveValue('');
  await expect(next.getByTestId('hud-filter')).toHaveCount(0);
  await expect(next.getByTestId('hud-station-name')).toContainText(/^Nearest /);
  expect(Number(await next.getByTestId('hud-distance').getAttribute('data-distance-km'))).toBeLessThan(2);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.some((u) => u.includes('status=') || u.includes('operator='))).toBe(false);
});

test('the panel names the filter and shows the nearest station of any kind with its distance', async ({
  page,
  request,
}) => {
  await allowLocation(page.context(), PUNE);
  await openFinder(page);
  const here = { lon: PUNE.longitude, lat: PUNE.latitude };
  const anyNearest = bruteForceNearest(await stationsInBox(request, 73.6, 18.3, 74.1, 18.7), here);

  // An operator whose nearest station is ~95 km away: the panel says "nearest match" and names the filter,
  // and the station 1.2 km away stays in sight with its distance.
  await page.getByLabel('Operator or brand').fill('Gujarat Gas');
  const hud = page.getByTestId('hud');
  await expect(hud.getByTestId('hud-filter')).toContainText('Filter: “Gujarat Gas”');
  await expect(hud.getByTestId('hud-station-name')).toContainText('Nearest match');
  expect(Number(await hud.getByTestId('hud-distance').getAttribute('data-distance-km'))).toBeGreaterThan(50);
  const any = hud.getByTestId('hud-any-nearest');
  await expect(any).toHaveAttribute('data-station-id', anyNearest.id);
  const km = Number(await any.getByTestId('hud-any-nearest-distance').getAttribute('data-distance-km'));
  expect(Math.abs(km - haversineKm(here, anyNearest))).toBeLessThan(0.001);
  await expect(any).toContainText(/\d(\.\d)? km/);

  // A status filter nothing matches (no driver has reported gas here): still the filter and the nearest.
  await page.getByLabel('Gas reported available').check();
  await expect(hud.getByTestId('hud-filter')).toContainText('Filter: gas reported available · “Gujarat Gas”');
  await expect(hud).toContainText('No station matches your filters');
  await expect(hud.getByTestId('hud-any-nearest')).toHaveAttribute('data-station-id', anyNearest.id);

  // Clearing from the panel brings back the nearest station itself.
  await hud.getByRole('button', { name: 'Clear filters' }).click();
  await expect(hud.getByTestId('hud-filter')).toHaveCount(0);
  await expect(hud).toHaveAttribute('data-station-id', anyNearest.id);
});

test('while a new filter is being answered, the nearest station of any kind is never labelled its match @desktop', async ({
  page,
}) => {
  await allowLocation(page.context(), PUNE);
  await openFinder(page);
  const hud = page.getByTestId('hud');
  const nearId = await hud.getAttribute('data-station-id');
  // Hold the filtered answer, as a slow 3G link does: the panel still shows the station 1.2 km away.
  let release = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  let asked = false;
  await page.route(/\/api\/stations\/nearest\?.*operator=/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.getByLabel('Operator or brand').fill('Gujarat Gas');
  await expect.poll(() => asked).toBe(true);
  await expect(hud).toHaveAttribute('data-station-id', nearId!);
  // It is the nearest station, not a "Gujarat Gas" one: it must not read "Nearest match" under that filter.
  await expect(hud.getByTestId('hud-station-name')).toHaveText(/^Nearest(?! match)/);
  await expect(hud.getByTestId('hud-filter')).toHaveCount(0);
  release();
  await expect(hud.getByTestId('hud-station-name')).toContainText('Nearest match');
  await expect(hud.getByTestId('hud-filter')).toContainText('Filter: “Gujarat Gas”');
  expect(Number(await hud.getByTestId('hud-distance').getAttribute('data-distance-km'))).toBeGreaterThan(50);
});

test('offline, an operator filter finds the same stations as online (an HPCL pump MGL supplies is MGL) @desktop', async ({
  page,
  context,
}) => {
  await allowLocation(context, KHARGHAR);
  await openFinder(page);
  // The stations around are saved once the browser is idle.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('cng.offline.area.v1') !== null), {
      timeout: 20_000,
    })
    .toBe(true);

  const operator = page.getByLabel('Operator or brand');
  const online = page.waitForResponse((r) => r.url().includes('operator=MGL') && r.ok());
  await operator.fill('MGL');
  await online;
  await expect(page.getByTestId('hud-filter')).toBeVisible();
  const onlineIds = await listedIds(page, 5);

  await operator.fill('');
  await expect(page.getByTestId('hud-filter')).toHaveCount(0);
  await context.setOffline(true);
  await operator.fill('MGL');
  await expect(page.getByTestId('hud-offline')).toBeVisible();
  const offlineIds = await listedIds(page, 5);
  expect(offlineIds).toEqual(onlineIds);
  await context.setOffline(false);
});

test('the finder page keeps one status stream open for the list, the map and a station’s details @desktop', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const counts = { open: 0, max: 0, made: 0 };
    (window as unknown as { __streams: typeof counts }).__streams = counts;
    class Counted extends Native {
      private counted = true;
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        counts.made++;
        counts.open++;
        counts.max = Math.max(counts.max, counts.open);
      }
      close() {
        if (this.counted) counts.open--;
        this.counted = false;
        super.close();
      }
    }
    window.EventSource = Counted;
  });
  await allowLocation(page.context(), BARI);
  // The map loads the stations of its view (and follows their statuses while single stations are drawn).
  const viewport = page.waitForResponse((r) => r.url().includes('/api/stations?bbox='));
  await openFinder(page);
  await expect(page.getByTestId('finder-map')).toBeVisible();
  await viewport;
  const id = await page.getByTestId('hud').getAttribute('data-station-id');
  const detailsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/stations/${id}`);
  await page.getByTestId('hud').getByRole('button', { name: 'Details' }).click();
  await expect(page.getByTestId('station-details')).toBeVisible();
  // The details have their station's answer, and two frames later every part of the page that follows
  // statuses (list, markers, details) has subscribed: the hub reopens its stream within a microtask.
  await detailsAnswer;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const streams = await page.evaluate(
    () => (window as unknown as { __streams: { open: number; max: number } }).__streams,
  );
  expect(streams.open).toBe(1);
  expect(streams.max).toBe(1);
});
