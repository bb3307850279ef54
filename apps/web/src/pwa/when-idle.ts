/** Runs `task` when the browser is idle (after the first paint), or after `timeoutMs` at the latest. */
export function whenIdle(task: () => void, timeoutMs = 3000) {
  if (typeof window === 'undefined') return;
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: timeoutMs });
  else setTimeout(task, 1);
}
