import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from './circuit-breaker';

describe('CircuitBreaker', () => {
  const breaker = () => {
    const clock = { now: 0 };
    return { clock, b: new CircuitBreaker({ failures: 3, openMs: 1000, now: () => clock.now }) };
  };

  it('stays closed through fewer failures in a row than its limit, a success between them', () => {
    const { b } = breaker();
    b.failed();
    b.failed();
    b.succeeded();
    b.failed();
    b.failed();
    expect(b.state).toBe('closed');
    expect(b.allow()).toBe(true);
  });

  it('opens at the limit, refuses calls until the open time ends, then lets one trial through', () => {
    const { clock, b } = breaker();
    for (let k = 0; k < 3; k++) b.failed();
    expect(b.allow()).toBe(false);
    clock.now = 999;
    expect(b.allow()).toBe(false);
    clock.now = 1000;
    expect(b.state).toBe('half-open');
    expect(b.allow()).toBe(true);
    // The trial is out: the others still fail at once.
    expect(b.allow()).toBe(false);
    b.succeeded();
    expect(b.state).toBe('closed');
    expect(b.allow()).toBe(true);
  });

  it('opens again for a whole open time when the trial fails', () => {
    const { clock, b } = breaker();
    for (let k = 0; k < 3; k++) b.failed();
    clock.now = 1000;
    expect(b.allow()).toBe(true);
    b.failed();
    expect(b.state).toBe('open');
    clock.now = 1999;
    expect(b.allow()).toBe(false);
    clock.now = 2000;
    expect(b.allow()).toBe(true);
  });
});
