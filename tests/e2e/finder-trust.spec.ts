import { expect, type Page, type Request, test } from '@playwright/test';
import { installClockedGps, nextFix, pauseClock } from './clocked-gps';
import {
  type ApiStation,
  bruteForceNearest,
  haversineKm,
  initialBearingDeg,
  lerp,
  type Pt,
  stationsInBox,
  turnDeg,
  waitForStations,
} from './finder-helpers';

/** A finder a driver can trust: search, place ranking, ahead of me, reports and old prices. */

/** Delhi and its neighbours (west, south, east, north), for stations from the running server's API. */
const DELHI_BOX = [76.9, 28.4, 77.5, 28.85] as const;

async function search(page: Page, text: string) {
  await page.getByLabel('Search a city, area or station').fill(text);
  await page.getByLabel('Search a city, area or station').press('Enter');
}

// Every search request must pass page.route (a service worker's fetches would bypass it).
test.describe('search', () => {
  test.use({ serviceWorkers: 'block' });

  test('the latest search wins while an earlier one is slow, and a third submit still works @desktop', async ({
    page,
    request,
  }) => {
    await waitForStations(request);
    const sent: string[] = [];
    // The first search (Chennai) answers only when the test releases it, after Ahmedabad's answer is shown.
    let releaseFirst = () => {};
    const firstReleased = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstDone = Promise.resolve();
    // The page has Chennai's answer, or has given up on it.
    const firstSettled = new Promise<void>((resolve) => {
      const settled = (r: Request) => {
        if (new URL(r.url()).searchParams.get('q') === 'Chennai') resolve();
      };
      page.on('requestfinished', settled);
      page.on('requestfailed', settled);
    });
    await page.route('**/api/stations/search?**', async (route) => {
      const q = new URL(route.request().url()).searchParams.get('q')!;
      sent.push(q);
      const answer = async () => {
        if (sent.length === 1) await firstReleased;
        // An aborted request cannot be continued: the page gave up on it, as it should.
        await route.continue().catch(() => undefined);
      };
      const done = answer();
      if (sent.length === 1) firstDone = done;
      await done;
    });
    await page.goto('/App');
    await search(page, 'Chennai');
    await expect.poll(() => sent.length).toBe(1);
    await search(page, 'Ahmedabad');
    // A second request is sent at once, and its answer is the one shown.
    await expect.poll(() => sent).toEqual(['Chennai', 'Ahmedabad']);
    const places = page.getByRole('list', { name: 'Places found' });
    await expect(page.getByTestId('search-answer-for')).toHaveText('Results for “Ahmedabad”');
    await expect(places.getByRole('button').first()).toContainText('Ahmedabad, IN');
    // Once the slow Chennai answer has come back (or been given up), Ahmedabad's is still the one on screen.
    releaseFirst();
    await firstDone;
    await firstSettled;
    // Two rendered frames: whatever the page does with that answer is on screen.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(page.getByTestId('search-answer-for')).toHaveText('Results for “Ahmedabad”');
    await expect(places).not.toContainText('Chennai');
    // A third submit works too.
    await search(page, 'Pune');
    await expect(page.getByTestId('search-answer-for')).toHaveText('Results for “Pune”');
    await expect(places.getByRole('button').first()).toContainText('Pune, IN');
    expect(sent).toEqual(['Chennai', 'Ahmedabad', 'Pune']);
  });
});

test.describe('place search from India', () => {
  test.use({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });

  test('"Delhi" lists Delhi, IN and New Delhi, IN before the US Delhis for an Indian browser @desktop', async ({
    page,
    request,
  }) => {
    await waitForStations(request);
    await page.goto('/App');
    await search(page, 'Delhi');
    const hits = page.getByRole('list', { name: 'Places found' }).getByRole('button');
    await expect(hits.first()).toContainText('Delhi, IN');
    await expect(hits.nth(1)).toContainText('New Delhi, IN');
    // The US Delhis are still found, after them.
    await expect(page.getByRole('list', { name: 'Places found' })).toContainText('Delhi, US');
  });

  test('"Noida Sector 18" finds the locality in Noida, and picking it shows the stations there @desktop', async ({
    page,
    request,
  }) => {
    await waitForStations(request);
    const noida = (
      (await (await request.get('/api/stations/search?q=Noida&country=IN')).json()) as {
        places: (Pt & { name: string })[];
      }
    ).places.find((p) => p.name === 'Noida')!;
    // The nearest answer is held 1.5 s, as on a slow link: the banner shows the place before the panel has a
    // station (CI once read the panel in between).
    await page.route('**/api/stations/nearest?**', async (r) => {
      await new Promise((d) => setTimeout(d, 1500));
      await r.continue();
    });
    await page.goto('/App');
    await search(page, 'Noida Sector 18');
    const first = page.getByRole('list', { name: 'Places found' }).getByRole('button').first();
    await expect(first).toContainText('Sector, Noida, IN');
    await first.click();
    await expect(page.getByTestId('location-banner')).toContainText('Showing stations around Sector');
    // The stations shown are Noida's: the nearest within a few km of the GeoNames point of Noida.
    const box = await stationsInBox(request, 77.2, 28.4, 77.6, 28.75);
    const hud = page.getByTestId('hud');
    // The banner shows the place at once; the panel names a station when the nearest answer has come.
    await expect(hud).toHaveAttribute('data-station-id', /.+/);
    const id = await hud.getAttribute('data-station-id');
    const shown = box.find((s) => s.id === id);
    expect(shown, `the station shown (${id}) lies in the box around Noida`).toBeDefined();
    expect(haversineKm(shown!, noida)).toBeLessThan(5);
  });

  test('"Andheri" finds the Mumbai suburb with how far its nearest station is, and picking it shows that station @desktop', async ({
    page,
    request,
  }) => {
    await waitForStations(request);
    // Where the server puts Andheri: at the suburb (19.12 N, 72.85 E), not at Mumbai's centre 6 km south.
    const andheri = (
      (await (await request.get('/api/stations/search?q=Andheri&country=IN')).json()) as {
        places: (Pt & { name: string; countryCode: string })[];
      }
    ).places[0]!;
    expect(`${andheri.name}, ${andheri.countryCode}`).toBe('Andheri, IN');
    expect(haversineKm(andheri, { lat: 19.12, lon: 72.85 })).toBeLessThan(1);
    // The nearest real station by brute force over every station within ~10 km of it.
    const box = await stationsInBox(request, 72.75, 19.03, 72.95, 19.21);
    const oracle = bruteForceNearest(box, andheri);
    const nearestKm = haversineKm(andheri, oracle);
    expect(nearestKm, 'a station within 3 km of Andheri, so none outside the box is nearer').toBeLessThan(3);
    const metres = Math.round(nearestKm * 1000);
    const distance = metres < 1000 ? `${metres} m` : `${(Math.round(nearestKm * 10) / 10).toFixed(1)} km`;

    await page.goto('/App');
    await search(page, 'Andheri');
    const first = page.getByRole('list', { name: 'Places found' }).getByRole('button').first();
    await expect(first).toHaveText(`Andheri, IN — nearest station ${distance}`);
    await first.click();
    await expect(page.getByTestId('location-banner')).toContainText('Showing stations around Andheri, IN');
    await expect(page.getByTestId('hud')).toHaveAttribute('data-station-id', oracle.id);
    const shownKm = Number(await page.getByTestId('hud-distance').getAttribute('data-distance-km'));
    expect(Math.abs(shownKm - nearestKm)).toBeLessThan(0.001);
  });
});

test('driving past a Delhi station: never a backwards arrow without "Behind you", and the panel moves on @desktop', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await waitForStations(request);
  const box = await stationsInBox(request, ...DELHI_BOX);
  // A real station whose nearest neighbour B is 1.2–3 km away: drive through A towards B.
  const sorted = [...box].sort((a, b) => a.id.localeCompare(b.id));
  let A: ApiStation | undefined;
  let B: ApiStation | undefined;
  for (const s of sorted) {
    const others = box.filter((o) => o.id !== s.id);
    const n = bruteForceNearest(others, s);
    const d = haversineKm(s, n);
    if (d >= 1.2 && d <= 3) {
      A = s;
      B = n;
      break;
    }
  }
  expect(A, 'a Delhi station 1.2–3 km from its nearest neighbour').toBeDefined();
  const abKm = haversineKm(A!, B!);
  const start = lerp(A!, B!, -0.3 / abKm);
  const end = lerp(A!, B!, 0.6 / abKm);
  const routeKm = haversineKm(start, end);
  const passA = 0.3 / routeKm;
  const speedKmh = 72;
  await installClockedGps(page);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: start.lat, longitude: start.lon, accuracy: 5 });
  await page.goto('/App');
  const hud = page.getByTestId('hud');
  // The first list can take a while on a busy machine.
  await expect(hud).toHaveAttribute('data-station-id', A!.id, { timeout: 30_000 });
  await pauseClock(page);

  let checkedAfterPass = 0;
  for (let step = 1; ; step++) {
    // One fix a second of the page's clock (clocked-gps.ts).
    const t = (((step * 1000) / 3_600_000) * speedKmh) / routeKm;
    if (t > 1) break;
    const p = lerp(start, end, t);
    await nextFix(page, context, 1000, p);
    // Wait for the panel to show this fix: its distance is the distance to the station it shows.
    await expect
      .poll(async () => {
        const id = await hud.getAttribute('data-station-id');
        const s = box.find((x) => x.id === id)!;
        const km = Number(await page.getByTestId('hud-distance').getAttribute('data-distance-km'));
        return Math.abs(km - haversineKm(p, s));
      })
      .toBeLessThan(0.002);
    if (step < 8) continue; // the speed and course are proven from the 8th fix (ADR 0008)
    await expect(page.getByTestId('hud-heading-source')).toHaveAttribute('data-source', 'course');
    const rotation = Number(await hud.getByTestId('direction-arrow').getAttribute('data-rotation-deg'));
    const behind = await page.getByTestId('hud-behind').isVisible();
    // Never a backwards arrow without saying so.
    if (Math.abs(rotation) > 90) expect(behind, `arrow at ${rotation}° must say "Behind you"`).toBe(true);
    const id = await hud.getAttribute('data-station-id');
    const pastAkm = (t - passA) * routeKm;
    if (pastAkm > 0.06) {
      // Clearly past A (60 m): the panel shows a station ahead, not A.
      expect(id, `${Math.round(pastAkm * 1000)} m past A`).not.toBe(A!.id);
      const shown = box.find((x) => x.id === id)!;
      const course = initialBearingDeg(A!, B!);
      expect(Math.abs(turnDeg(course, initialBearingDeg(p, shown)))).toBeLessThanOrEqual(100);
      await expect(page.getByTestId('hud-station-name')).toContainText('Next ahead');
      checkedAfterPass += 1;
    }
  }
  expect(checkedAfterPass).toBeGreaterThan(3);
});

test('report buttons are disabled, saying why, when the driver is 1 km from the station @desktop', async ({
  page,
  context,
  request,
}) => {
  await waitForStations(request);
  const box = await stationsInBox(request, ...DELHI_BOX);
  // A real station with no other within 3 km; the driver stands 1 km north of it (0.009° of latitude).
  const lonely = [...box]
    .sort((a, b) => a.id.localeCompare(b.id))
    .find(
      (s) =>
        haversineKm(
          bruteForceNearest(
            box.filter((o) => o.id !== s.id),
            s,
          ),
          s,
        ) > 3,
    )!;
  expect(lonely).toBeDefined();
  const here = { lon: lonely.lon, lat: lonely.lat + 0.009 };
  expect(bruteForceNearest(box, here).id).toBe(lonely.id);
  const km = haversineKm(here, lonely);
  expect(km).toBeGreaterThan(0.9);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: here.lat, longitude: here.lon, accuracy: 5 });
  await page.goto('/App');
  const hud = page.getByTestId('hud');
  // The first list can take a while on a busy machine.
  await expect(hud).toHaveAttribute('data-station-id', lonely.id, { timeout: 30_000 });
  await hud.getByRole('button', { name: 'Details' }).click();
  const details = page.getByTestId('station-details');
  await expect(details.getByTestId('report-too-far')).toContainText('Come within 500 m to report');
  await expect(details.getByTestId('report-too-far')).toContainText(`${km.toFixed(1)} km`);
  for (const name of ['Gas available', 'No gas']) {
    await expect(details.getByRole('button', { name, exact: true })).toBeDisabled();
  }
});

test('a MIMIT price older than 7 days shows its age as a warning @desktop', async ({ page, request }) => {
  await waitForStations(request);
  // Italian stations with a price, from the real MIMIT import, around a few cities.
  const now = Date.now();
  let old: { id: string; days: number } | undefined;
  for (const [lat, lon] of [
    [45.46, 9.19],
    [41.9, 12.5],
    [41.12, 16.87],
    [40.85, 14.27],
    [44.49, 11.34],
  ]) {
    const res = await request.get(`/api/stations/nearest?lat=${lat}&lon=${lon}&limit=50&radiusKm=50`);
    const body = (await res.json()) as {
      stations: { id: string; price: { publishedAt: string; outlier: boolean } | null }[];
    };
    for (const s of body.stations) {
      if (!s.price || s.price.outlier) continue;
      const days = Math.floor((now - Date.parse(s.price.publishedAt)) / 86_400_000);
      if (days > 7 && (!old || days > old.days)) old = { id: s.id, days };
    }
  }
  expect(old, 'a MIMIT station whose price is more than a week old').toBeDefined();
  await page.goto(`/stations/${old!.id}`);
  const warning = page.getByTestId('station-details').getByTestId('price-age-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toHaveAttribute('data-days', String(old!.days));
  await expect(warning).toContainText('it may have changed');
});
