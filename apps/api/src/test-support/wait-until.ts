/**
 * Waits until `done()` holds, checking every 20 ms; fails after `timeoutMs`, naming `what` it waited for. For
 * what happens out of the test's sight (another instance, a stream closing), not for timing anything.
 */
export async function waitUntil(
  done: () => boolean | Promise<boolean>,
  { what = 'a condition', timeoutMs = 5000 }: { what?: string; timeoutMs?: number } = {},
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`gave up waiting after ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
