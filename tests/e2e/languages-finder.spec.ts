import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { installClockedGps, nextFix } from './clocked-gps';
import { type ApiStation, haversineKm, lerp, stationsInBox, waitForStations } from './finder-helpers';

/**
 * The site in the driver's language. For Hindi, Tamil and Italian: the home page and the finder are
 * prerendered in the language (lang, hreflang), and during a simulated drive the finder's panel reads in that
 * language with no English left — station names, addresses and brands (marked translate="no") excepted.
 */
const LOCALES = ['en', 'hi', 'mr', 'gu', 'ta', 'kn', 'bn', 'it'];
const messagesDir = path.join(import.meta.dirname, '../../apps/web/src/i18n/messages');
const FINDER_NAMESPACES = ['common', 'finder', 'report', 'voice', 'app'];

function catalogTexts(locale: string, namespaces = FINDER_NAMESPACES): string[] {
  return namespaces.flatMap((ns) =>
    Object.values(
      JSON.parse(fs.readFileSync(path.join(messagesDir, ns, `${locale}.json`), 'utf8')) as string[],
    ),
  );
}

/** Latin words of 4+ letters in a text, lower-cased. */
const latinWords = (text: string) => new Set((text.match(/[A-Za-z]{4,}/g) ?? []).map((w) => w.toLowerCase()));

/**
 * English words the finder's messages use that the language's own messages never use (so "App" in Italian,
 * or "CNG" everywhere, are not counted as English left behind).
 */
function englishOnlyWords(locale: string): Set<string> {
  const english = latinWords(catalogTexts('en').join(' '));
  const own = latinWords(catalogTexts(locale).join(' '));
  return new Set([...english].filter((w) => !own.has(w)));
}

/**
 * The text a driver reads (and a screen reader says) in `selector`: visible text and accessible names, with the
 * words of data (station names and the like, marked translate="no") taken out wherever they appear.
 */
async function visibleTextWithoutData(page: Page, selector: string): Promise<{ text: string; data: string }> {
  return page
    .locator(selector)
    .first()
    .evaluate((root) => {
      // The map tiles' licence attribution ("© OpenStreetMap contributors") is the licensor's wording.
      const DATA = '[translate="no"], .leaflet-control-attribution';
      const data = [...root.querySelectorAll(DATA)].map((el) => el.textContent ?? '').join(' ');
      const clone = root.cloneNode(true) as HTMLElement;
      for (const el of clone.querySelectorAll(`${DATA}, script, style, [hidden]`)) el.remove();
      const labels = [...root.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));
      return { text: `${clone.textContent ?? ''} ${labels.join(' ')}`, data };
    });
}

interface Case {
  locale: string;
  /** The script the language is written in (Latin for Italian). */
  script: RegExp;
  /** Box with real stations around the drive's start, from the real data. */
  box: [number, number, number, number];
  start: { lat: number; lon: number };
}

const CASES: Case[] = [
  {
    locale: 'hi',
    script: /[\u0900-\u097F]/,
    box: [77.1, 28.55, 77.3, 28.7],
    start: { lat: 28.6315, lon: 77.2167 },
  },
  {
    locale: 'ta',
    script: /[\u0B80-\u0BFF]/,
    box: [77.1, 28.55, 77.3, 28.7],
    start: { lat: 28.6315, lon: 77.2167 },
  },
  {
    locale: 'it',
    script: /[àèéìòùA-Za-z]/,
    box: [16.6, 40.9, 17.2, 41.3],
    start: { lat: 41.1171, lon: 16.8719 },
  },
];

for (const c of CASES) {
  test.describe(`the site in ${c.locale}`, () => {
    test(`/${c.locale}/ is prerendered in ${c.locale} with hreflang alternates @desktop`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(`/${c.locale}/`)).text();
      expect(html).toContain(`<html lang="${c.locale}">`);
      for (const locale of LOCALES)
        expect(html).toMatch(
          new RegExp(`hreflang="${locale}" href="[^"]*/${locale === 'en' ? '' : `${locale}/`}"`, 'i'),
        );
      expect(html).toMatch(/hreflang="x-default"/i);
      await page.goto(`/${c.locale}/`);
      await expect(page.locator('html')).toHaveAttribute('lang', c.locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.script);
    });

    test(`/${c.locale}/App: a simulated drive reads in ${c.locale}, with no English left @desktop`, async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(120_000);
      await waitForStations(request);
      const stations = await stationsInBox(request, ...c.box);
      expect(stations.length).toBeGreaterThan(0);
      const target = stations.reduce((best: ApiStation, s) =>
        haversineKm(c.start, s) < haversineKm(c.start, best) ? s : best,
      );
      const from = lerp(target, c.start, 0.6 / Math.max(haversineKm(target, c.start), 0.6));
      await installClockedGps(page);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: from.lat, longitude: from.lon, accuracy: 5 });

      const html = await (await request.get(`/${c.locale}/App`)).text();
      expect(html).toContain(`<html lang="${c.locale}">`);
      expect(html).toMatch(/hreflang="x-default"/i);
      await page.goto(`/${c.locale}/App`);
      await expect(page.locator('html')).toHaveAttribute('lang', c.locale);
      const hud = page.getByTestId('hud');
      await expect(page.getByTestId('hud-distance')).toBeVisible();

      // Drive towards the nearest station: five fixes a second of the page's clock apart, 60 m each.
      const total = haversineKm(from, target);
      for (let step = 1; step <= 5; step++) {
        const p = lerp(from, target, Math.min(1, (0.06 * step) / total));
        await nextFix(page, context, 1000, p);
      }
      await expect(hud).toHaveText(c.script);

      const english = englishOnlyWords(c.locale);
      for (const region of ['[data-testid="hud"]', 'main']) {
        const { text, data } = await visibleTextWithoutData(page, region);
        const dataWords = latinWords(data);
        const left = [...latinWords(text)].filter((w) => english.has(w) && !dataWords.has(w));
        expect(left, `English words left in ${region} of /${c.locale}/App: ${text.slice(0, 400)}`).toEqual(
          [],
        );
      }
    });
  });
}

test('screenshots at 375 px of / and /App in every language @mobile', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await waitForStations(request);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 28.6315, longitude: 77.2167, accuracy: 10 });
  const dir = test.info().outputPath('languages');
  fs.mkdirSync(dir, { recursive: true });
  for (const locale of LOCALES) {
    const prefix = locale === 'en' ? '' : `/${locale}`;
    for (const route of ['/', '/App']) {
      await page.goto(`${prefix}${route}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      if (route === '/App') await expect(page.getByTestId('hud-distance')).toBeVisible();
      // Nothing wider than the phone: clipped or overflowing text would widen the page.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${prefix}${route} is wider than 375 px`).toBeLessThanOrEqual(0);
      const file = path.join(dir, `${locale}${route === '/' ? '-home' : '-app'}.png`);
      await page.screenshot({ path: file, fullPage: route === '/' });
      if (process.env.SHOTS_DIR) fs.copyFileSync(file, path.join(process.env.SHOTS_DIR, path.basename(file)));
    }
  }
});
