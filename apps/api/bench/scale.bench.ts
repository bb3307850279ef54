/**
 * Scale benchmark: a SYNTHETIC list of 200,000 stations (bench/scale/synthetic-stations.ts; set
 * SCALE_STATIONS for another size) imported into a temporary SQLite file, imported again unchanged, then a
 * real server process started on it. Prints each figure with its ratio to the goal and, where one makes
 * sense, to a baseline from the same run:
 * - import and re-import time (baseline: reading and JSON.parse-ing the same file) and peak memory;
 * - ready to serve: process start until /api/stations/nearest answers with stations (baseline: the same
 *   server on an empty database), on the first start after the import (the index is built) and on a restart
 *   on the same data (the index is read from the snapshot the first server left, ADR 0024). The server is the bundle `npm start` runs (dist/server.js, built here
 *   with tsup first), not the TypeScript under tsx, whose compiling on the fly is no part of a real start;
 * - resident memory of the ready server after the first searches (baseline: the empty server);
 * - the first search, over HTTP (baseline: the same search again).
 * The temporary folder, with the synthetic file and the database, is deleted at the end.
 * Run alone with `npx tsx apps/api/bench/scale.bench.ts`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase } from '../src/db/database';
import { startBenchServer } from './scale/bench-server';
import { writeSyntheticStations } from './scale/synthetic-stations';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.env.SCALE_STATIONS ?? 200_000);
const GOALS = { importMs: 30_000, importMb: 600, readyMs: 5_000, rssMb: 600, firstSearchMs: 200 };
const PORT = 18_000 + (process.pid % 1000);

const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;
/** "met" or "MISSED" for a figure against its goal (lower is better). */
const verdict = (value: number, goal: number) => (value <= goal ? 'met' : 'MISSED');

function importOnce(sqlitePath: string, input: string) {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(apiDir, 'bench', 'scale', 'import-child.ts'), sqlitePath, input],
    { cwd: apiDir, encoding: 'utf8', maxBuffer: 2 ** 26 },
  );
  if (run.status !== 0) throw new Error(`import failed:\n${run.stdout}\n${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as {
    ms: number;
    peakRssMb: number;
    counts: Record<string, number>;
  };
}

/** Resident memory of a process in MB (ps works on Linux and macOS). */
function rssMb(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
}

async function timedGet(url: string): Promise<{ ms: number; body: unknown; ok: boolean }> {
  const t = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  return { ms: performance.now() - t, body, ok: res.ok };
}

/** The real server on `sqlitePath` (scale/bench-server.ts), ready when a nearest query at `probe` answers. */
const serve = (sqlitePath: string, probe: [number, number], expectStations: boolean) =>
  startBenchServer({ cwd: apiDir, sqlitePath, port: PORT, probe, expectStations, built: true });

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-scale-'));
  try {
    const input = path.join(dir, 'synthetic-stations.geojson');
    const sqlitePath = path.join(dir, 'scale.sqlite');
    const emptyPath = path.join(dir, 'empty.sqlite');
    writeSyntheticStations(input, COUNT);
    const first = JSON.parse(fs.readFileSync(input, 'utf8')) as {
      features: { geometry: { coordinates: [number, number] }; properties: { city: string } }[];
    };
    const probe = first.features[0]!.geometry.coordinates;
    const query = first.features[COUNT >> 1]!.properties.city;

    // Baseline for the import: reading and parsing the same file.
    const t = performance.now();
    if ((JSON.parse(fs.readFileSync(input, 'utf8')) as { features: unknown[] }).features.length !== COUNT)
      throw new Error('synthetic file has the wrong length');
    const parseMs = performance.now() - t;

    const imported = importOnce(sqlitePath, input);
    // The bundle the servers below run, as `npm start` builds it.
    execFileSync('npm', ['run', 'build'], { cwd: apiDir, stdio: 'ignore' });
    const reimported = importOnce(sqlitePath, input);

    const empty = openDatabase({ databaseUrl: '', sqlitePath: emptyPath });
    await migrateToLatest(empty.db);
    await empty.db.destroy();
    const base = await serve(emptyPath, probe, false);
    const baseRss = rssMb(base.child.pid!);
    await base.stop();

    const server = await serve(sqlitePath, probe, true);
    const firstSearch = await timedGet(`${server.url}/api/stations/search?q=${encodeURIComponent(query)}`);
    const again = await timedGet(`${server.url}/api/stations/search?q=${encodeURIComponent(query)}`);
    const count = (firstSearch.body as { count: number }).count;
    if (!firstSearch.ok || count === 0) throw new Error(`search for "${query}" found nothing`);
    const rss = rssMb(server.child.pid!);
    // Stopped as a deploy stops it (SIGTERM): the snapshot of the index it built is written by then.
    await server.stop();
    if (!fs.existsSync(`${sqlitePath}.station-index`)) throw new Error('the server kept no index snapshot');

    // A restart on the same data (a deploy, a crash): the index comes from its snapshot (ADR 0024).
    const restarted = await serve(sqlitePath, probe, true);
    const restartSearch = await timedGet(
      `${restarted.url}/api/stations/search?q=${encodeURIComponent(query)}`,
    );
    if (!restartSearch.ok || (restartSearch.body as { count: number }).count !== count)
      throw new Error('the restarted server found other results');
    const restartRss = rssMb(restarted.child.pid!);
    await restarted.stop();

    const n = imported.counts.new ?? 0;
    console.log(`scale.bench — ${COUNT.toLocaleString('en')} SYNTHETIC stations (${n} new), SQLite`);
    console.log(
      `  import:        ${imported.ms.toFixed(0)} ms (goal ${GOALS.importMs} ms: ${verdict(imported.ms, GOALS.importMs)}, ${ratio(imported.ms, GOALS.importMs)}; ${ratio(imported.ms, parseMs)} read + JSON.parse ${parseMs.toFixed(0)} ms), peak ${imported.peakRssMb.toFixed(0)} MB (goal ${GOALS.importMb} MB: ${verdict(imported.peakRssMb, GOALS.importMb)}, ${ratio(imported.peakRssMb, GOALS.importMb)})`,
    );
    console.log(
      `  re-import:     ${reimported.ms.toFixed(0)} ms (${reimported.counts.unchanged} unchanged; goal ${GOALS.importMs} ms: ${verdict(reimported.ms, GOALS.importMs)}, ${ratio(reimported.ms, GOALS.importMs)}; ${ratio(reimported.ms, parseMs)} read + parse), peak ${reimported.peakRssMb.toFixed(0)} MB (goal ${GOALS.importMb} MB: ${verdict(reimported.peakRssMb, GOALS.importMb)}, ${ratio(reimported.peakRssMb, GOALS.importMb)})`,
    );
    console.log(
      `  ready to serve: ${server.readyMs.toFixed(0)} ms, first start after the import: index built (goal ${GOALS.readyMs} ms: ${verdict(server.readyMs, GOALS.readyMs)}, ${ratio(server.readyMs, GOALS.readyMs)}; ${ratio(server.readyMs, base.readyMs)} the empty server's ${base.readyMs.toFixed(0)} ms)`,
    );
    console.log(
      `  ready, restart: ${restarted.readyMs.toFixed(0)} ms, same data: index read from its snapshot (goal ${GOALS.readyMs} ms: ${verdict(restarted.readyMs, GOALS.readyMs)}, ${ratio(restarted.readyMs, GOALS.readyMs)}; ${ratio(restarted.readyMs, base.readyMs)} the empty server's), then resident ${restartRss.toFixed(0)} MB, first search ${restartSearch.ms.toFixed(0)} ms`,
    );
    console.log(
      `  resident:      ${rss.toFixed(0)} MB after the searches (goal ${GOALS.rssMb} MB: ${verdict(rss, GOALS.rssMb)}, ${ratio(rss, GOALS.rssMb)}; ${ratio(rss, baseRss)} the empty server's ${baseRss.toFixed(0)} MB)`,
    );
    console.log(
      `  first search:  ${firstSearch.ms.toFixed(0)} ms for "${query}", ${count} results (goal ${GOALS.firstSearchMs} ms: ${verdict(firstSearch.ms, GOALS.firstSearchMs)}, ${ratio(firstSearch.ms, GOALS.firstSearchMs)}; ${ratio(firstSearch.ms, again.ms)} the same search again, ${again.ms.toFixed(1)} ms)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
