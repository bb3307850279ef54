// Runs every check and test, then prints one closing line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(`${label} (exit ${res.status ?? res.signal})`);
  return res.status === 0;
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    '\n*** TEST_DATABASE_URL is not set: the PostgreSQL half of the integration suite will NOT run (SQLite only).\n' +
      '*** Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run it (.ci/run does).\n',
  );
}

run('lint', 'node', ['scripts/biome.mjs', 'check', '.']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);

const vitestJson = path.join(tmp, 'vitest.json');
run('unit and integration tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}

if (run('build', 'npm', ['run', 'build', '--silent'])) {
  const pwJson = path.join(tmp, 'playwright.json');
  run('browser tests', 'npx', ['playwright', 'test'], { PW_JSON_OUTPUT: pwJson });
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  }
}

if (!process.env.TEST_DATABASE_URL)
  console.log('\nNOTE: the PostgreSQL suite did not run (TEST_DATABASE_URL unset).');
if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failures.length || totals.failed ? 1 : 0);
