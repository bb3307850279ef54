import { describe, expect, it } from 'vitest';
import type { ForwardResult } from './forwarders/forwarder';
import { backoffMs, MAX_ATTEMPTS, MAX_DELAY_MS, MAX_REJECTED_ATTEMPTS, nextStep } from './retry-policy';

const result = (outcome: ForwardResult['outcome'], retryAfterMs?: number): ForwardResult => ({
  outcome,
  status: 0,
  detail: '',
  retryAfterMs,
});

describe('outbox retry policy', () => {
  it('doubles the wait per attempt, with jitter between half and all of it, up to the cap', () => {
    for (let attempt = 1; attempt <= 30; attempt++) {
      const full = Math.min(MAX_DELAY_MS, 1000 * 2 ** (attempt - 1));
      expect(backoffMs(attempt, 1000, () => 0)).toBe(full / 2);
      expect(backoffMs(attempt, 1000, () => 1)).toBe(full);
    }
    expect(backoffMs(40, 1000, () => 1)).toBe(MAX_DELAY_MS);
  });

  it('stops at the first success', () => {
    expect(nextStep(result('sent'), 1, 1000, () => 0.5)).toEqual({ state: 'sent' });
  });

  it('gives up on a refused request after a few tries only', () => {
    for (let attempt = 1; attempt < MAX_REJECTED_ATTEMPTS; attempt++) {
      expect(nextStep(result('rejected'), attempt, 1000, () => 0.5).state).toBe('pending');
    }
    expect(nextStep(result('rejected'), MAX_REJECTED_ATTEMPTS, 1000, () => 0.5)).toEqual({ state: 'failed' });
  });

  it('keeps retrying transient failures and throttling until the overall limit', () => {
    for (const outcome of ['transient', 'throttled'] as const) {
      expect(nextStep(result(outcome), MAX_REJECTED_ATTEMPTS + 5, 1000, () => 0.5).state).toBe('pending');
      expect(nextStep(result(outcome), MAX_ATTEMPTS, 1000, () => 0.5)).toEqual({ state: 'failed' });
    }
  });

  it('waits longer after a 429 than after a network error, and at least what Retry-After asks', () => {
    const plain = nextStep(result('transient'), 2, 1000, () => 0.5);
    const throttled = nextStep(result('throttled'), 2, 1000, () => 0.5);
    const asked = nextStep(result('throttled', 600_000), 2, 1000, () => 0.5);
    if (plain.state !== 'pending' || throttled.state !== 'pending' || asked.state !== 'pending') {
      throw new Error('expected retries');
    }
    expect(throttled.delayMs).toBe(plain.delayMs * 4);
    expect(asked.delayMs).toBe(600_000);
  });
});
