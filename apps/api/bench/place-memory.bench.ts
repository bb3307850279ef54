/**
 * Place gazetteer memory benchmark (issues 16 and 17): resident memory of the real server (tsx, as the tests
 * run it) on a SYNTHETIC list of 200,000 stations (SCALE_STATIONS for another size) when it is ready, right
 * after its first place search and a few seconds later, with the time of that first search and of a second
 * one. Variants, alternated round by round so a noisy machine colours them alike:
 * - `file`: the gazetteer's compact file is already there (every start but the first);
 * - `first start`: an empty PLACES_CACHE_DIR, so the server builds the file in its child process and the first
 *   search waits for it;
 * - `compare`: with PLACE_BENCH_COMPARE=<the apps/api folder of another checkout>, that checkout's server on
 *   the same database (for a before/after).
 * Prints the load average with the figures: only ratios within one run mean much on a shared machine.
 * Run alone with `npx tsx apps/api/bench/place-memory.bench.ts`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './scale/bench-server';
import { writeSyntheticStations } from './scale/synthetic-stations';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COUNT = Number(process.env.SCALE_STATIONS ?? 200_000);
const ROUNDS = Number(process.env.PLACE_BENCH_ROUNDS ?? 2);
const PORT = 19_000 + (process.pid % 1000);

const rssMb = (pid: number) =>
  Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg()[0]!.toFixed(1);

async function timedGet(url: string) {
  const t = performance.now();
  const res = await fetch(url);
  const body = (await res.json()) as { places?: { name: string; countryCode: string }[] };
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms: performance.now() - t, body };
}

async function measure(serverDir: string, sqlitePath: string, cacheDir: string, probe: [number, number]) {
  const server = await startBenchServer({
    cwd: serverDir,
    sqlitePath,
    port: PORT,
    probe,
    expectStations: true,
    env: { PLACES_CACHE_DIR: cacheDir },
    timeoutMs: 180_000,
  });
  const { child, url } = server;
  try {
    const readyMs = server.readyMs;
    await sleep(1000);
    const ready = rssMb(child.pid!);
    const first = await timedGet(`${url}/api/stations/search?q=Andheri&country=IN`);
    const afterFirst = rssMb(child.pid!);
    await sleep(3000);
    const settled = rssMb(child.pid!);
    const second = await timedGet(`${url}/api/stations/search?q=Mumbai&country=IN`);
    const found = first.body.places?.[0];
    return {
      readyMs,
      ready,
      firstMs: first.ms,
      afterFirst,
      settled,
      secondMs: second.ms,
      found: found ? `${found.name}, ${found.countryCode}` : 'nothing',
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-place-bench-'));
  try {
    const input = path.join(dir, 'synthetic-stations.geojson');
    const sqlitePath = path.join(dir, 'bench.sqlite');
    writeSyntheticStations(input, COUNT);
    const imported = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(apiDir, 'bench', 'scale', 'import-child.ts'), sqlitePath, input],
      { cwd: apiDir, encoding: 'utf8', maxBuffer: 2 ** 26 },
    );
    if (imported.status !== 0) throw new Error(`import failed:\n${imported.stdout}\n${imported.stderr}`);
    const first = JSON.parse(fs.readFileSync(input, 'utf8')) as {
      features: { geometry: { coordinates: [number, number] } }[];
    };
    const probe = first.features[0]!.geometry.coordinates;
    const warmCache = path.join(dir, 'places-warm');
    const compare = process.env.PLACE_BENCH_COMPARE;
    const variants: [string, string, () => string][] = [
      ['file', apiDir, () => warmCache],
      [
        'first start',
        apiDir,
        () => {
          const empty = path.join(dir, 'places-empty');
          fs.rmSync(empty, { recursive: true, force: true });
          return empty;
        },
      ],
      ...(compare
        ? [['compare', path.resolve(compare), () => warmCache] as [string, string, () => string]]
        : []),
    ];
    // The warm variant's file, built once beforehand (as the first start of a server would).
    const built = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/places/place-cache-cli.ts', warmCache],
      {
        cwd: apiDir,
        encoding: 'utf8',
      },
    );
    if (built.status !== 0) throw new Error(`place file not built:\n${built.stderr}`);
    console.log(`place-memory.bench — ${COUNT.toLocaleString('en')} SYNTHETIC stations, SQLite, tsx`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, serverDir, cacheDir] of variants) {
        const m = await measure(serverDir, sqlitePath, cacheDir(), probe);
        console.log(
          `  round ${round} ${name.padEnd(11)} ready ${m.readyMs.toFixed(0)} ms, ${m.ready.toFixed(0)} MB; ` +
            `first place search ${m.firstMs.toFixed(0)} ms (${m.found}) → ${m.afterFirst.toFixed(0)} MB, ` +
            `${m.settled.toFixed(0)} MB 3 s later; second search ${m.secondMs.toFixed(1)} ms; load average ${load()}`,
        );
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
