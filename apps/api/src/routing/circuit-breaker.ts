/**
 * A circuit breaker for calls to one service: after `failures` calls in a row fail, the circuit opens and
 * calls fail at once, without waiting for a time limit each, for `openMs`. Then one call is let through
 * (half-open): its success closes the circuit, its failure opens it again for another `openMs`.
 *
 * Small on purpose: one counter and one time, checked synchronously before each call.
 */
export class CircuitBreaker {
  private failuresInRow = 0;
  /** While open: when the next trial call may go through; 0 when closed. */
  private openUntil = 0;
  /** A trial call is on its way (half-open): the others still fail at once. */
  private trialInFlight = false;

  constructor(private readonly options: { failures: number; openMs: number; now?: () => number }) {}

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** `closed`, `open` (calls fail at once) or `half-open` (the next call is a trial). */
  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openUntil === 0) return 'closed';
    return this.now() < this.openUntil || this.trialInFlight ? 'open' : 'half-open';
  }

  /** Whether a call may go now; a true answer in the half-open state starts the trial call. */
  allow(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open') return false;
    this.trialInFlight = true;
    return true;
  }

  /** The call let through answered. */
  succeeded(): void {
    this.failuresInRow = 0;
    this.openUntil = 0;
    this.trialInFlight = false;
  }

  /** The call let through failed (time limit, refused connection, server error). */
  failed(): void {
    this.failuresInRow++;
    if (this.trialInFlight || this.failuresInRow >= this.options.failures) {
      this.openUntil = this.now() + this.options.openMs;
    }
    this.trialInFlight = false;
  }
}
