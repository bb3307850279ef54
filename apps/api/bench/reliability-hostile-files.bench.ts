/**
 * Hostile station files (docs/reliability.md, "Hostile station files"). A SQLite file gets the real India and
 * Italy stations; then the import CLI, as a process of its own, runs every importer on each file below and the
 * bench prints its exit status, the first line of its refusal, its peak memory (the process's maxRSS) and
 * its time. Baseline, in the same run: the CLI importing the largest real list (MIMIT's pair, --dry-run).
 * Last, whether any station or source row changed. Run alone with
 * `npx tsx apps/api/bench/reliability-hostile-files.bench.ts`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { repoRoot } from '../src/config/env';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { IMPORTERS } from '../src/station-import/importers/load-import';
import { importStations } from '../src/station-import/station-import';
import { writeRepeated } from '../src/test-support/repeated-file';
import { INDIA_MAIN, INDIA_STATES, MIMIT_PRICES, MIMIT_STATIONS } from '../src/test-support/source-files';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-hostile-bench-'));
const at = (name: string) => path.join(dir, name);

const write = (name: string, head: string, piece: (i: number) => string, count: number, tail = '') =>
  writeRepeated(at(name), head, piece, count, tail);

const row = (i: number) =>
  `r${i},Bench depot ${i},${(73 + (i % 7000) / 1000).toFixed(4)},${(16 + (i % 5000) / 1000).toFixed(4)}\n`;

/** Each hostile file under the names the importers expect (hard links: one file, several extensions). */
/** The importers that read CSV; the others read JSON (GeoJSON, Overpass JSON, the India dataset). */
const CSV_IMPORTERS = ['it-mimit', 'afdc', 'br-anp', 'csv', 'hpoil'];

interface Hostile {
  what: string;
  file: (ext: string) => string;
  /** The importers it is meant for: a CSV for those that read CSV, JSON for the others. */
  for: 'all' | 'csv' | 'json';
  /** What every refusal must say. */
  refusal: RegExp;
}

function hostileFiles(): Hostile[] {
  const linked = (file: string) => (ext: string) => {
    const named = `${file}.${ext}`;
    if (!fs.existsSync(named)) fs.linkSync(file, named);
    return named;
  };
  const big = write('big', 'id,name,lon,lat\n', row, 11_500_000);
  const rows = write('rows', 'id,name,lon,lat\n', row, 2_000_000);
  const features = write(
    'features',
    '{"type":"FeatureCollection","features":[',
    (i) => `${i ? ',' : ''}{"type":"Feature","properties":{"id":"r${i}"}}`,
    2_000_000,
    ']}',
  );
  const deep = write(
    'deep',
    '{"type":"FeatureCollection","features":[',
    () => '[',
    100_000,
    `${']'.repeat(100_000)}]}`,
  );
  const vertices = write(
    'vertices',
    '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"id":"x","name":"Depot",' +
      '"vertices":1000000000},"geometry":{"type":"Polygon","coordinates":[[[72.8,19.1]',
    (i) => `,[72.8,${(19.1 + i / 1e8).toFixed(8)}]`,
    3_000_000,
    ']]}}]}',
  );
  const mb = (f: string) => `${(fs.statSync(f).size / 1e6).toFixed(0)} MB`;
  const items = /holds a list or object of more than 500,000 items/;
  return [
    { what: `${mb(big)}, 11.5 million rows`, file: linked(big), for: 'all', refusal: /bytes, more than the/ },
    {
      what: `2 million CSV rows, ${mb(rows)}`,
      file: linked(rows),
      for: 'csv',
      refusal: /more than 500,000 lines/,
    },
    { what: `2 million JSON features, ${mb(features)}`, file: linked(features), for: 'json', refusal: items },
    {
      what: 'JSON nested 100,000 deep',
      file: linked(deep),
      for: 'json',
      refusal: /nests values more than 64/,
    },
    {
      what: `a polygon of 3 million vertices, ${mb(vertices)}`,
      file: linked(vertices),
      for: 'json',
      refusal: items,
    },
  ];
}

/** The CLI on `args` as its own process: status, first line of the answer, peak RSS (MB) and seconds. */
function cli(args: string[], sqlitePath: string) {
  const started = performance.now();
  const res = spawnSync(
    '/usr/bin/time',
    ['-f', 'maxrss=%M', process.execPath, '--import', 'tsx', 'src/station-import/import-cli.ts', ...args],
    {
      cwd: path.join(repoRoot, 'apps', 'api'),
      env: { ...process.env, DATABASE_URL: '', SQLITE_PATH: sqlitePath, LOG_LEVEL: 'silent', CI: 'true' },
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  const rssKb = Number(/maxrss=(\d+)/.exec(res.stderr)?.[1] ?? Number.NaN);
  const said = `${res.stderr}\n${res.stdout}`
    .split('\n')
    .find((l) => /Import failed|accepted|rejected rows/.test(l))
    ?.replace(dir, '…')
    .replace(/^Import failed, nothing was changed: /, '')
    .trim();
  return { status: res.status, said: said ?? '', rssMb: rssKb / 1024, seconds };
}

/** A hash of every station and source row. */
function fingerprint(sqlitePath: string): string {
  const db = new SQLite(sqlitePath, { readonly: true });
  const hash = createHash('sha256');
  for (const table of ['stations', 'station_sources'])
    for (const r of db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).iterate())
      hash.update(JSON.stringify(r));
  db.close();
  return hash.digest('hex');
}

/** The inputs of one run of `importer` with `hostile` as its station list. */
const inputsOf = (importer: string, file: (ext: string) => string): string[] => {
  if (importer === 'it-mimit') return [file('csv'), MIMIT_PRICES];
  if (['osm', 'india-open'].includes(importer)) return [file('json')];
  if (['gr-cng', 'geojson', 'mgl'].includes(importer)) return [file('geojson')];
  return [file('csv')];
};

async function main() {
  const sqlitePath = at('stations.sqlite');
  const handle = openDatabase({ databaseUrl: '', sqlitePath });
  await migrateToLatest(handle.db);
  await importStations(handle.db, 'india-open', [INDIA_MAIN], { load: { regionsFile: INDIA_STATES } });
  await importStations(handle.db, 'it-mimit', [MIMIT_STATIONS, MIMIT_PRICES]);
  const stations = Number(
    (
      await handle.db
        .selectFrom('stations')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await handle.db.destroy();
  const before = fingerprint(sqlitePath);

  console.log(
    `reliability-hostile-files.bench — the import CLI on hostile files, ${stations} real stations stored`,
  );
  const base = cli(['it-mimit', MIMIT_STATIONS, MIMIT_PRICES, '--dry-run'], sqlitePath);
  console.log(
    `  baseline: the largest real list (MIMIT, --dry-run): exit ${base.status}, ${base.rssMb.toFixed(0)} MB peak, ${base.seconds.toFixed(1)} s`,
  );
  let worst = 0;
  let failures = 0;
  let runs = 0;
  for (const hostile of hostileFiles()) {
    console.log(`  ${hostile.what}:`);
    for (const importer of [...IMPORTERS, 'mgl', 'hpoil']) {
      const csv = CSV_IMPORTERS.includes(importer);
      if (hostile.for === (csv ? 'json' : 'csv')) continue;
      const run = cli([importer, ...inputsOf(importer, hostile.file), '--feed', 'hostile'], sqlitePath);
      runs++;
      worst = Math.max(worst, run.rssMb);
      if (run.status !== 1 || !hostile.refusal.test(run.said)) failures++;
      console.log(
        `    ${importer.padEnd(10)} exit ${run.status}  ${run.rssMb.toFixed(0).padStart(4)} MB peak  ${run.seconds.toFixed(1).padStart(4)} s  ${run.said.slice(0, 110)}`,
      );
    }
  }

  // The largest lists the limits let through, every row a new station (--dry-run): the most rows, short;
  // and the most rows and bytes, each name near its 200-character limit.
  const long = (i: number) => row(i).replace(',Bench depot ', `,Bench depot ${'n'.repeat(155)} `);
  const inside = [
    { what: 'most rows', file: write('largest.csv', 'id,name,lon,lat\n', row, 499_998) },
    { what: 'most rows and bytes', file: write('longest.csv', 'id,name,lon,lat\n', long, 499_998) },
  ];
  let contained = 0;
  for (const { what, file } of inside) {
    const run = cli(['csv', file, '--feed', 'largest', '--dry-run'], sqlitePath);
    if (run.status !== 0) failures++;
    contained = Math.max(contained, run.rssMb);
    console.log(
      `  inside the limits, ${what}: ${(fs.statSync(file).size / 1e6).toFixed(0)} MB, 499,998 rows: exit ${run.status}, ${run.rssMb.toFixed(0)} MB peak, ${run.seconds.toFixed(1)} s  ${run.said}`,
    );
  }

  const unchanged = fingerprint(sqlitePath) === before;
  console.log(
    `  ${runs} hostile runs: ${failures === 0 ? 'every one refused with its limit, both lists inside the limits read' : `${failures} NOT as expected`}; peak memory at most ${worst.toFixed(0)} MB refusing, ${contained.toFixed(0)} MB reading (baseline ${base.rssMb.toFixed(0)} MB)`,
  );
  console.log(`  stored stations and sources afterwards: ${unchanged ? 'unchanged' : 'CHANGED'}`);
  fs.rmSync(dir, { recursive: true, force: true });
  if (failures > 0 || !unchanged) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
