import { describe, expect, it } from 'vitest';
import { runCrashReplay } from '../../bench/crash-replay/crash-run';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../test-support/test-db';

// One seeded run per database; `npm run bench -- reliability` runs ten of each (bench/reliability-crash.bench.ts).
describe.each(TEST_DIALECTS)('SIGKILL under load, restart, replay (%s, real server process)', (dialect) => {
  it('finds every acknowledged write once after the restart, each retry counted once', async () => {
    const run = await runCrashReplay({
      dialect,
      databaseUrl: TEST_DATABASE_URL,
      seed: 20261207,
      killAfterMs: [1500, 3000],
      // Counted in writes, not time: the kill finds every kind of write under way even on a busy machine.
      killAfterAcknowledged: [80, 120],
    });
    const { output, byKind, answers, ...counts } = run;
    const context = JSON.stringify({ counts, byKind, answers });
    // The load reached every kind of write before the kill, and the kill cut some in flight.
    for (const kind of ['report', 'proposal', 'problem', 'confirmation', 'contact'])
      expect(byKind[kind]?.acknowledged ?? 0, `${kind} acknowledged: ${context}`).toBeGreaterThan(0);
    expect(counts.sent, context).toBeGreaterThan(counts.acknowledgedBefore);
    expect(counts.lost, `${context}\n${output}`).toBe(0);
    expect(counts.found).toBe(counts.acknowledgedBefore + counts.acknowledgedAfter);
    expect(counts.duplicated, context).toBe(0);
    // Every write cut by the kill got its answer from the restarted server, the first one or a rebuilt one.
    expect(counts.acknowledgedBefore + counts.acknowledgedAfter, context).toBe(counts.sent);
    expect(counts.unanswerable, context).toBe(0);
    expect(counts.agreementsAcknowledged, context).toBeGreaterThan(0);
    expect(counts.agreementsFound, context).toBe(counts.agreementsAcknowledged);
    expect(counts.agreementsUnsettled, context).toBe(0);
  }, 240_000);
});
