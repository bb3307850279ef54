/**
 * Crash and replay (docs/reliability.md, "Crash and replay"): ten runs per database of crash-replay/crash-run.ts.
 * Each run starts the real server as a child process on a fresh database, sends reports, proposals, problem
 * reports, confirmations and contact messages from eight drivers over HTTP, SIGKILLs the server at a seeded
 * random moment 2 to 6 s into the load, restarts it on the same database, sends every unanswered write again
 * with its key, and counts. Prints one line per run and the totals; exits 1 when a write is lost or stored
 * twice. PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL; without either that half says so.
 * `CRASH_RUNS=3` runs fewer, `CRASH_SEED=<n>` starts from another seed.
 * Run alone with `npx tsx apps/api/bench/reliability-crash.bench.ts`.
 */
import { type CrashRunResult, runCrashReplay } from './crash-replay/crash-run';

const DATABASE_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';
const RUNS = Number(process.env.CRASH_RUNS ?? 10);
const FIRST_SEED = Number(process.env.CRASH_SEED ?? 20261207);

const COLUMNS = [
  ['sent', 'sent'],
  ['acked', 'acknowledgedBefore'],
  ['acked after', 'acknowledgedAfter'],
  ['of them replays', 'replayedAfter'],
  ['found', 'found'],
  ['lost', 'lost'],
  ['twice', 'duplicated'],
  ['stored unacked', 'storedUnacknowledged'],
  ['409 after restart', 'unanswerable'],
  ['agreements', 'agreementsAcknowledged'],
  ['agreements found', 'agreementsFound'],
  ['unsettled', 'agreementsUnsettled'],
] as const;

const row = (label: string, cells: (string | number)[]) =>
  console.log([label.padEnd(22), ...cells.map((c) => String(c).padStart(8))].join(' '));

async function runDialect(dialect: 'sqlite' | 'postgres'): Promise<CrashRunResult[]> {
  if (dialect === 'postgres' && !DATABASE_URL) {
    console.log('PostgreSQL: no BENCH_DATABASE_URL or TEST_DATABASE_URL, not measured');
    return [];
  }
  console.log(`\n${dialect}: ${RUNS} runs, SIGKILL 2-6 s into the load`);
  row(
    'run (seed, kill at)',
    COLUMNS.map(([label]) => label),
  );
  const results: CrashRunResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const seed = FIRST_SEED + i;
    const r = await runCrashReplay({ dialect, databaseUrl: DATABASE_URL, seed, killAfterMs: [2000, 6000] });
    results.push(r);
    row(
      `${seed} @ ${r.killedAtMs} ms`,
      COLUMNS.map(([, key]) => r[key]),
    );
  }
  row(
    'total',
    COLUMNS.map(([, key]) => results.reduce((s, r) => s + r[key], 0)),
  );
  const kinds = new Map<string, { acknowledged: number; found: number }>();
  const answers = new Map<string, number>();
  for (const r of results) {
    for (const [kind, c] of Object.entries(r.byKind)) {
      const k = kinds.get(kind) ?? { acknowledged: 0, found: 0 };
      kinds.set(kind, { acknowledged: k.acknowledged + c.acknowledged, found: k.found + c.found });
    }
    for (const [answer, n] of Object.entries(r.answers)) answers.set(answer, (answers.get(answer) ?? 0) + n);
  }
  console.log(
    `by kind (acknowledged/found): ${[...kinds].map(([k, c]) => `${k} ${c.acknowledged}/${c.found}`).join(', ')}`,
  );
  console.log(`attempts by answer: ${[...answers].map(([a, n]) => `${a}: ${n}`).join(', ')}`);
  return results;
}

const all = [...(await runDialect('sqlite')), ...(await runDialect('postgres'))];
const broken = all.filter((r) => r.lost || r.duplicated || r.agreementsFound !== r.agreementsAcknowledged);
if (broken.length) {
  console.error(
    `\n${broken.length} run(s) lost or doubled a write; the first one's server said:\n${broken[0]!.output}`,
  );
  process.exit(1);
}
