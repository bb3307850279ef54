import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { installClockedGps, nextFix, pauseClock } from './clocked-gps';
import { haversineKm, lerp, type Pt, waitForStations } from './finder-helpers';

/** A real station: the nearest one to central Delhi, as the running server holds it. */
async function delhiStation(page: Page): Promise<Pt & { id: string }> {
  const res = await page.request.get('/api/stations/nearest?lat=28.6139&lon=77.209&limit=1&radiusKm=1000');
  expect(res.ok()).toBe(true);
  const [station] = ((await res.json()) as { stations: (Pt & { id: string })[] }).stations;
  return station!;
}

/** GPS granted, 300 m north of delhiStation (so it lies to the south), once the server has its stations. */
async function north300mOfDelhiStation(page: Page, context: BrowserContext) {
  await waitForStations(page.request);
  const station = await delhiStation(page);
  const here = { lat: station.lat + 0.0027, lon: station.lon };
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: here.lat, longitude: here.lon, accuracy: 10 });
  return { station, here };
}

/** Records, in epoch ms, when the page first asked for GPS (watchPosition or getCurrentPosition). */
const RECORD_GPS_CALL = `{
  const geo = navigator.geolocation;
  for (const name of ['watchPosition', 'getCurrentPosition']) {
    const original = geo[name].bind(geo);
    geo[name] = (...args) => {
      if (window.__gpsAskedAt === undefined) window.__gpsAskedAt = performance.timeOrigin + performance.now();
      return original(...args);
    };
  }
}`;

const MAP_CODE = /\/assets\/(finder-map|leaflet-src|use-leaflet-map)-[^/]*\.js$/;

test.describe('the first distance does not wait for the map', () => {
  test('GPS is asked for before the map code is requested, and the distance shows while the map cannot load', async ({
    page,
    context,
  }) => {
    const { station, here } = await north300mOfDelhiStation(page, context);
    await page.addInitScript(RECORD_GPS_CALL);
    // The map's code never arrives: requests for it hang until the test ends.
    const mapRequestedAt: number[] = [];
    await page.route(MAP_CODE, (route) => {
      mapRequestedAt.push(Date.now());
      void route;
    });
    await page.route('**/tile.openstreetmap.org/**', (r) => r.abort());

    await page.goto('/App');
    const distance = page.getByTestId('hud-distance');
    await expect(distance).toHaveAttribute('data-distance-km', /\d/, { timeout: 30_000 });
    const shownKm = Number(await distance.getAttribute('data-distance-km'));
    expect(Math.abs(shownKm - haversineKm(here, station))).toBeLessThan(0.01);
    const gpsAskedAt = await page.evaluate(
      () => (window as unknown as { __gpsAskedAt?: number }).__gpsAskedAt,
    );
    expect(gpsAskedAt, 'the page asked for GPS').toBeDefined();
    // Today's code asked for GPS only after the finder had rendered, which first requested the map's code.
    for (const at of mapRequestedAt) expect(gpsAskedAt!).toBeLessThan(at);
    // The map's code hangs, yet the panel shows the distance.
    await expect(page.getByTestId('finder-map')).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('before the finder has run, the first distance shows in the page language, true to the nearest station, then gives way to the panel @desktop', async ({
    page,
    context,
  }) => {
    const { station, here } = await north300mOfDelhiStation(page, context);
    // The finder's code (and the map's) is held back: on a cheap phone it takes seconds to arrive.
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/assets\/(finder|finder-map|leaflet-src)-[\w-]{8}\.js$/, (route) => {
      held.push(() => route.continue());
    });
    await page.route('**/tile.openstreetmap.org/**', (r) => r.abort());

    await page.goto('/hi/App');
    const early = page.getByTestId('early-distance');
    await expect(early).toHaveAttribute('data-distance-km', /\d/, { timeout: 30_000 });
    const shownKm = Number(await early.getAttribute('data-distance-km'));
    expect(Math.abs(shownKm - haversineKm(here, station))).toBeLessThan(0.01);
    // In Hindi, with the compass word, and no English word left in it.
    const strip = page.getByTestId('early-nearest');
    await expect(strip).toContainText('सबसे नज़दीकी');
    await expect(strip).toContainText('दक्षिण');
    expect(await strip.textContent()).not.toMatch(/[A-Za-z]/);
    await expect(strip).toHaveAttribute('role', 'status');
    // The finder has not run: the strip is the only distance on the page.
    await expect(page.getByTestId('hud-distance')).toHaveCount(0);
    expect(held.length).toBeGreaterThan(0);

    // The finder's code arrives: its panel answers and the strip goes.
    for (const go of held.splice(0)) await go();
    await page.unroute(/\/assets\/(finder|finder-map|leaflet-src)-[\w-]{8}\.js$/);
    await expect(page.getByTestId('hud-distance')).toHaveAttribute('data-distance-km', /\d/, {
      timeout: 30_000,
    });
    await expect(page.getByTestId('early-nearest')).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('when the station list cannot load, the map still loads so the driver sees where they are @desktop', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 28.6139, longitude: 77.209, accuracy: 10 });
    await page.route('**/api/stations/nearest**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"unavailable","message":"down"}',
      }),
    );
    await page.route('**/tile.openstreetmap.org/**', (r) => r.abort());
    await page.goto('/App');
    // No distance can be shown, and the map must not wait for one.
    await expect(page.getByTestId('finder-map')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('hud-distance')).toHaveCount(0);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});

test.describe('speed from fixes without a speed field', () => {
  test.setTimeout(90_000);

  test('a drive from a standstill-free start never shows "0 km/h" after the first move @desktop', async ({
    page,
    context,
  }) => {
    await waitForStations(page.request);
    const station = await delhiStation(page);
    // A straight 30 km/h drive heading north, starting 600 m south of the station.
    const start = { lat: station.lat - 0.0054, lon: station.lon };
    const end = { lat: station.lat - 0.0054 + 0.0045, lon: station.lon };
    const routeKm = haversineKm(start, end);
    const SPEED_KMH = 30;
    await installClockedGps(page);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: start.lat, longitude: start.lon, accuracy: 10 });
    await page.goto('/App');
    const distance = page.getByTestId('hud-distance');
    await expect(distance).toHaveAttribute('data-distance-km', /\d/);
    await pauseClock(page);

    const shown: string[] = [];
    for (let step = 1; step <= 10; step++) {
      // One fix a second of the page's clock (clocked-gps.ts).
      const t = (((step * 1000) / 3_600_000) * SPEED_KMH) / routeKm;
      const p: Pt = lerp(start, end, Math.min(1, t));
      await nextFix(page, context, 1000, p, 10);
      const expectedKm = haversineKm(p, station);
      await expect
        .poll(async () => Math.abs(Number(await distance.getAttribute('data-distance-km')) - expectedKm))
        .toBeLessThan(0.002);
      const speed = page.getByTestId('hud-speed');
      shown.push(
        `${await speed.getAttribute('data-speed-kmh')}|${await speed.locator('.hud__speed-value').textContent()} km/h`,
      );
    }
    // The car moved 8 m a second from the start: never "0 km/h" (unknown shows "–" until it is measured).
    for (const s of shown) {
      const [kmh, text] = s.split('|') as [string, string];
      expect(kmh === '' || Number(kmh) > 0, `speeds shown: ${shown.join(', ')}`).toBe(true);
      expect(text.replace(/\s+/g, ' ').trim(), `speeds shown: ${shown.join(', ')}`).not.toMatch(/^0 km\/h$/);
    }
    // Measured within a few fixes, and about right.
    const last = Number(shown[shown.length - 1]!.split('|')[0]);
    expect(Math.abs(last - SPEED_KMH) / SPEED_KMH, `speeds shown: ${shown.join(', ')}`).toBeLessThan(0.15);
  });
});
