/**
 * `npm run bench`: runs every `*.bench.ts` in this folder, one after another, each in its own process so
 * one benchmark's heap and JIT state cannot colour the next. Names after `--` keep only the files whose name
 * contains one of them: `-- reliability` runs the crash runs, the database outage, the two-instance outage, the
 * live clients and the hostile station files.
 * Exits non-zero if any of them fails.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const failed: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  console.log(
    `--- ${file}: ${result.status === 0 ? 'done' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) failed.push(file);
}
if (failed.length) {
  console.error(`\n${failed.length} benchmark(s) failed: ${failed.join(', ')}`);
  process.exit(1);
}
