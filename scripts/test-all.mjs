// The one pipeline behind `npm test` and `npm run validate`: runs every check and test, then prints one
// closing line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/** Runs one step; a failed check step (lint, typecheck, build, budgets) counts as one failure in the total. */
function run(label, cmd, args, env = {}, { check = false } = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) {
    failures.push(`${label} (exit ${res.status ?? res.signal})`);
    if (check) totals.failed += 1;
  }
  return res.status === 0;
}

/** A test step that failed without any failed test (a crash, a timeout) still counts as one failure. */
function countCrash(ok, failedTests) {
  if (!ok && failedTests === 0) totals.failed += 1;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    '\n*** TEST_DATABASE_URL is not set: the PostgreSQL half of the integration suite will NOT run (SQLite only).\n' +
      '*** Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it (.ci/run does).\n',
  );
}

// Biome, then the subjects of the branch's commits not yet on main (scripts/commit-subjects.mjs).
run('lint', 'npm', ['run', 'lint', '--silent'], {}, { check: true });
run('typecheck', 'npm', ['run', 'typecheck', '--silent'], {}, { check: true });
// Import directions (dependency-cruiser), one rule file per workspace: see each workspace's `deps:check`.
run(
  'import directions',
  'npm',
  ['run', 'deps:check', '--workspaces', '--if-present', '--silent'],
  {},
  { check: true },
);

const vitestJson = path.join(tmp, 'vitest.json');
const unitOk = run('unit and integration tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
let unitFailed = 0;
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  unitFailed = r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
totals.failed += unitFailed;
countCrash(unitOk, unitFailed);

if (run('build', 'npm', ['run', 'build', '--silent'], {}, { check: true })) {
  // JavaScript budgets per route (.size-limit.js): the landing page and the finder page.
  run('size budgets', 'npx', ['size-limit'], {}, { check: true });
  const pwJson = path.join(tmp, 'playwright.json');
  const e2eOk = run('browser tests', 'npx', ['playwright', 'test'], { PW_JSON_OUTPUT: pwJson });
  let e2eFailed = 0;
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    e2eFailed = s.unexpected;
    totals.skipped += s.skipped;
  }
  totals.failed += e2eFailed;
  countCrash(e2eOk, e2eFailed);
}

if (!process.env.TEST_DATABASE_URL)
  console.log('\nNOTE: the PostgreSQL suite did not run (TEST_DATABASE_URL unset).');
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failures.length || totals.failed ? 1 : 0);
