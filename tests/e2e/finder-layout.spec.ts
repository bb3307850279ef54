import { expect, type Page, test } from '@playwright/test';
import { parseColour, waitForStations } from './finder-helpers';

// Map clusters, and the layout and focus on a phone, at 375 px (mobile) and 1280 px (desktop).

/** Connaught Place, New Delhi: dozens of real stations around, hundreds within a few zoom levels. */
const DELHI = { latitude: 28.6315, longitude: 77.2167 };

test.beforeAll(async ({ request }) => {
  await waitForStations(request);
});

async function openFinderAt(page: Page, at: { latitude: number; longitude: number }) {
  await page.context().grantPermissions(['geolocation']);
  await page.context().setGeolocation({ accuracy: 10, ...at });
  await page.goto('/App');
  // Generous: this is no speed test, and the test machine may be busy.
  await expect(page.getByTestId('hud')).toHaveAttribute('data-station-id', /.+/, { timeout: 30_000 });
}

test('the search box keeps its place (and its text) when the first fix arrives @mobile', async ({
  page,
  context,
}) => {
  await page.goto('/App');
  await expect(page.getByTestId('location-banner')).toHaveAttribute('data-status', 'idle');
  const box = page.getByLabel('Search a city, area or station');
  await box.fill('Pune');
  const pageY = () => box.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await pageY();

  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ accuracy: 10, ...DELHI });
  // Granting starts GPS on its own (the finder listens to the permission); the button is the fallback.
  const use = page.getByRole('button', { name: 'Use my location' });
  if (await use.isVisible()) await use.click({ timeout: 2000 }).catch(() => undefined);
  await expect(page.getByTestId('hud')).toHaveAttribute('data-station-id', /.+/, { timeout: 30_000 });
  await expect(page.getByTestId('station-list').locator('li').first()).toBeVisible();
  const after = await pageY();
  // Before: the box moved ~1,700 px down a phone, below the list and the map (and lost what was typed).
  expect(Math.abs(after - before)).toBeLessThanOrEqual(1);
  await expect(box).toHaveValue('Pune');
  // And it stays above the panel and the list.
  const hudTop = await page
    .getByTestId('hud')
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(after).toBeLessThan(hudTop);
});

test('Tab goes through the finder in the order it reads on screen', async ({ page }) => {
  test.slow(); // up to 120 key presses, each answered by the browser
  await openFinderAt(page, DELHI);
  await expect(page.getByTestId('station-list').locator('li').first()).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
  // Walk the whole finder with the keyboard, from the page heading down.
  await page.locator('.finder__title').evaluate((el) => {
    (el as HTMLElement).tabIndex = -1;
    (el as HTMLElement).focus();
  });
  let reached = false;
  await page.evaluate(() => {
    (window as unknown as { tabbed: Element[] }).tabbed = [];
  });
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const inFinder = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el?.closest('.finder')) return false;
      const list = (window as unknown as { tabbed: Element[] }).tabbed;
      // Leaflet's own controls sit inside the map's box; the map itself stands for them.
      if (el.closest('.leaflet-container') !== el && el.closest('.leaflet-container')) return true;
      if (!list.includes(el)) list.push(el);
      return true;
    });
    if (!inFinder && reached) break;
    reached ||= inFinder;
  }
  // Where each control sits on the page, measured in one go with the page at the top.
  const boxes = await page.evaluate(() => {
    window.scrollTo(0, 0);
    for (const el of document.querySelectorAll('.finder *')) if (el.scrollTop) el.scrollTop = 0;
    return (window as unknown as { tabbed: Element[] }).tabbed.map((el) => {
      const r = el.getBoundingClientRect();
      const label = (el as HTMLInputElement).labels?.[0]?.textContent;
      const name = (el.getAttribute('aria-label') ?? label ?? el.textContent ?? el.tagName)
        .trim()
        .slice(0, 40);
      return {
        name,
        top: r.top + window.scrollY,
        left: r.left,
        right: r.right,
        bottom: r.bottom + window.scrollY,
      };
    });
  });
  // Reading order: each next control is further down, or at the top of a column to the right.
  const wrong: string[] = [];
  for (let i = 1; i < boxes.length; i++) {
    const a = boxes[i - 1]!;
    const b = boxes[i]!;
    const down = b.top >= a.top - 2;
    const nextColumn = b.left >= a.right - 1;
    if (!down && !nextColumn)
      wrong.push(`${a.name} (y ${Math.round(a.top)}) → ${b.name} (y ${Math.round(b.top)})`);
  }
  // Before, on a phone: the panel, then the map, then search and filters (drawn below the list), then the list.
  expect(wrong).toEqual([]);
  const names = boxes.map((b) => b.name);
  // The main controls are all reached, in this order of appearance.
  const first = (re: RegExp) => names.findIndex((n) => re.test(n));
  const search = first(/^Search$|Search a city/);
  const details = first(/^Details$/);
  const listRow = first(/^Details of /);
  const filters = first(/Open now|Gas reported available/);
  expect(search, names.join(' | ')).toBeGreaterThanOrEqual(0);
  expect(details).toBeGreaterThan(search);
  expect(listRow).toBeGreaterThan(details);
  expect(filters).toBeGreaterThan(listRow);
});

test('Escape from the details dialog puts focus back on the button that opened it @desktop', async ({
  page,
}) => {
  await openFinderAt(page, DELHI);
  const row = page.getByTestId('station-list').locator('li').nth(1);
  const opener = row.getByRole('button', { name: /^Details of / });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Station details' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Before: focus fell to the page body.
  await expect(opener).toBeFocused();

  // The same from the panel's Details button, closed with its Close button.
  const panelDetails = page.getByTestId('hud').getByRole('button', { name: 'Details', exact: true });
  await panelDetails.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close details' }).click();
  await expect(dialog).toBeHidden();
  await expect(panelDetails).toBeFocused();
});

test('cluster figures sit centred inside their circles, and no station dot lies under a cluster @desktop', async ({
  page,
}) => {
  test.slow(); // several zoom steps, each waiting for the viewport's stations
  await page.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  await openFinderAt(page, DELHI);
  const map = page.getByTestId('finder-map');
  await map.scrollIntoViewIfNeeded();
  const clusters = page.locator('.station-cluster');
  // Zoom out until clusters of three figures show (hundreds of stations around Delhi).
  const zoomOut = page.locator('.leaflet-control-zoom-out');
  // The map marks each viewport answer it has drawn (use-viewport-stations.ts).
  const viewportsDrawn = () =>
    page.evaluate(() => performance.getEntriesByName('finder:viewport-rendered').length);
  await expect.poll(viewportsDrawn).toBeGreaterThan(0);
  for (let i = 0; i < 12; i++) {
    const counts = await clusters.evaluateAll((els) => els.map((el) => el.textContent ?? ''));
    if (counts.some((c) => c.length >= 3) && counts.length >= 3) break;
    const drawn = await viewportsDrawn();
    await zoomOut.click();
    // Each zoom level loads its own viewport answer: wait until it is drawn.
    await expect.poll(viewportsDrawn).toBeGreaterThan(drawn);
  }
  await expect.poll(() => clusters.count()).toBeGreaterThanOrEqual(3);
  // The map has settled: no zoom animation runs, and a frame has been painted since.
  await expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

  const report = await page.evaluate(
    ({ dotColours }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.leaflet-overlay-pane canvas');
      const cr = canvas?.getBoundingClientRect();
      const ctx = canvas?.getContext('2d');
      const mapBox = document.querySelector('[data-testid="finder-map"]')!.getBoundingClientRect();
      const out: {
        label: string;
        dx: number;
        dy: number;
        halfDiagonal: number;
        innerRadius: number;
        width: number;
        onTop: boolean;
        dotPixels: number;
      }[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('.station-cluster')) {
        const box = el.getBoundingClientRect();
        const cx = box.left + box.width / 2;
        const cy = box.top + box.height / 2;
        // Only clusters wholly inside the map's box (others are clipped).
        if (
          box.left < mapBox.left ||
          box.right > mapBox.right ||
          box.top < mapBox.top ||
          box.bottom > mapBox.bottom
        )
          continue;
        const text = el.querySelector('span')?.firstChild ?? el.firstChild;
        const range = document.createRange();
        range.selectNodeContents(text!);
        const t = range.getBoundingClientRect();
        const border = Number.parseFloat(getComputedStyle(el).borderTopWidth);
        // The driver's own marker is drawn above everything on purpose: a cluster under it is not checked.
        const above = [...document.querySelectorAll('.driver-marker')].some((m) => {
          const b = m.getBoundingClientRect();
          return b.right > box.left && b.left < box.right && b.bottom > box.top && b.top < box.bottom;
        });
        const hit = above ? el : document.elementFromPoint(cx, cy);
        let dotPixels = 0;
        if (canvas && cr && ctx) {
          const scale = canvas.width / cr.width;
          const r = box.width / 2;
          const sx = Math.floor((cx - r - cr.left) * scale);
          const sy = Math.floor((cy - r - cr.top) * scale);
          const size = Math.ceil(2 * r * scale);
          const data = ctx.getImageData(sx, sy, size, size).data;
          for (let y = 0; y < size; y++) {
            for (let x = 0; x < size; x++) {
              const px = sx + x;
              const py = sy + y;
              const dist = Math.hypot(px / scale + cr.left - cx, py / scale + cr.top - cy);
              if (dist > r - 1) continue;
              const k = (y * size + x) * 4;
              if (data[k + 3] !== 255) continue;
              const rgb = [data[k]!, data[k + 1]!, data[k + 2]!];
              if (dotColours.some((c) => c.every((v, j) => Math.abs(v - rgb[j]!) <= 10))) dotPixels++;
            }
          }
        }
        out.push({
          label: el.textContent ?? '',
          dx: t.left + t.width / 2 - cx,
          dy: t.top + t.height / 2 - cy,
          halfDiagonal: Math.hypot(t.width / 2, t.height / 2),
          innerRadius: box.width / 2 - border,
          width: t.width,
          onTop: !!hit && (hit === el || el.contains(hit)),
          dotPixels,
        });
      }
      return out;
    },
    {
      // The status colours of single-station dots (status-colours.ts) and their white ring.
      dotColours: ['#0a6a36', '#c4161c', '#b76e00', '#111111', '#7a8590', '#ffffff'].map((c) =>
        parseColour(c),
      ),
    },
  );
  expect(report.length).toBeGreaterThanOrEqual(3);
  expect(report.some((c) => c.label.length >= 3)).toBe(true);
  for (const c of report) {
    const where = `cluster "${c.label}"`;
    // Before: figures sat up to ~8 px off-centre (top left) and four figures overflowed a 46 px circle.
    expect(Math.abs(c.dx), where).toBeLessThanOrEqual(1.5);
    expect(Math.abs(c.dy), where).toBeLessThanOrEqual(2);
    expect(c.halfDiagonal, where).toBeLessThanOrEqual(c.innerRadius);
    expect(c.label.length, where).toBeLessThanOrEqual(4);
    // Above the canvas: the cluster is what a tap at its centre hits.
    expect(c.onTop, where).toBe(true);
    // Before: grey and coloured dots were drawn under clusters and showed around their edges.
    expect(c.dotPixels, where).toBe(0);
  }
});
