import { expect, test } from '@playwright/test';
import { waitForStations } from './finder-helpers';

test('a driver reports from the station page; another driver’s open page updates live @desktop', async ({
  browser,
  request,
}, testInfo) => {
  await waitForStations(request);
  // A real station near central Rome; each viewport project takes its own so their reports do not mix.
  const res = await request.get('/api/stations/nearest?lat=41.9&lon=12.5&limit=3&radiusKm=50');
  const { stations } = (await res.json()) as {
    stations: { id: string; name: string; lon: number; lat: number }[];
  };
  const station = stations[testInfo.project.name === 'mobile' ? 2 : 1]!;

  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const watcher = await (await browser.newContext({ viewport })).newPage();
  await watcher.goto(`/stations/${station.id}`);
  const watcherDetails = watcher.getByTestId('station-details');
  await expect(watcherDetails.locator('.status-badge').first()).toHaveAttribute('data-status', 'unknown');

  // The reporter stands on the forecourt: the browser gives its position with the report.
  const reporterContext = await browser.newContext({
    viewport,
    geolocation: { longitude: station.lon, latitude: station.lat + 0.0003, accuracy: 12 },
    permissions: ['geolocation'],
  });
  const reporter = await reporterContext.newPage();
  await reporter.goto(`/stations/${station.id}`);
  const form = reporter.locator('.report-form');
  await form.getByLabel('Queue (minutes, optional)').fill('12');
  await form.getByLabel('Note (optional)').fill('<b>only one pump</b>');
  await form.getByRole('button', { name: 'No gas' }).click();
  await expect(form.getByRole('status')).toContainText('Thanks! You reported “No gas”');
  await expect(reporter.locator('.Toastify__toast').first()).toContainText('Thanks!');
  await reporter.screenshot({ path: testInfo.outputPath('reporter-after-report.png'), fullPage: true });

  // The other driver's page changes without a reload: badge and timeline, the note shown as text.
  await expect(watcherDetails.locator('.status-badge').first()).toHaveAttribute('data-status', 'no_gas');
  await expect(watcherDetails.locator('.status-badge').first()).toContainText('No gas');
  await expect(watcherDetails.locator('.report-timeline__note').first()).toHaveText('<b>only one pump</b>');
  expect(await watcherDetails.locator('.report-timeline b').count()).toBe(0);
  await watcher.screenshot({ path: testInfo.outputPath('watcher-live.png'), fullPage: true });

  // Reporting the same station again from the same device is refused with when to retry.
  await form.getByRole('button', { name: 'Gas available' }).click();
  await expect(form.getByRole('status')).toContainText('You can report it again at');
});
