/**
 * A database check that a flood of health requests cannot turn into a flood of queries: a success is
 * reused for `maxAgeMs`, concurrent callers share one query in flight, and a failure is never reused (the
 * next call asks the database again, so a recovery shows at once). A database that goes away is therefore
 * reported at most `maxAgeMs` late.
 */
export class CachedCheck<T> {
  private last: { value: T; atMs: number } | null = null;
  private inFlight: Promise<T> | null = null;

  constructor(
    private readonly probe: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The last success while it is fresh, without a promise (for a synchronous fast path); else undefined. */
  fresh(): { value: T } | undefined {
    const last = this.last;
    return last && this.clock() - last.atMs < this.maxAgeMs ? last : undefined;
  }

  /** The last success if it is fresh, else the result of a new probe (rejects when the probe fails). */
  get(): Promise<T> {
    const last = this.last;
    if (last && this.clock() - last.atMs < this.maxAgeMs) return Promise.resolve(last.value);
    this.inFlight ??= this.probe()
      .then(
        (value) => {
          this.last = { value, atMs: this.clock() };
          return value;
        },
        (err: unknown) => {
          this.last = null;
          throw err;
        },
      )
      .finally(() => {
        this.inFlight = null;
      });
    return this.inFlight;
  }
}
