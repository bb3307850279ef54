import { type BrowserContext, expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    /** How many fixes have reached the page's callbacks (installClockedGps). */
    clockedFixes: number;
  }
}

/**
 * A GPS replay on the page's own clock. Chromium stamps an emulated fix with the real time it arrives, so a
 * replay paced by that clock has to sleep between fixes. Instead the page's clock is Playwright's (paused), each
 * fix is stamped with that clock's time as it reaches the page's callbacks, and `nextFix` moves the clock on by
 * exactly the interval before it sends the next position: speeds derived from the fixes are exact, and the
 * page's timers (guidance, debounces) run as they would in those seconds. Without `pauseClock` the clock also
 * flows on its own between fixes, for replays that check where the car is rather than how fast it goes.
 */
export async function installClockedGps(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.clockedFixes = 0;
    const proto = Geolocation.prototype;
    const stamped =
      (ok: PositionCallback): PositionCallback =>
      (p) => {
        const timestamp = Date.now();
        window.clockedFixes += 1;
        ok({ coords: p.coords, timestamp, toJSON: () => ({ coords: p.coords.toJSON(), timestamp }) });
      };
    const watch = proto.watchPosition;
    const current = proto.getCurrentPosition;
    proto.watchPosition = function (ok, err, options) {
      return watch.call(this, stamped(ok), err, options);
    };
    proto.getCurrentPosition = function (ok, err, options) {
      current.call(this, stamped(ok), err, options);
    };
  });
  await page.clock.install();
}

/** Stops the page's clock: from now on it moves only with `nextFix` (call once the page has loaded). */
export async function pauseClock(page: Page): Promise<void> {
  // A second ahead of the page's own time: pausing cannot go back, and the page's clock need not match ours.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** Moves the page's clock on by `afterMs`, then the device to `at`; resolves once the page has the fix. */
export async function nextFix(
  page: Page,
  context: BrowserContext,
  afterMs: number,
  at: { lat: number; lon: number },
  accuracy = 5,
): Promise<void> {
  const before = await page.evaluate(() => window.clockedFixes);
  await page.clock.runFor(afterMs);
  await context.setGeolocation({ latitude: at.lat, longitude: at.lon, accuracy });
  await expect.poll(() => page.evaluate(() => window.clockedFixes)).toBeGreaterThan(before);
}
