export type ProgressFn = (phase: string, done: number, total: number) => void;

export interface ThrottleOptions {
  /** Report again once this many more percent of the phase are done. */
  stepPct?: number;
  /** …or once this many milliseconds passed since the last report, whichever comes first. */
  everyMs?: number;
  /** The clock (tests pin it). */
  now?: () => number;
}

/**
 * Wraps a progress callback for a log: it passes on the first call of each phase, its end, and in between
 * only every `stepPct` percent or `everyMs` ms, so a big import logs a few lines instead of hundreds.
 */
export function throttleProgress(report: ProgressFn, options: ThrottleOptions = {}): ProgressFn {
  const { stepPct = 10, everyMs = 2000, now = Date.now } = options;
  let lastPhase: string | null = null;
  let lastPct = 0;
  let lastAt = 0;
  return (phase, done, total) => {
    const pct = total > 0 ? (done / total) * 100 : 100;
    const at = now();
    const due =
      phase !== lastPhase ||
      done >= total ||
      pct - lastPct >= stepPct ||
      (at - lastAt >= everyMs && pct > lastPct);
    if (!due) return;
    lastPhase = phase;
    lastPct = pct;
    lastAt = at;
    report(phase, done, total);
  };
}
