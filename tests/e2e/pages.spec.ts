import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { LOCALES, localePath } from '@cng/shared/locales';
import { expect, type Page, test } from '@playwright/test';

/** Every content route, its main heading and a file-name-safe label for screenshots. */
const PAGES = [
  { path: '/', heading: 'Find CNG Fast and Easy', label: 'home' },
  { path: '/about', heading: 'Find Fuel - Fast and Easy', label: 'about' },
  { path: '/App', heading: 'What the app does for you', label: 'app' },
  { path: '/contact', heading: 'Contact Us', label: 'contact' },
  { path: '/pricing', heading: 'Pricing', label: 'pricing' },
  { path: '/terms-and-conditions', heading: 'Terms and Conditions', label: 'terms' },
  { path: '/privacy-policy', heading: 'Privacy Policy', label: 'privacy' },
  { path: '/cancellation-and-refund-policy', heading: 'Return and Refund Policy', label: 'refund' },
  { path: '/coverage', heading: 'How complete is our station list?', label: 'coverage' },
] as const;

/** Collects console errors (hydration mismatches included) while a page is open. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Scrolls through the page so every fade-in block has appeared (as it would for a reader). */
async function scrollThrough(page: Page): Promise<void> {
  // The height is read again at every step: on /App the finder mounts after hydration and makes the page taller.
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  // Each step waits for two rendered frames, as a person scrolling would see them: IntersectionObserver only
  // notices an element that was on screen in a rendered frame (a loaded machine can skip frames otherwise).
  const scrollAndPaint = (top: number) =>
    page.evaluate(
      (y) =>
        new Promise<void>((resolve) => {
          window.scrollTo(0, y);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
      top,
    );
  // Steps of three quarters of a screen: fade-in watches the top 90% of the screen (components/fade-in.tsx), so
  // every block is in it, in a painted frame, on the way down.
  const step = Math.floor((page.viewportSize()?.height ?? 740) * 0.75);
  // Until the height stops changing (the finder may mount while the loop runs and push the sections down).
  for (let pass = 0, seen = -1; pass < 3 && seen !== (await height()); pass++) {
    seen = await height();
    for (let y = 0; y < (await height()); y += step) await scrollAndPaint(y);
  }
  await scrollAndPaint(await height());
  // Every block has faded in, and no fade is still running.
  await expect(page.locator('.fade-in--hidden')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  // Lazy images have been requested on the way down: wait until every one of ours has loaded (map tiles come
  // from a tile server that this sandbox cannot reach).
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => img.currentSrc.startsWith(window.location.origin))
      .every((img) => img.complete && img.naturalWidth > 0),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('Home: banner, headline, For you button, four reasons and the closing block', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toContainText('app is out');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find CNG Fast and Easy');
  const forYou = page.getByRole('link', { name: 'For you', exact: true });
  await expect(forYou).toHaveAttribute('href', '/App');
  const why = page.locator('section', { has: page.getByRole('heading', { name: 'Why Choose Us ?' }) });
  await expect(why.getByRole('heading', { level: 3 })).toHaveText([
    'Accuracy',
    'Reliability',
    'Convenience',
    'Time Saving',
  ]);
  const closing = page.locator('section.closing');
  await expect(closing.getByRole('heading', { level: 2 })).toHaveText('CNG Navigator');
  await expect(closing).toContainText('Easily find the nearest CNG pump station');
  await expect(closing.getByRole('link', { name: 'Open the web app' })).toHaveAttribute('href', '/App');
  await forYou.click();
  await expect(page).toHaveURL(/\/App$/);
});

test('About: hero, Our Services and Our Mission with images, alternating icon blocks', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Fuel - Fast and Easy');
  for (const title of ['Our Services', 'Our Mission']) {
    const block = page.locator('article', { has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(block.locator('img')).toHaveAttribute('alt', /\w/);
  }
  await expect(
    page.getByText(/real-time direction, speed and distance to the nearest CNG station using GPS/),
  ).toBeVisible();
  await expect(page.locator('.icon-rows .feature--card')).toHaveCount(5);
  await expect(page.locator('.icon-rows .feature--reversed')).toHaveCount(2);
});

test('App: six feature sections with title, text and image, alternating sides', async ({ page }) => {
  await page.goto('/App');
  const sections = page.locator('section[aria-labelledby="app-features-title"] article');
  await expect(sections).toHaveCount(6);
  for (let i = 0; i < 6; i++) {
    const section = sections.nth(i);
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(/\w/);
    await expect(section.locator('p')).toHaveText(/.{40,}/);
    await expect(section.locator('img')).toHaveAttribute('alt', /\w/);
    await expect(section).toHaveClass(i % 2 ? /feature--reversed/ : /^(?!.*feature--reversed)/);
  }
  await expect(sections.last()).toContainText('/api/docs');
  await expect(sections.last()).toContainText('OpenStreetMap');
});

test('Pricing: three plans with the spec prices, one POPULAR, buttons to the app', async ({ page }) => {
  await page.goto('/pricing');
  const cards = page.locator('article.plan');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
    'Basic Plan',
    'Monthly Plan',
    'Yearly Plan',
  ]);
  await expect(cards.locator('.plan__price')).toHaveText(['Free', '₹10 per month', '₹120 per year']);
  await expect(page.getByText('POPULAR', { exact: true })).toHaveCount(1);
  await expect(cards.nth(1)).toContainText('POPULAR');
  await expect(cards.nth(0)).toContainText('Ad-supported');
  await expect(cards.nth(2)).toContainText('Priority support');
  for (let i = 0; i < 3; i++) await expect(cards.nth(i).getByRole('link')).toHaveAttribute('href', '/App');
});

test('Terms: 25 titled sections, Indian law and the courts of Chennai', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page.locator('.policy__section')).toHaveCount(25);
  await expect(page.locator('.policy__section h2')).toHaveCount(25);
  await expect(page.locator('.policy__toc li')).toHaveCount(25);
  await expect(page.locator('main')).toContainText('governed by the laws of India');
  await expect(page.locator('main')).toContainText('courts of Chennai');
});

test('Privacy: 15 sections, contact, five policy topics, last updated date, what is really collected', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  await expect(page.locator('.policy__section')).toHaveCount(15);
  await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeVisible();
  await expect(page.locator('.policy__contact').getByRole('link', { name: 'contact page' })).toHaveAttribute(
    'href',
    '/contact',
  );
  await expect(page.locator('.policy__topics li')).toHaveText([
    'Safety policy',
    'Environmental policy',
    'Pricing and billing policy',
    'Customer service policy',
    'Data privacy policy',
  ]);
  await expect(page.locator('.policy__updated')).toHaveText('Last updated: 25-04-2023');
  const main = page.locator('main');
  for (const fact of ['local storage', '500 m', 'random device id', 'under 13', 'No payment is taken']) {
    await expect(main).toContainText(fact);
  }
});

test('Refund: the six sections, the spec rules and a link to the contact page', async ({ page }) => {
  await page.goto('/cancellation-and-refund-policy');
  await expect(page.locator('.policy__section h2')).toHaveText([
    /Interpretation and Definitions$/,
    /Definitions$/,
    /Your Order Cancellation Rights$/,
    /Conditions for Returns$/,
    /Gifts$/,
    /Contact Us$/,
  ]);
  const main = page.locator('main');
  await expect(main).toContainText('Once the service is provided, no refunds are given.');
  await expect(main).toContainText('There are no conditions for returns');
  await expect(main).toContainText('No refunds are given for plans bought as a gift.');
  await page.locator('.policy__section').last().getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

for (const { path: route, heading, label } of PAGES) {
  test(`${route}: prerendered HTML, no placeholders, no axe violations, clean hydration, screenshot`, async ({
    page,
    request,
  }, testInfo) => {
    // A whole page scrolled, checked by axe and shot full length: on a loaded 2-core machine /App took a minute.
    test.setTimeout(120_000);
    // The HTML as served already has the heading, the meta tags and the page's text (before any JavaScript).
    const raw = await (await request.get(route)).text();
    if (route !== '/App' && route !== '/contact') expect(raw).toContain(`>${heading}</h1>`);
    else expect(raw).toContain(heading);
    expect(raw).toMatch(/<title>[^<]+<\/title>/);
    expect(raw).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(raw).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(raw).toMatch(/<meta property="og:url" content="[^"]+"/);

    const errors = watchConsole(page);
    await page.goto(route);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    // One <title> after hydration: the app keeps the prerendered head tags instead of duplicating them.
    await expect(page.locator('title')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await scrollThrough(page);
    await expect(page.locator('.fade-in--hidden')).toHaveCount(0);
    // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what is checked; textContent includes inline scripts
    const text = await page.locator('body').innerText();
    expect(text, 'no unfilled {placeholder} text').not.toMatch(/[{}]/);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    expect(errors.filter((e) => !/tile\.openstreetmap|Failed to load resource/.test(e))).toEqual([]);

    await page.screenshot({
      // test-results/pages/<page>-<viewport>.png (or under --output).
      path: path.join(testInfo.project.outputDir, 'pages', `${label}-${testInfo.project.name}.png`),
      fullPage: true,
    });
  });
}

test('content pages without a map never download map code, and / loads no toast code @desktop', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  // /App is the map page, /contact shows the office on a map (spec section 2) and /coverage the cities: the
  // others must not load it.
  for (const { path } of PAGES.filter((p) => !['/App', '/contact', '/coverage'].includes(p.path))) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.filter((url) => /leaflet|finder/i.test(url))).toEqual([]);
  scripts.length = 0;
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /toast/i.test(url))).toEqual([]);
});

test('sitemap.xml indexes one sitemap per language, each listing every content page with its alternates, and robots.txt points to it @desktop', async ({
  request,
}) => {
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('<sitemapindex');
  for (const locale of LOCALES) {
    expect(index).toMatch(new RegExp(`<loc>https?://[^<]+/sitemap-${locale}\\.xml</loc>`));
    const res = await request.get(`/sitemap-${locale}.xml`);
    expect(res.status(), locale).toBe(200);
    const sitemap = await res.text();
    const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    expect(entries, locale).toHaveLength(PAGES.length);
    for (const { path } of PAGES) {
      const entry = entries.find((e) =>
        new RegExp(`<loc>https?://[^/<]+${localePath(locale, path)}</loc>`).test(e),
      );
      expect(entry, `${locale} ${path}`).toBeTruthy();
      // The same page in every language, and English as the default.
      for (const other of LOCALES) {
        expect(entry).toMatch(
          new RegExp(`hreflang="${other}" href="https?://[^/"]+${localePath(other, path)}"`),
        );
      }
      expect(entry).toMatch(new RegExp(`hreflang="x-default" href="https?://[^/"]+${path}"`));
    }
  }
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  expect(robots).toContain('User-agent: *');
});

test('pages in other languages: /hi/App and /ta/ say their language, link every language and point to themselves @desktop', async ({
  request,
}) => {
  for (const [address, locale, route] of [
    ['/hi/App', 'hi', '/App'],
    ['/ta/', 'ta', '/'],
  ] as const) {
    const res = await request.get(address, { maxRedirects: 0 });
    expect(res.status(), address).toBe(200);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<html lang="${locale}">`));
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/gi)].map(
      (m) => [m[1], new URL(m[2]!).pathname],
    );
    expect(Object.fromEntries(alternates)).toEqual({
      ...Object.fromEntries(LOCALES.map((l) => [l, localePath(l, route)])),
      'x-default': route,
    });
    const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    expect(canonical && new URL(canonical).pathname, address).toBe(address);
  }
});

test('the server answers each language: /hi/unknown is the Hindi not-found page with 404, /hi/stations/<id> the Hindi shell @desktop', async ({
  request,
}) => {
  const hindi = JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'apps/web/src/i18n/messages/common/hi.json'), 'utf8'),
  ) as Record<string, string>;
  const missing = await request.get('/hi/no-such-page');
  expect(missing.status()).toBe(404);
  const notFound = await missing.text();
  expect(notFound).toContain('<html lang="hi">');
  expect(notFound).toContain(hindi['common.notFound.heading']);
  const station = await request.get('/hi/stations/it-not-a-real-station');
  expect(station.status()).toBe(200);
  const shell = await station.text();
  expect(shell).toContain('<html lang="hi">');
  expect(shell).toContain(hindi['common.loading']);
  expect(shell).not.toContain('Loading…');
});

test('an unknown path serves the prerendered not-found page with 404 @desktop', async ({ request, page }) => {
  const res = await request.get('/no-such-page');
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain('Page not found');
  await page.goto('/no-such-page');
  await expect(page.getByText('/no-such-page')).toBeVisible();
});
