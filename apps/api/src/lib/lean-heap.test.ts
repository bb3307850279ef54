import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withLeanHeap } from './lean-heap';

describe('withLeanHeap', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lowers V8’s heap growing factor for the work, and restores V8’s own after it, even when it fails', async () => {
    const flags = vi.spyOn(v8, 'setFlagsFromString');
    expect(await withLeanHeap(async () => flags.mock.calls.map(([f]) => f))).toEqual([
      '--heap-growing-percent=30',
    ]);
    expect(flags.mock.calls.at(-1)).toEqual(['--heap-growing-percent=0']);

    flags.mockClear();
    await expect(
      withLeanHeap(async () => {
        throw new Error('bad input');
      }),
    ).rejects.toThrow('bad input');
    expect(flags.mock.calls).toEqual([['--heap-growing-percent=30'], ['--heap-growing-percent=0']]);
  });

  it('is restored only when the last of several concurrent imports ends', async () => {
    const flags = vi.spyOn(v8, 'setFlagsFromString');
    let finishFirst!: () => void;
    const first = withLeanHeap(() => new Promise<void>((resolve) => (finishFirst = resolve)));
    const second = withLeanHeap(async () => {
      await Promise.resolve();
    });
    await second;
    // The first is still running: the factor stays lowered.
    expect(flags.mock.calls).toEqual([['--heap-growing-percent=30']]);
    finishFirst();
    await first;
    expect(flags.mock.calls).toEqual([['--heap-growing-percent=30'], ['--heap-growing-percent=0']]);
  });
});
