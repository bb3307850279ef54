import type { Page } from '@playwright/test';

/**
 * Holds back the page's requests matching `url` (a glob) until the returned function is called: a slow phone's
 * connection (acting on the prerendered page before its code has arrived), or an answer held until the test has
 * checked what the page shows while it waits.
 */
export async function holdBack(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await gate;
    // The page may have gone (a navigation) while the request was held.
    await route.continue().catch(() => {});
  });
  return release;
}
