import { expect, test } from '@playwright/test';
import { waitForStations } from './finder-helpers';

/** Via Giovanni Gentile, Bari, between two real Metano stations (as finder.spec.ts). */
const BARI = { latitude: 41.1, longitude: 16.9317 };

test.beforeAll(async ({ request }) => {
  await waitForStations(request);
});

test('the finder at /hi/App reads Hindi: panel, list, banner and buttons @mobile', async ({ page }) => {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ accuracy: 10, ...BARI });
  await page.goto('/hi/App');
  const hud = page.getByTestId('hud');
  await expect(hud).toHaveAttribute('data-station-id', /.+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('सबसे नज़दीकी CNG पंप खोजें');
  await expect(page.getByTestId('hud-station-name')).toContainText('सबसे नज़दीकी');
  await expect(page.getByTestId('hud-distance')).toHaveText(/^[\d.]+ (मी|कि॰मी॰)$/);
  await expect(page.getByTestId('hud-bearing')).toHaveText(/^(उत्तर|पूर्व|दक्षिण|पश्चिम)(-(पूर्व|पश्चिम))? · \d+°$/);
  await expect(page.getByTestId('hud-heading-source')).toContainText('ऊपर उत्तर');
  await expect(hud.getByRole('link')).toContainText('रास्ता दिखाएँ');
  await expect(hud.getByRole('button', { name: 'जानकारी' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'आपके पास के पंप' })).toBeVisible();
  await expect(page.getByTestId('station-list').getByTestId('row-distance').first()).toHaveText(
    /^[\d.]+ (मी|कि॰मी॰)$/,
  );
  if (process.env.FINDER_SHOT) {
    // Every map tile the page asked for has arrived (or failed) before the picture is taken.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].every((img) => img.complete),
    );
    await page.screenshot({ path: process.env.FINDER_SHOT, fullPage: false });
    await hud.screenshot({ path: process.env.FINDER_SHOT.replace('.png', '-panel.png') });
  }
});
