import { expect, test } from '@playwright/test';
import { openAppAt, waitForStations } from './finder-helpers';

/**
 * How complete our list is where the driver stands, as a new user meets it on the default start-up import:
 * the panel says "Nearest we know" and why where the list is thin, and nothing changes where it is good.
 */

const CHENNAI = { latitude: 13.0827, longitude: 80.2707 };
const DELHI = { latitude: 28.6139, longitude: 77.209 };
const PUNE = { latitude: 18.5204, longitude: 73.8567 };
const KOLKATA = { latitude: 22.5726, longitude: 88.3639 };

test('in Chennai at 375 px the panel says what we know, names Torrent Gas, and offers to add a station @mobile', async ({
  page,
  context,
  request,
}) => {
  await openAppAt(page, context, request, CHENNAI);
  const notice = page.locator('[data-coverage]');
  await expect(notice).toHaveAttribute('data-coverage', /^(thin|none)$/);
  await expect(notice).toContainText('Torrent Gas');
  await expect(notice).toContainText('A closer station may exist: add one you know.');
  await expect(page.getByTestId('hud-station-name')).toContainText('Nearest we know');
  // Readable at 375 px: nothing sticks out of the page.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath('chennai-375.png'), fullPage: false });

  await notice.getByRole('button', { name: 'Add a station' }).first().click();
  await expect(page.getByTestId('add-station')).toHaveAttribute('open', '');
  await expect(page.getByLabel('Station name')).toBeFocused();
});

test('in Delhi the nearest is the nearest we know, with the official count and its source @desktop', async ({
  page,
  context,
  request,
}) => {
  await openAppAt(page, context, request, DELHI);
  const notice = page.locator('[data-coverage="thin"]');
  await expect(notice).toContainText("We know 80 of Delhi's 480 CNG stations");
  await expect(notice).toContainText('Indraprastha Gas Limited (IGL)');
  await expect(notice).toContainText('there are more stations today');
});

test('in Pune, where the list is good, nothing changes @desktop', async ({ page, context, request }) => {
  await openAppAt(page, context, request, PUNE);
  await expect(page.getByTestId('hud-distance')).toBeVisible();
  await expect(page.getByTestId('hud-station-name')).toContainText('Nearest');
  await expect(page.getByTestId('hud-station-name')).not.toContainText('we know');
  await expect(page.locator('[data-coverage]')).toHaveCount(0);
});

test('in Kolkata, far from any known station, the panel points nowhere and offers search @mobile', async ({
  page,
  context,
  request,
}) => {
  await openAppAt(page, context, request, KOLKATA);
  await expect(page.locator('[data-coverage="none"]')).toContainText('We know no CNG station within 25 km');
  const far = page.getByTestId('hud-far');
  await expect(far).toContainText('The nearest station we know is');
  await expect(page.getByTestId('hud-distance')).toHaveCount(0);
  await expect(page.getByTestId('hud').getByRole('img')).toHaveCount(0);
  await far.getByRole('button', { name: 'Search a place' }).click();
  await expect(page.locator('#finder-search')).toBeFocused();
});

test('without a routing server a trip follows the straight line and says so @desktop', async ({
  page,
  context,
  request,
}) => {
  await openAppAt(page, context, request, PUNE);
  await expect(page.getByTestId('hud-road')).toHaveText('straight line');
  const trip = page.getByTestId('trip');
  await trip.getByLabel('Where are you going?').fill('Mumbai');
  await trip.getByLabel('Where are you going?').press('Enter');
  await trip.getByTestId('place-hit').first().click();
  await expect(trip.getByTestId('trip-mode')).toHaveAttribute('data-mode', 'straight_line');
  await expect(trip.getByTestId('trip-mode')).toContainText('as the crow flies, not by road');
  await expect(trip.getByTestId('trip-stop').first().getByTestId('trip-detour')).toHaveText(/ off the line$/);
});

test('the coverage page lists every area with its level, and loads the map there only @mobile', async ({
  page,
  request,
}) => {
  await waitForStations(request);
  const html = await (await request.get('/coverage')).text();
  expect(html).toContain('How complete is our station list?');
  await page.goto('/coverage');
  const table = page.getByTestId('coverage-table');
  await expect(table.locator('tr[data-area="Chennai"]')).toHaveAttribute('data-level', /^(thin|none)$/);
  await expect(table.locator('tr[data-area="Chennai"]')).toContainText('Torrent Gas');
  await expect(table.locator('tr[data-area="Mumbai"]')).toHaveAttribute('data-level', 'good');
  await expect(table.locator('tr[data-area="Italy"]')).toHaveAttribute('data-level', 'good');
  await expect(page.getByTestId('coverage-map')).toBeVisible();
  await page.goto('/hi/coverage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('हमारी स्टेशन सूची कितनी पूरी है?');
  await expect(page.getByTestId('coverage-table')).toContainText('राज्य');
});
