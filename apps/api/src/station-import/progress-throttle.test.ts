import { describe, expect, it } from 'vitest';
import { throttleProgress } from './progress-throttle';

describe('throttled progress', () => {
  it('reports each phase start and end, and every 10 % in between when updates come fast', () => {
    const seen: string[] = [];
    const progress = throttleProgress((phase, done, total) => seen.push(`${phase} ${done}/${total}`), {
      now: () => 0,
    });
    for (let i = 0; i <= 100; i++) progress('plan', i, 100);
    for (let i = 0; i <= 3; i++) progress('write', i, 3);
    expect(seen).toEqual([
      ...[0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((n) => `plan ${n}/100`),
      'write 0/3',
      'write 1/3',
      'write 2/3',
      'write 3/3',
    ]);
  });

  it('also reports after 2 s without a 10 % step, but never without progress', () => {
    let clock = 0;
    const seen: number[] = [];
    const progress = throttleProgress((_, done) => seen.push(done), { now: () => clock });
    progress('plan', 0, 1000);
    clock = 1000;
    progress('plan', 10, 1000);
    clock = 2500;
    progress('plan', 20, 1000);
    clock = 5000;
    progress('plan', 20, 1000);
    expect(seen).toEqual([0, 20]);
  });
});
