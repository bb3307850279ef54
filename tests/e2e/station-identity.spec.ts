import { expect, test } from '@playwright/test';
import { waitForStations } from './finder-helpers';

const CONNAUGHT_PLACE = { latitude: 28.6315, longitude: 77.2167 };

test('near central Delhi every listed station has its own name, and details say where its position comes from @desktop', async ({
  page,
  context,
  request,
}) => {
  await waitForStations(request);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ ...CONNAUGHT_PLACE, accuracy: 10 });
  await page.goto('/App');
  const rows = page.getByTestId('station-list').locator('.station-row__name');
  await expect(rows.first()).toBeVisible();
  const names = await rows.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(5);
  expect(new Set(names).size).toBe(names.length);
  // Sources call many of these "Hp", "Igl" or "CNG Station": none is shown like that.
  for (const name of names) expect(name).not.toMatch(/^(hp|igl|cng|cng station|indraprastha gas limited)$/i);
  const generic = names.find((n) => / · /.test(n));
  expect(generic, 'a station named by company and place').toBeTruthy();

  await page.getByRole('button', { name: `Details of ${generic}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: generic, exact: true }).first()).toBeVisible();
  await expect(dialog.getByTestId('details-source-name')).not.toBeEmpty();
  await expect(dialog.getByTestId('details-position-source')).toHaveText(
    /published by the operator|from OpenStreetMap|from the official register|approximate: placed from an address/,
  );
  await expect(dialog.getByTestId('details-last-confirmed')).toContainText('by its source');
});
