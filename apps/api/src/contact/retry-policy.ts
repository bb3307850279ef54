import type { ForwardResult } from './forwarders/forwarder';

/** Tries after which a refused request (4xx other than 429) is given up: enough for an operator to fix a key. */
export const MAX_REJECTED_ATTEMPTS = 3;
/** Tries after which any message is given up (about a day with the default 30 s base and 1 h cap). */
export const MAX_ATTEMPTS = 25;
/** Longest wait between two tries. */
export const MAX_DELAY_MS = 60 * 60 * 1000;
/** A 429 waits this many times longer than an ordinary failure (the service asked us to slow down). */
export const THROTTLE_FACTOR = 4;

export type NextStep = { state: 'sent' } | { state: 'failed' } | { state: 'pending'; delayMs: number };

/**
 * Exponential back-off with equal jitter: the wait doubles per attempt (base, 2·base, 4·base … capped),
 * and half of it is random so many messages that failed together do not retry together.
 */
export function backoffMs(
  attempt: number,
  baseMs: number,
  random: () => number,
  capMs = MAX_DELAY_MS,
): number {
  const full = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

/** What to do after attempt number `attempt` (1-based) ended with `result`. */
export function nextStep(
  result: ForwardResult,
  attempt: number,
  baseMs: number,
  random: () => number,
): NextStep {
  if (result.outcome === 'sent') return { state: 'sent' };
  if (attempt >= MAX_ATTEMPTS) return { state: 'failed' };
  if (result.outcome === 'rejected') {
    return attempt >= MAX_REJECTED_ATTEMPTS
      ? { state: 'failed' }
      : { state: 'pending', delayMs: backoffMs(attempt, baseMs, random) };
  }
  if (result.outcome === 'throttled') {
    const delayMs = backoffMs(attempt, baseMs * THROTTLE_FACTOR, random, MAX_DELAY_MS * THROTTLE_FACTOR);
    return { state: 'pending', delayMs: Math.max(delayMs, result.retryAfterMs ?? 0) };
  }
  return { state: 'pending', delayMs: backoffMs(attempt, baseMs, random) };
}
