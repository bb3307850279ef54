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
  const hits = page.getByRole('list', { name: 'Stations found' }).getByRole('button');
  await expect(hits.first()).toBeVisible();
  const picked = (await hits.first().locator('strong').textContent())?.trim() ?? '';
  await hits.first().click();
  await expect(page.getByTestId('hud-station-name')).toContainText(picked);
  // The banner says the distances are from the picked place, not from the driver.
  await expect(banner).toHaveAttribute('data-status', 'manual');
  await expect(banner).toHaveAttribute('data-location', 'denied');
  await expect(banner).toContainText(`Showing stations around ${picked}`);
  await expect(banner).toContainText('not from you');
  // The position is the station itself: no meaningless "0 m · N 0°" arrow.
  await expect(page.getByTestId('hud-picked')).toContainText('You picked this station');
  await expect(page.getByTestId('hud-distance')).toHaveCount(0);
  await expect(page.getByTestId('station-list').locator('li').first()).toBeVisible();
  // Without GPS the panel does not pretend to know a speed.
  await expect(page.getByTestId('hud-speed')).toHaveAttribute('data-speed-kmh', '');
});

test('with GPS on, a station picked from search is selected with live distance from the driver, GPS stays on', async ({
  page,
  context,
  request,
}) => {
  await waitForStations(request);
  const box = await stationsInBox(request, 16.6, 40.9, 17.2, 41.3);
  const here = { lat: 41.1177, lon: 16.872 };
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: here.lat, longitude: here.lon, accuracy: 10 });
  await page.goto('/App');
  const hud = page.getByTestId('hud');
  await expect(hud).toHaveAttribute('data-station-id', /.+/);
  await page.getByLabel('Search a city, area or station').fill('Gentile');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const hits = page.getByRole('list', { name: 'Stations found' }).getByRole('button');
  await expect(hits.first()).toBeVisible();
  const picked = (await hits.first().locator('strong').textContent())?.trim() ?? '';
  const candidates = box.filter((s) => s.name.trim() === picked);
  expect(candidates.length).toBeGreaterThan(0);
  await hits.first().click();
  await expect(page.getByTestId('hud-station-name')).toContainText(picked);
  // Still GPS: no "Showing stations around" banner, and the distance is measured from the driver.
  await expect(page.getByTestId('location-banner')).toHaveCount(0);
  const stationId = await hud.getAttribute('data-station-id');
  const station = box.find((s) => s.id === stationId)!;
  expect(candidates.map((s) => s.id)).toContain(stationId);
  const shownKm = Number(await page.getByTestId('hud-distance').getAttribute('data-distance-km'));
  expect(Math.abs(shownKm - haversineKm(here, station))).toBeLessThan(0.002);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a searched place is listed above stations, says how near its nearest station is, and moves the finder there @desktop', async ({
  page,
  request,
}) => {
  const box = await stationsInBox(request, 16.6, 40.9, 17.2, 41.3);
  // The server's own answer (real GeoNames places): the page must show every place it lists, in order.
  const answer = (await (await request.get('/api/stations/search?q=Bari')).json()) as {
    places: {
      name: string;
      countryCode: string;
      lat: number;
      lon: number;
      nearestStationKm: number | null;
    }[];
  };
  const bari = answer.places[0]!;
  expect(`${bari.name}, ${bari.countryCode}`).toBe('Bari, IT');
  const nearestKm = Math.min(...box.map((s) => haversineKm(bari, s)));
  const far = answer.places.findIndex((p) => p.nearestStationKm !== null && p.nearestStationKm > 50);
  expect(far, 'some place called like Bari lies far from every station (Bāri in India)').toBeGreaterThan(0);
  await page.goto('/App');
  await expect(page.getByTestId('location-banner')).toHaveAttribute('data-status', 'idle');
  await page.getByLabel('Search a city, area or station').fill('Bari');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const places = page.getByRole('list', { name: 'Places found' });
  await expect(places.getByRole('button').first()).toHaveText(
    new RegExp(`^Bari, IT — nearest station ${nearestKm < 1 ? '\\d+ m' : '\\d+\\.\\d km'}$`),
  );
  await expect(places.getByRole('button')).toHaveCount(answer.places.length);
  const farPlace = answer.places[far]!;
  await expect(places.getByRole('button').nth(far)).toHaveText(
    new RegExp(
      `^${escapeRegExp(farPlace.name)}, ${farPlace.countryCode} — no CNG station near it \\(nearest \\d+(\\.\\d)? km\\)$`,
    ),
  );
  // Places come before station hits on the page.
  const placesBox = (await places.boundingBox())!;
  const stationsBox = (await page.getByRole('list', { name: 'Stations found' }).boundingBox())!;
  expect(placesBox.y).toBeLessThan(stationsBox.y);

  await places.getByRole('button').first().click();
  await expect(page.getByTestId('location-banner')).toContainText('Showing stations around Bari, IT');
  const oracle = [...box].sort((a, b) => haversineKm(bari, a) - haversineKm(bari, b))[0]!;
  await expect(page.getByTestId('hud')).toHaveAttribute('data-station-id', oracle.id);
  const shownKm = Number(await page.getByTestId('hud-distance').getAttribute('data-distance-km'));
  expect(Math.abs(shownKm - nearestKm)).toBeLessThan(0.001);
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

test('an unknown station id says so instead of failing @desktop', async ({ page }) => {
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

test('filters last for the session (a reload keeps them) and are sent to the server @desktop', async ({
  page,
}) => {
  await openFinderAt(page, BARI);
  const nearest = page.waitForRequest(
    (r) => r.url().includes('/api/stations/nearest') && r.url().includes('status=available'),
  );
  await page.getByLabel('Gas reported available').check();
  await nearest;
  await expect(page.getByTestId('filters-applied')).toHaveText(/^Filtered: gas reported available/);
  await page.reload();
  await expect(page.getByLabel('Gas reported available')).toBeChecked();
});

test('a remembered "Open now" never leaves an empty list where no station publishes opening hours @desktop', async ({
  page,
}) => {
  // No station in the data publishes opening hours (openNow is null everywhere): the audit found the
  // remembered filter emptied the list with no word why. (Filters now last one session: set in this one.)
  await page.addInitScript(() =>
    sessionStorage.setItem(
      'cng.finder.filters.v1',
      JSON.stringify({ openNow: true, availableOnly: false, operator: '' }),
    ),
  );
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/stations/nearest')) asked.push(r.url());
  });
  await openFinderAt(page, BARI);
  await expect(page.getByTestId('station-list').locator('li').first()).toBeVisible();
  const openNow = page.getByLabel('Open now');
  await expect(openNow).toBeDisabled();
  await expect(openNow).not.toBeChecked();
  await expect(page.getByTestId('open-now-note')).toContainText(
    'Opening hours not published for stations here',
  );
  // The list above came from a nearest request, and none of them asked for openNow.
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.some((u) => u.includes('openNow=true'))).toBe(false);
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

test('the details sheet asks for its station once while GPS fixes keep coming @desktop', async ({ page }) => {
  await openFinderAt(page, BARI);
  const id = (await page.getByTestId('hud').getAttribute('data-station-id')) ?? '';
  let detailsRequests = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/stations/${id}`) detailsRequests += 1;
  });
  await page.getByTestId('hud').getByRole('button', { name: 'Details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Station details' });
  await expect(dialog.getByTestId('station-details')).toHaveAttribute('data-station-id', id);
  // Six fixes, 20 m apart: each recomputes the distances (a new station object for the sheet).
  const shownKm = async () => Number(await page.getByTestId('hud-distance').getAttribute('data-distance-km'));
  let previousKm = await shownKm();
  for (let i = 1; i <= 6; i++) {
    await page.context().setGeolocation({ latitude: BARI.latitude + i * 0.00018, longitude: BARI.longitude });
    await expect.poll(shownKm).not.toBe(previousKm);
    previousKm = await shownKm();
    // Two rendered frames: the sheet has re-rendered with the new station and run its effects.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  await expect(dialog.getByTestId('details-distance')).toBeVisible();
  expect(detailsRequests).toBe(1);
});

test('on a phone, the list comes right after the panel, rows are compact and names wrap between words @mobile', async ({
  page,
}) => {
  await openFinderAt(page, BARI);
  const list = page.getByTestId('station-list');
  await expect(list.locator('li').first()).toBeVisible();
  const top = (await list.boundingBox())!.y;
  // Before: the list began at y ≈ 1238 px, below the map and the forms.
  expect(top).toBeLessThan(740);
  const rows = await list.locator('li').evaluateAll((lis) =>
    lis.map((li) => {
      const name = li.querySelector('.station-row__name') as HTMLElement;
      return { height: li.getBoundingClientRect().height, nameWidth: name.getBoundingClientRect().width };
    }),
  );
  for (const r of rows) {
    // Before: 205–336 px tall rows with a 96 px wide name column.
    expect(r.height).toBeLessThan(160);
    expect(r.nameWidth).toBeGreaterThan(180);
  }
  // No word of a name is split across lines: every line break falls at a space.
  const splitWords = await list.locator('.station-row__name').evaluateAll((names) =>
    names.filter((el) => {
      const text = el.textContent ?? '';
      const range = document.createRange();
      const node = el.firstChild as Text;
      let lastTop = -1;
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (lastTop >= 0 && rect.top > lastTop + 2 && text[i - 1] !== ' ' && text[i] !== ' ') {
          return !/\s/.test(text); // a single word longer than the row may break; nothing else
        }
        lastTop = rect.top;
      }
      return false;
    }),
  );
  expect(splitWords).toEqual([]);
  // Every row stays a labelled pair of buttons in an ordered list.
  await expect(page.getByRole('list', { name: 'Stations nearest first' })).toBeVisible();
  await expect(
    list
      .locator('li')
      .first()
      .getByRole('button', { name: /^Details of / }),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('phone-list.png') });
});

test('on a phone, tapping a row further down brings the panel with that station back into view @mobile', async ({
  page,
}) => {
  await openFinderAt(page, BARI);
  const rows = page.getByTestId('station-list').locator('li');
  const last = rows.last();
  await last.scrollIntoViewIfNeeded();
  const hud = page.getByTestId('hud');
  await expect(hud).not.toBeInViewport();
  const id = await last.getAttribute('data-station-id');
  await last.locator('.station-row__main').click();
  await expect(hud).toHaveAttribute('data-station-id', id!);
  await expect(hud).toBeInViewport();
});

test('"Recentre" is clickable on a phone and brings the map back to the driver @mobile', async ({ page }) => {
  await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  await openFinderAt(page, BARI);
  const map = page.getByTestId('finder-map');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  const driver = page.locator('.driver-marker');
  const inMap = async () => {
    const d = await driver.boundingBox();
    const m = (await map.boundingBox())!;
    return (
      !!d && d.x >= m.x && d.x + d.width <= m.x + m.width && d.y >= m.y && d.y + d.height <= m.y + m.height
    );
  };
  expect(await inMap()).toBe(true);
  // Drag the map far away: following stops and the driver leaves the view.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 10, box.y + 10, { steps: 8 });
  await page.mouse.move(box.x - 400, box.y - 300, { steps: 8 });
  await page.mouse.up();
  await expect.poll(inMap).toBe(false);
  const recentre = page.getByRole('button', { name: 'Recentre' });
  // A normal click: Playwright refuses when another element (the attribution) would take it.
  await recentre.click({ timeout: 5000 });
  await expect(recentre).toBeHidden();
  await expect.poll(inMap).toBe(true);
});

test('the tile-failure notice is small, in a corner, lets taps through and never covers the driver @desktop', async ({
  page,
}) => {
  await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  await openFinderAt(page, BARI);
  const notice = page.getByTestId('tiles-notice');
  await expect(notice).toBeVisible();
  const n = (await notice.boundingBox())!;
  const m = (await page.getByTestId('finder-map').boundingBox())!;
  const d = (await page.locator('.driver-marker').boundingBox())!;
  expect(n.height).toBeLessThan(64);
  expect(n.width).toBeLessThan(m.width / 2);
  const overlaps = n.x < d.x + d.width && d.x < n.x + n.width && n.y < d.y + d.height && d.y < n.y + n.height;
  expect(overlaps).toBe(false);
  // Taps on the notice reach the map underneath.
  const under = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="tiles-notice"]') !== null,
    [n.x + n.width / 2, n.y + n.height / 2],
  );
  expect(under).toBe(false);
});
