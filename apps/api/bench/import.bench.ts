/**
 * Import benchmark: every real file in ../shared/data/stations into an empty SQLite database, then the same
 * import again (all unchanged). Baseline, measured in the same run: just reading the same files and
 * JSON.parse / line-splitting them. Run alone with `npx tsx apps/api/bench/import.bench.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot } from '../src/config/env';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { importStations } from '../src/station-import/station-import';

const dir = path.join(repoRoot, '..', 'shared', 'data', 'stations');
const regions = path.join(repoRoot, '..', 'shared', 'data', 'india_states.geojson');
const rawDir = path.join(dir, 'india_raw');
const india = [
  path.join(dir, 'india_cng_stations_bash1401.json'),
  ...fs
    .readdirSync(rawDir)
    .sort()
    .map((f) => path.join(rawDir, f)),
];
const italy = [
  path.join(dir, 'italy_mimit_anagrafica_impianti_attivi.csv'),
  path.join(dir, 'italy_mimit_prezzo_alle_8.csv'),
];

let peakRssMb = 0;
const sampler = setInterval(() => {
  peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 2 ** 20);
}, 5);

function baseline(): number {
  const t = performance.now();
  let n = 0;
  for (const f of india) n += (JSON.parse(fs.readFileSync(f, 'utf8')) as unknown[]).length;
  for (const f of italy)
    n += fs
      .readFileSync(f, 'utf8')
      .split('\n')
      .map((l) => l.split('|')).length;
  if (n === 0) throw new Error('no rows read');
  return performance.now() - t;
}

async function importAll(db: ReturnType<typeof openDatabase>['db']) {
  const t = performance.now();
  const a = await importStations(db, 'india-open', india, { load: { regionsFile: regions } });
  const b = await importStations(db, 'it-mimit', italy);
  return { ms: performance.now() - t, a: a.counts, b: b.counts };
}

async function main() {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-bench-')), 'bench.sqlite');
  const handle = openDatabase({ databaseUrl: '', sqlitePath: file });
  await migrateToLatest(handle.db);
  baseline(); // warm the file cache so the baseline and the import read from the same place
  const baseMs = baseline();
  const first = await importAll(handle.db);
  const second = await importAll(handle.db);
  clearInterval(sampler);
  await handle.db.destroy();
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const stations = first.a.new + first.b.new;
  const unchanged = second.a.unchanged + second.b.unchanged;
  console.log('import.bench — every real station file into an empty SQLite database');
  console.log(`  baseline (read + JSON.parse / split the same files): ${baseMs.toFixed(0)} ms`);
  console.log(
    `  full import:  ${first.ms.toFixed(0)} ms  (${stations} new stations; ratio ${(first.ms / baseMs).toFixed(1)}× baseline; target < 10,000 ms)`,
  );
  console.log(
    `  re-import:    ${second.ms.toFixed(0)} ms  (${unchanged} unchanged, ${second.a.new + second.b.new} new; ratio ${(second.ms / baseMs).toFixed(1)}× baseline)`,
  );
  console.log(`  peak RSS:     ${peakRssMb.toFixed(0)} MB`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
