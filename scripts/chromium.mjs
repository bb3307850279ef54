// Debian's Chromium for every browser this project launches (Playwright tests, the finder benchmark,
// Lighthouse): Playwright cannot download its own browser on these machines. CHROMIUM_PATH overrides the path.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless run in a container: no sandbox, no GPU, no background traffic or updates. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
