import { expect, test } from '@playwright/test';
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

/**
 * The route: Via Giovanni Gentile in Bari (Italy), a straight avenue with two Metano stations on it according
 * to their MIMIT addresses ("VIA GIOVANNI GENTILE 73/C/BIS" and "… 99/A"). We take both stations' coordinates
 * from the running server's API and drive the straight line through them (our approximation of the avenue):
 * from 200 m before the first station, past it, to 150 m beyond the midpoint. Once the first is passed, the
 * panel follows the second, the station ahead (ADR 0008, "Ahead of me").
 */
// 50 km/h gives ~14 fixes, a second of the page's clock apart, over the 200 m approach.
const SPEED_KMH = 50;
const FIX_INTERVAL_MS = 1000;
/**
 * The simulated car jumps from standing to 50 km/h at once; the derived speed needs three fixes to prove the
 * start and then fits the last 5 s of fixes (ADR 0008), so speed and course are checked from the 8th fix on.
 */
const SETTLED_AFTER_FIXES = 8;

test.describe('simulated drive past real stations', () => {
  test.setTimeout(180_000);

  test('the panel follows the brute-force nearest station, then the one ahead once it is passed, with live distance, bearing, arrow and speed @desktop', async ({
    page,
    context,
    request,
  }) => {
    await waitForStations(request);
    const box = await stationsInBox(request, 16.6, 40.9, 17.2, 41.3);
    const onGentile = box.filter(
      (s) => /GIOVANNI GENTILE/i.test(s.address ?? '') && /BARI/i.test(s.city ?? ''),
    );
    expect(onGentile.length).toBe(2);
    // A is the western station (where the drive starts), B the eastern one.
    const [A, B] = [...onGentile].sort((x, y) => x.lon - y.lon) as [ApiStation, ApiStation];
    const abKm = haversineKm(A, B);
    const courseDeg = initialBearingDeg(A, B);
    const start = lerp(A, B, -0.2 / abKm);
    const end = lerp(A, B, 0.5 + 0.15 / abKm);
    const routeKm = haversineKm(start, end);
    const passA = 0.2 / routeKm;

    let nearestRequests = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/stations/nearest')) nearestRequests += 1;
    });
    await installClockedGps(page);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: start.lat, longitude: start.lon, accuracy: 5 });
    await page.goto('/App');
    const hud = page.getByTestId('hud');
    await expect(hud).toHaveAttribute('data-station-id', A.id);
    const requestsBeforeDrive = nearestRequests;
    await pauseClock(page);

    const seen: { t: number; id: string; km: number; speed: number }[] = [];
    for (let step = 1; ; step++) {
      // One fix a second of the page's clock, so the fixes' timestamps give exactly the simulated speed.
      // Stop at the end of the route rather than clamp there: a clamped last fix would cover less ground
      // than the elapsed time implies, and the speed shown would rightly drop.
      const t = (((step * FIX_INTERVAL_MS) / 3_600_000) * SPEED_KMH) / routeKm;
      if (t > 1) break;
      const p: Pt = lerp(start, end, t);
      await nextFix(page, context, FIX_INTERVAL_MS, p);
      // The nearest station, until A is passed: then B, the station ahead, before the midpoint (ADR 0008).
      const oracle = t > passA ? B : bruteForceNearest(box, p);
      const expectedKm = haversineKm(p, oracle);
      // Wait until the panel shows this fix (distance to within 2 m), then check everything against geometry.
      await expect
        .poll(async () =>
          Math.abs(
            Number(await page.getByTestId('hud-distance').getAttribute('data-distance-km')) - expectedKm,
          ),
        )
        .toBeLessThan(0.002);
      await expect(hud).toHaveAttribute('data-station-id', oracle.id);
      const bearing = Number(await page.getByTestId('hud-bearing').getAttribute('data-bearing-deg'));
      expect(Math.abs(turnDeg(bearing, initialBearingDeg(p, oracle)))).toBeLessThan(0.5);
      const speed = Number(await page.getByTestId('hud-speed').getAttribute('data-speed-kmh'));
      seen.push({ t, id: oracle.id, km: expectedKm, speed });
      if (step >= SETTLED_AFTER_FIXES) {
        // The speed is derived from the fixes (Playwright gives no device speed) and smoothed.
        expect(
          Math.abs(speed - SPEED_KMH) / SPEED_KMH,
          `speeds so far: ${seen.map((x) => x.speed.toFixed(1))}`,
        ).toBeLessThan(0.1);
        // Moving: the arrow turns relative to the direction of travel, by the geometry of the route.
        await expect(page.getByTestId('hud-heading-source')).toHaveAttribute('data-source', 'course');
        const rotation = Number(await hud.getByTestId('direction-arrow').getAttribute('data-rotation-deg'));
        expect(Math.abs(turnDeg(rotation, turnDeg(courseDeg, initialBearingDeg(p, oracle))))).toBeLessThan(3);
      }
    }

    const approach = seen.filter((s) => s.t < passA && s.id === A.id);
    expect(approach.length).toBeGreaterThan(3);
    for (let i = 1; i < approach.length; i++) expect(approach[i]!.km).toBeLessThan(approach[i - 1]!.km);
    // After passing A the panel moves on to B, the station ahead, at once (not at the midpoint), as checked above.
    const firstB = seen.findIndex((s) => s.id === B.id);
    expect(firstB).toBeGreaterThan(0);
    expect(seen[firstB]!.t).toBeGreaterThan(passA);
    await expect(page.getByTestId('hud-station-name')).toContainText(B.name.trim());
    // Every fix was computed on the client: no nearest request per fix (the list was proven complete).
    expect(nearestRequests - requestsBeforeDrive).toBeLessThanOrEqual(1);
  });
});
