import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { waitForStations } from './finder-helpers';

/**
 * "Does this pump sell CNG?" where our list is thin (ADR 0037): OpenStreetMap fuel stations that no source says
 * sell CNG are asked about, never shown as CNG stations, and become one once independent drivers say yes.
 */

const ADMIN_TOKEN = process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-0123456789';

/** Velachery, in the south of Chennai: a city where we know few of the CNG stations. */
const VELACHERY = { latitude: 12.9791, longitude: 80.2209 };

/** The candidates are stored after the start-up station import: wait until the server has some here. */
async function waitForCandidates(request: APIRequestContext) {
  await waitForStations(request);
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/candidates?lat=${VELACHERY.latitude}&lon=${VELACHERY.longitude}&limit=1`,
        );
        return res.ok() ? ((await res.json()) as { candidates: unknown[] }).candidates.length : 0;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(1);
}

/** A driver's phone at `at`: its own cookie jar (device), network (X-Forwarded-For) and GPS. */
async function driver(browser: Browser, network: string, at: { latitude: number; longitude: number }) {
  const context = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': network },
    geolocation: { ...at, accuracy: 8 },
    permissions: ['geolocation'],
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await page.goto('/App');
  await expect(page.locator('[data-coverage]')).toHaveAttribute('data-coverage', /^(thin|none)$/);
  return page;
}

test('three drivers say a pump near Chennai sells CNG; only then is it a station, confirmed by drivers @mobile', async ({
  browser,
  request,
}) => {
  // Five phones, one after another, each opening /App: more than one page's time.
  test.setTimeout(180_000);
  await waitForCandidates(request);
  const first = await driver(browser, '10.91.0.1', VELACHERY);
  const questions = first.getByTestId('pump-questions');
  await expect(questions.getByRole('heading', { name: 'Does this pump sell CNG?' })).toBeVisible();
  const pump = questions.getByTestId('pump-question').first();
  const id = (await pump.getAttribute('data-candidate-id'))!;
  const { candidates } = await (
    await request.get(`/api/candidates?lat=${VELACHERY.latitude}&lon=${VELACHERY.longitude}&limit=10`)
  ).json();
  const asked = (candidates as { id: string; lon: number; lat: number; name: string }[]).find(
    (c) => c.id === id,
  )!;
  // Not a CNG station before drivers say so: no station stands where the pump is.
  const atPump = async () =>
    (
      await (
        await request.get(`/api/stations/nearest?lat=${asked.lat}&lon=${asked.lon}&limit=1&radiusKm=0.05`)
      ).json()
    ).stations as { id: string; sources: { source: string; sourceId: string }[] }[];
  expect(await atPump()).toEqual([]);
  // Readable at 375 px, the three answers side by side.
  const overflow = await first.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await questions.screenshot({ path: test.info().outputPath('pump-questions-375.png') });

  await pump.getByRole('button', { name: 'Yes' }).click();
  await expect(pump.getByRole('status')).toHaveText('Thank you: it counts when other drivers say the same.');
  await expect(pump.getByRole('button', { name: 'Yes' })).toHaveCount(0);
  await first.context().close();

  const second = await driver(browser, '10.92.0.1', VELACHERY);
  const again = second.locator(`[data-candidate-id="${id}"]`);
  await again.getByRole('button', { name: 'Yes' }).click();
  await expect(again.getByRole('status')).toHaveText('Thank you: it counts when other drivers say the same.');
  await second.context().close();
  expect(await atPump()).toEqual([]);

  const third = await driver(browser, '10.93.0.1', VELACHERY);
  const last = third.locator(`[data-candidate-id="${id}"]`);
  await last.getByRole('button', { name: 'Yes' }).click();
  await expect(last.getByRole('status')).toContainText('is on the map as a CNG station confirmed by drivers');
  await third.context().close();

  // A fourth driver standing at the pump finds it as the nearest station, confirmed by drivers.
  await expect.poll(async () => (await atPump()).length, { timeout: 15_000 }).toBe(1);
  const [station] = await atPump();
  expect(station!.sources).toEqual([expect.objectContaining({ source: 'drivers-confirmed', sourceId: id })]);
  const fourth = await driver(browser, '10.94.0.1', { latitude: asked.lat, longitude: asked.lon });
  await expect(fourth.getByTestId('hud-distance')).toBeVisible();
  await fourth
    .getByTestId('hud')
    .getByRole('button', { name: /^Details/ })
    .click();
  await expect(fourth.getByTestId('details-cng-confirmed')).toHaveText('confirmed by drivers');
  await expect(fourth.locator(`[data-candidate-id="${id}"]`)).toHaveCount(0);
  await fourth.context().close();

  // The moderator sees what the drivers said and what it decided.
  const moderator = await browser.newPage();
  await moderator.goto('/moderate');
  await moderator.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await moderator.getByRole('button', { name: 'Show proposals' }).click();
  const row = moderator
    .getByTestId('moderated-candidates')
    .getByRole('row')
    .filter({ hasText: asked.lat.toFixed(5) });
  await expect(row).toContainText('confirmed');
  await expect(row).toContainText('3 / 0 / 0');
  await expect(row).toContainText('3 independent drivers said it sells CNG');
});
