/**
 * One timer per key, for work due at a wall-clock time (an official status's `validUntil`). Setting a key
 * again replaces its timer. Timers are unref'd: they never keep the process alive.
 */
export class DeadlineTimers {
  private readonly timers = new Map<string, { atMs: number; timer: NodeJS.Timeout }>();

  /** Runs `fn(atMs)` at `atMs` (ms since the epoch), or soon if that has passed; replaces the key's timer. */
  set(key: string, atMs: number, fn: (atMs: number) => void): void {
    this.clear(key);
    // setTimeout keeps a 32-bit delay; official statuses last at most 7 days, far below its 24.8 days.
    const timer = setTimeout(
      () => {
        this.timers.delete(key);
        fn(atMs);
      },
      Math.max(0, atMs - Date.now()),
    );
    timer.unref?.();
    this.timers.set(key, { atMs, timer });
  }

  /** When the key's timer is due (undefined without one). */
  dueAt(key: string): number | undefined {
    return this.timers.get(key)?.atMs;
  }

  clear(key: string): void {
    const t = this.timers.get(key);
    if (t) clearTimeout(t.timer);
    this.timers.delete(key);
  }

  clearAll(): void {
    for (const key of [...this.timers.keys()]) this.clear(key);
  }

  get size(): number {
    return this.timers.size;
  }
}
