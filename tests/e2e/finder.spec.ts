import { expect, type Page, test } from '@playwright/test';
import { type ApiStation, haversineKm, stationsInBox, waitForStations } from './finder-helpers';

/** A query point on Via Giovanni Gentile, Bari, between two real Metano stations (see finder-drive.spec.ts). */
const BARI = { latitude: 41.1, longitude: 16.9317 };

test.beforeAll(async ({ request }) => {
  await waitForStations(request);
});

async function openFinderAt(page: Page, at: { latitude: number; longitude: number; accuracy?: number }) {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ accuracy: 10, ...at });
  await page.goto('/App');
  await expect(page.getByTestId('hud')).toHaveAttribute('data-station-id', /.+/);
}

test('explains why location is needed before the browser asks, and works with location denied via search', async ({
  page,
}) => {
  // No permission granted: the finder must not ask on its own, and a denial leads to search.
  await page.goto('/App');
  const banner = page.getByTestId('location-banner');
  await expect(banner).toHaveAttribute('data-status', 'idle');
  await expect(banner).toContainText('needs your location');
  await page.getByRole('button', { name: 'Use my location' }).click();
  await expect(banner).toHaveAttribute('data-status', 'denied');
  await expect(banner).toContainText('Location is off');

  await page.getByLabel('Search a city, area or station').fill('Bari');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const hits = page.getByRole('list', { name: 'Search results' }).getByRole('button');
  await expect(hits.first()).toBeVisible();
  const picked = (await hits.first().locator('strong').textContent())?.trim() ?? '';
  await hits.first().click();
  await expect(page.getByTestId('hud-station-name')).toContainText(picked);
  await expect(page.getByTestId('hud-distance')).toHaveText('0 m');
  await expect(page.getByTestId('station-list').locator('li').first()).toBeVisible();
  // Without GPS the panel does not pretend to know a speed.
  await expect(page.getByTestId('hud-speed')).toHaveAttribute('data-speed-kmh', '');
});

test('a station deep link shows its details, source and navigation hand-off', async ({ page, request }) => {
  const box = await stationsInBox(request, 16.92, 41.09, 16.94, 41.11);
  const station = box.find((s) => /GIOVANNI GENTILE/i.test(s.address ?? '')) as ApiStation;
  const response = await page.goto(`/stations/${station.id}`);
  expect(response?.status()).toBe(200);
  // Before the JavaScript runs, a shared link shows the site frame loading, never the Home page's content.
  const served = (await response?.text()) ?? '';
  expect(served).toContain('Loading…');
  expect(served).toContain('id="main"');
  expect(served).not.toContain('Find CNG Fast and Easy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(station.name);
  const details = page.getByTestId('station-details');
  await expect(details).toContainText(/GIOVANNI GENTILE/i);
  await expect(details.getByRole('heading', { name: 'Source and licence' })).toBeVisible();
  await expect(details.locator('.station-details__sources li').first()).toContainText(/\S/);
  const navigate = details.getByRole('link', { name: /^Navigate with/ });
  await expect(navigate).toHaveAttribute(
    'href',
    new RegExp(`${station.lat.toFixed(6)},${station.lon.toFixed(6)}`),
  );
});

test('an unknown station id says so instead of failing', async ({ page }) => {
  await page.goto('/stations/st_doesnotexist');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Station not found');
  await expect(page.getByTestId('station-details')).toContainText('no longer in our data');
});

test('favourites persist across reloads and stay usable offline with live distance @desktop', async ({
  page,
}) => {
  await openFinderAt(page, BARI);
  const firstRow = page.getByTestId('station-list').locator('li').first();
  const name = (await firstRow.locator('.station-row__name').textContent())?.trim() ?? '';
  await firstRow.getByRole('button', { name: /^Details/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Station details' });
  await dialog.getByRole('button', { name: /Save to favourites/ }).click();
  await expect(dialog.getByRole('button', { name: /Saved/ })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Close details' }).click();

  await page.reload();
  const favourites = page.getByTestId('favourites');
  await expect(favourites.getByRole('button', { name: new RegExp(name) })).toBeVisible();

  await page.context().setOffline(true);
  const before = await favourites.getByTestId('favourite-distance').first().textContent();
  // Move about 1 km north while offline: the favourite's distance is recomputed on the device.
  await page
    .context()
    .setGeolocation({ latitude: BARI.latitude + 0.009, longitude: BARI.longitude, accuracy: 10 });
  await expect(favourites.getByTestId('favourite-distance').first()).not.toHaveText(before ?? '');
  await favourites.getByRole('button', { name: new RegExp(name) }).click();
  const offlineDialog = page.getByRole('dialog', { name: 'Station details' });
  await expect(offlineDialog.getByRole('heading', { name, exact: true })).toBeVisible();
  // Offline, the details come from the browser cache or from the copy saved with the favourite.
  await expect(offlineDialog).toContainText(/GIOVANNI GENTILE/i);
  await page.context().setOffline(false);
});

test('the list and the panel work when map tiles are blocked @mobile', async ({ page }) => {
  await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  await openFinderAt(page, BARI);
  await expect(page.getByText('Map tiles cannot load')).toBeVisible();
  const rows = page.getByTestId('station-list').locator('li');
  await expect(rows.first()).toBeVisible();
  const distances = await rows.getByTestId('row-distance').allTextContents();
  expect(distances.length).toBeGreaterThan(1);
  await expect(page.getByTestId('hud-distance')).toHaveText(distances[0]!);
});

test('low GPS accuracy is said out loud @desktop', async ({ page }) => {
  await openFinderAt(page, { ...BARI, accuracy: 450 });
  await expect(page.getByTestId('location-banner')).toHaveAttribute('data-status', 'low-accuracy');
  await expect(page.getByTestId('location-banner')).toContainText('±450 m');
});

test('filters are remembered on the device and sent to the server @desktop', async ({ page }) => {
  await openFinderAt(page, BARI);
  const nearest = page.waitForRequest(
    (r) => r.url().includes('/api/stations/nearest') && r.url().includes('openNow=true'),
  );
  await page.getByLabel('Open now').check();
  await nearest;
  await page.reload();
  await expect(page.getByLabel('Open now')).toBeChecked();
});

test('selecting another station pins it in the panel until "Back to nearest" @desktop', async ({
  page,
  request,
}) => {
  await openFinderAt(page, BARI);
  const box = await stationsInBox(request, 16.6, 40.9, 17.2, 41.3);
  const rows = page.getByTestId('station-list').locator('li');
  const secondId = (await rows.nth(1).getAttribute('data-station-id')) ?? '';
  await rows.nth(1).locator('.station-row__main').click();
  await expect(page.getByTestId('hud')).toHaveAttribute('data-station-id', secondId);
  const second = box.find((s) => s.id === secondId)!;
  const shownKm = Number(await page.getByTestId('hud-distance').getAttribute('data-distance-km'));
  expect(Math.abs(shownKm - haversineKm({ lon: BARI.longitude, lat: BARI.latitude }, second))).toBeLessThan(
    0.001,
  );
  await page.getByRole('button', { name: 'Back to nearest' }).click();
  await expect(page.getByTestId('hud')).toHaveAttribute(
    'data-station-id',
    (await rows.first().getAttribute('data-station-id')) ?? '',
  );
});
