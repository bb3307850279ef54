import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { request as apiRequest, expect, test } from '@playwright/test';
import { type FakeOsrm, startFakeOsrm } from '../../apps/api/src/test-support/fake-osrm';
import { openAppAt } from './finder-helpers';

/**
 * Road figures and trips with a routing server: the app runs here with ROUTING_URL pointing at a loopback
 * server that answers as OSRM v5 does (apps/api/src/test-support/fake-osrm.ts: roads 1.3 times the straight line at
 * 40 km/h), on its own port and SQLite file, filled by the same start-up import as the other browser tests.
 */

const PORT = Number(process.env.E2E_ROAD_PORT ?? 8183);
const BASE = `http://127.0.0.1:${PORT}`;
const PUNE = { latitude: 18.5204, longitude: 73.8567 };

let osrm: FakeOsrm;
let server: ChildProcess;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  osrm = await startFakeOsrm();
  server = spawn(process.execPath, [path.resolve('scripts/e2e-server.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, E2E_PORT: String(PORT), ROUTING_URL: osrm.url },
  });
  const api = await apiRequest.newContext({ baseURL: BASE });
  await expect
    .poll(
      async () => {
        const res = await api.get('/api/health').catch(() => null);
        return res?.ok() ? (((await res.json()) as { stations: number | null }).stations ?? 0) : 0;
      },
      { timeout: 170_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
  await api.dispose();
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await osrm?.close();
});

test('the panel shows the drive by road at 375 px, from the routing server @mobile', async ({
  page,
  context,
}) => {
  await openAppAt(page, context, null, PUNE);
  const road = page.getByTestId('hud-road');
  await expect(road).toHaveAttribute('data-road', 'yes');
  await expect(road).toHaveText(/^\d+(\.\d)? (m|km) by road · \d+ min$/);
  // The arrow still points at the station, from the straight-line bearing.
  await expect(page.getByTestId('hud').getByRole('img')).toBeVisible();
  expect(osrm.requests.some((r) => r.startsWith('/table/v1/driving/'))).toBe(true);
  await page.screenshot({ path: test.info().outputPath('road-375.png') });
});

test('Pune → Mumbai lists the stations on the way in order, each with its detour and status @mobile', async ({
  page,
  context,
}) => {
  await openAppAt(page, context, null, PUNE);
  await expect(page.getByTestId('hud-distance')).toBeVisible();
  const trip = page.getByTestId('trip');
  await trip.getByLabel('Where are you going?').fill('Mumbai');
  await trip.getByLabel('Where are you going?').press('Enter');
  await trip.getByTestId('place-hit').first().click();
  await expect(trip.getByTestId('trip-mode')).toHaveAttribute('data-mode', 'road');
  await expect(trip.getByTestId('trip-mode')).toHaveText(/^By road: \d+ km · \d+ h \d\d min$/);
  const stops = trip.getByTestId('trip-stop');
  await expect(stops.first()).toBeVisible();
  const along = await stops.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-along-km'))));
  expect(along.length).toBeGreaterThan(2);
  expect(along).toEqual([...along].sort((a, b) => a - b));
  await expect(stops.first().getByTestId('trip-detour')).toHaveText(/^\+\d+ min detour$/);
  await expect(stops.first()).toContainText('from the start');
  await page.screenshot({ path: test.info().outputPath('trip-375.png'), fullPage: true });

  // The trip survives a reload.
  await page.reload();
  await expect(page.getByTestId('trip').getByTestId('trip-stop')).toHaveCount(along.length);
});
