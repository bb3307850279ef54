import { LOCALE_NAMES, LOCALES } from '@cng/shared/locales';
import { expect, type Page, test } from '@playwright/test';
import { holdBack } from './hold-back';

// The language picker, the remembered choice and the first visit that follows the browser's languages.

/** The picker, opening the phone menu first where the header is collapsed. */
async function openPicker(page: Page) {
  const toggle = page.locator('.menu-toggle');
  if (await toggle.isVisible()) await toggle.click();
  const picker = page.getByTestId('language-picker');
  await picker.locator('summary').click();
  await expect(picker.getByRole('link', { name: LOCALE_NAMES.it })).toBeVisible();
  return picker;
}

/** The addresses of the page's own (main-frame) document requests, in order, with their HTTP status. */
function watchDocuments(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (res) => {
    if (res.request().isNavigationRequest() && res.frame() === page.mainFrame())
      seen.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  return seen;
}

test.describe('a Hindi browser', () => {
  test.use({ locale: 'hi-IN' });

  test('opens / in Hindi once (no loop); the picker goes to the same page in Tamil, and / then opens in Tamil @desktop', async ({
    page,
    context,
  }) => {
    const documents = watchDocuments(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/hi\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(documents).toEqual(['302 /', '200 /hi/']);

    await page.goto('/hi/about?from=test');
    const picker = await openPicker(page);
    const tamil = picker.getByRole('link', { name: LOCALE_NAMES.ta });
    await expect(tamil).toHaveAttribute('href', '/ta/about?from=test');
    await expect(tamil).toHaveAttribute('hreflang', 'ta');
    await expect(tamil).toHaveAttribute('lang', 'ta');
    await expect(picker.getByRole('link', { name: LOCALE_NAMES.hi })).toHaveAttribute('aria-current', 'true');
    await tamil.click();
    await expect(page).toHaveURL(/\/ta\/about\?from=test$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    const cookie = (await context.cookies()).find((c) => c.name === 'cng_lang');
    expect(cookie).toMatchObject({ value: 'ta', path: '/', sameSite: 'Lax' });
    // About a year.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
    expect(await page.evaluate(() => localStorage.getItem('cng_lang'))).toBe('ta');

    await page.goto('/');
    await expect(page).toHaveURL(/\/ta\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await page.goto('/App');
    await expect(page).toHaveURL(/\/ta\/App$/);
  });

  test('choosing English keeps the English addresses in English, also when tapped before the page is hydrated @desktop', async ({
    page,
  }) => {
    // A slow phone: the pricing page's code has not arrived, so the app has not taken over the prerendered page
    // when the driver taps English. That tap once went back to Hindi, as nothing had remembered the choice.
    const release = await holdBack(page, '**/assets/pricing-page-*.js');
    await page.goto('/hi/pricing');
    await expect(page.locator('#root[data-live]')).toHaveCount(0);
    const picker = await openPicker(page);
    await expect(page.locator('#root[data-live]')).toHaveCount(0);
    await picker.getByRole('link', { name: 'English' }).click();
    release();
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Find CNG Fast and Easy');
  });
});

test.describe('a Hindi browser whose page has run none of its code', () => {
  // Every fetch of the page must pass page.route (a service worker's would bypass it).
  test.use({ locale: 'hi-IN', serviceWorkers: 'block' });

  test('English picked on the prerendered menu is remembered by the page it lands on and by the server @desktop', async ({
    page,
    context,
  }) => {
    // Hindi chosen on an earlier visit: cookie and storage both say so.
    await page.goto('/hi/pricing');
    await expect(page.locator('#root[data-live]')).toHaveCount(1);
    const picker = await openPicker(page);
    await picker.getByRole('link', { name: LOCALE_NAMES.hi }).click();
    expect(await page.evaluate(() => localStorage.getItem('cng_lang'))).toBe('hi');
    // On 3G the page's code is still on its way when the driver taps English in the menu (no code needed).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('#root[data-live]')).toHaveCount(0);
    const noCode = await openPicker(page);
    await page.unroute('**/assets/*.js');
    await noCode.getByRole('link', { name: 'English' }).click();
    // The English page, not a redirect back to Hindi; the server remembered the choice, and so did the page.
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/pricing$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('#root[data-live]')).toHaveCount(1);
    expect((await context.cookies()).find((c) => c.name === 'cng_lang')?.value).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('cng_lang'))).toBe('en');
    await page.goto('/');
    await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Find CNG Fast and Easy');
  });
});

test.describe('an English browser', () => {
  test.use({ locale: 'en-US' });

  test('stays on the English addresses @desktop', async ({ page }) => {
    const documents = watchDocuments(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(documents).toEqual(['200 /']);
  });
});

test('the picker lists every language by its own name, works by keyboard and is labelled', async ({
  page,
}) => {
  await page.goto('/hi/App');
  // A tap before the app has taken over the prerendered page does nothing: wait for it.
  await page.locator('#root[data-live]').waitFor({ state: 'attached' });
  const toggle = page.locator('.menu-toggle');
  if (await toggle.isVisible()) await toggle.click();
  const summary = page.getByTestId('language-picker').locator('summary');
  await expect(summary).toContainText(LOCALE_NAMES.hi);
  // The accessible name says what it is (in Hindi) and which language is on.
  const label = await summary.evaluate((el) => el.textContent?.replace(/\s+/g, ' ').trim());
  expect(label).toMatch(new RegExp(`\\S+ ${LOCALE_NAMES.hi}$`));
  await summary.focus();
  await page.keyboard.press('Enter');
  const list = page.getByTestId('language-picker').getByRole('list');
  await expect(list).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('picker-open.png') });
  const names = await list.getByRole('link').allTextContents();
  expect(names).toEqual(LOCALES.map((l) => LOCALE_NAMES[l]));
  const hrefs = await list.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(LOCALES.map((l) => (l === 'en' ? '/App' : `/${l}/App`)));
  await page.keyboard.press('Tab');
  await expect(list.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(summary).toBeFocused();
});

test('at 375 px the picker sits in the open menu and Indic pages fit the screen @mobile', async ({
  page,
}) => {
  for (const address of ['/hi/App', '/ta/', '/kn/pricing', '/bn/about']) {
    await page.goto(address);
    // A tap before the app has taken over the prerendered page does nothing: wait for it.
    await page.locator('#root[data-live]').waitFor({ state: 'attached' });
    await page.locator('.menu-toggle').click();
    const picker = page.getByTestId('language-picker');
    await expect(picker.locator('summary')).toBeVisible();
    await picker.locator('summary').click();
    await expect(picker.getByRole('link', { name: LOCALE_NAMES.bn })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, address).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`${address.replace(/\W+/g, '_')}-menu.png`) });
  }
});
