import { type Browser, expect, type Page, test } from '@playwright/test';
import { waitForStations } from './finder-helpers';

const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-0123456789';

/** A driver's phone: its own cookie jar (device), network (X-Forwarded-For) and GPS position. */
async function driver(browser: Browser, network: string, at: { latitude: number; longitude: number }) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': network },
    geolocation: { ...at, accuracy: 8 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  await page.goto('/App');
  await expect(page.getByText(/Stations near you/)).toBeVisible();
  return page;
}

async function addStation(page: Page, name: string) {
  await page.getByText('Missing a CNG station? Add it').click();
  const form = page.getByTestId('add-station');
  await form.getByLabel('Station name').fill(name);
  await form.getByLabel('Gas company or brand (optional)').fill('MNGL');
  await form.getByRole('button', { name: 'Add this station' }).click();
  return form.getByRole('status');
}

test('three drivers on three networks add a missing station; it shows as added by drivers @desktop', async ({
  browser,
  request,
}) => {
  await waitForStations(request);
  // A farm road east of Pune, with no station in our data within a kilometre.
  const spot = { latitude: 18.4001, longitude: 73.9702 };
  const near = (m: number) => ({ ...spot, latitude: spot.latitude + m / 111_195 });
  const first = await driver(browser, '10.61.0.1', near(0));
  await expect(await addStation(first, 'Sai Auto CNG')).toContainText('once other drivers agree');
  const second = await driver(browser, '10.62.0.1', near(40));
  await expect(await addStation(second, 'Sai Auto CNG')).toContainText('once other drivers agree');
  const third = await driver(browser, '10.63.0.1', near(80));
  await expect(await addStation(third, 'Sai Auto')).toContainText('the station is on the map');

  // A fourth driver nearby now finds it, marked as added by drivers.
  const fourth = await driver(browser, '10.64.0.1', near(20));
  await expect(fourth.getByTestId('station-list')).toContainText('Sai Auto CNG');
  await expect(fourth.getByTestId('hud-station-name')).toContainText('Sai Auto CNG');
  await fourth.getByRole('button', { name: 'Details of Sai Auto CNG' }).click();
  await expect(fourth.getByTestId('details-position-source')).toHaveText('added by drivers, unconfirmed');
});

test('a moderator approves a station one driver added, and it appears on the map @desktop', async ({
  browser,
  page,
  request,
}) => {
  await waitForStations(request);
  const spot = { latitude: 18.3502, longitude: 74.0101 };
  const one = await driver(browser, '10.71.0.1', spot);
  await expect(await addStation(one, 'Highway CNG Point')).toContainText('once other drivers agree');

  await page.goto('/moderate');
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Show proposals' }).click();
  const card = page.getByTestId('proposal').filter({ hasText: 'Highway CNG Point' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: /Map around/ })).toBeVisible();
  await card.getByLabel('Why (kept with the decision)').fill('Seen on the ground by our team');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toContainText('approve saved');
  await expect(card).toHaveCount(0);

  // The map's own request for its viewport carries the new station (its markers are drawn on a canvas).
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '10.72.0.1' },
    geolocation: { ...spot, accuracy: 8 },
    permissions: ['geolocation'],
  });
  const later = await context.newPage();
  const viewport = later.waitForResponse(
    async (r) => r.url().includes('/api/stations?bbox=') && (await r.text()).includes('Highway CNG Point'),
  );
  await later.goto('/App');
  await expect(later.getByTestId('station-list')).toContainText('Highway CNG Point');
  await expect(later.getByTestId('hud-station-name')).toContainText('Highway CNG Point');
  expect((await viewport).ok()).toBe(true);
});

test('the moderation screen refuses a wrong token and is not prerendered @desktop', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/moderate')).text();
  expect(html).not.toContain('Moderation');
  await page.goto('/moderate');
  await page.getByLabel('Admin token').fill('not-the-token');
  await page.getByRole('button', { name: 'Show proposals' }).click();
  await expect(page.getByRole('status')).toContainText('admin bearer token is required');
});
