import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { type Config, ConfigError, loadConfig } from '../config/env';
import { createPostgresChangeFeed } from '../db/change-feed';
import { migrateToLatest, openDatabase } from '../db/database';
import { formatCountsTable } from './import-counts';
import { type ImportResult, importStations } from './import-run';
import { IMPORTERS } from './importers/load-import';
import { shippedMappings } from './importers/operator-mapping';
import { REJECT_REASONS } from './importers/station-record';
import { BAD_ROW_SHARE, MASS_RETIRE_SHARE } from './mass-retire-guard';
import { rejectionCsv, rejectionLine } from './rejection-report';
import { callerDir, isOperatorSource, resolveInputs, resolveSource } from './resolve-inputs';

/** Rejected rows printed in the terminal; the CSV report has all of them. */
const TERMINAL_REJECTS = 20;

const USAGE = `Usage: npm run stations:import -- <source> <file-or-url> [more files] [options]

Sources: ${IMPORTERS.join(', ')}, operator:<mapping>, mgl, hpoil
  osm          Overpass JSON files, or live: overpass:world | overpass:IN | overpass:bbox=w,s,e,n
  india-open   dataset/stations.json and/or raw_sources/*.json of bash1401/cng-route-planner-india-data
  it-mimit     the two MIMIT files: anagrafica_impianti_attivi.csv and prezzo_alle_8.csv
  operator:<mapping>
               an operator's published list (CSV, JSON, GeoJSON or an HTML table) read through its
               mapping file: a shipped one by name (${shippedMappings().join(', ')}) or a path to a
               .json mapping; \`live\` asks the endpoint the mapping names
  mgl          = operator:mgl: Mahanagar Gas outlets, live (its locator API) or the scraped GeoJSON copy
  hpoil        = operator:hpoil: HPOIL Gas outlets, live (its locator page) or a saved copy (.csv or .html)
  afdc         AFDC CSV/JSON files, or live: api (needs AFDC_API_KEY)
  br-anp       Brazil's ANP GNV (CNG) truck stations CSV (\`;\`-separated)
  gr-cng       the Greek CNG stations GeoJSON (2021, Name and City)
  geojson|csv  a list in the generic column names (docs/importing-stations.md)

File paths are relative to the folder you run the command in.

Options:
  --dry-run              plan and count, change nothing
  --allow-mass-retire    write the run even if it retires more than ${MASS_RETIRE_SHARE * 100} % of a source's stations or
                         rejects more than ${BAD_ROW_SHARE * 100} % of its rows as faulty (without it such a run
                         changes nothing)
  --regions <geojson>    region polygons (default for india-open and operator lists: STATIONS_REGIONS_FILE)
  --scope <area>         osm files: the area they cover completely, so stations there that they no longer
                         list are retired: IN | IN,IT | world | bbox:west,south,east,north
                         (without it an Overpass file retires nothing)
  --feed <name>          geojson/csv: list name (default: the file name)
  --licence <text>       geojson/csv: licence of the list
  --attribution <text>   geojson/csv: attribution shown with every station
  --timeout <seconds>    per download; default 60 for URLs, 180 for live Overpass queries, 120 for the
                         AFDC API (local files have no time limit)
  --rejects <file.csv>   where to write every rejected row (default: rejected/<source>-run<N>.csv beside
                         the SQLite file); the first ${TERMINAL_REJECTS} are also printed`;

function progressReporter() {
  if (!process.stderr.isTTY) {
    let lastPhase = '';
    return {
      update(phase: string, done: number, total: number) {
        if (phase !== lastPhase || done === total) console.error(`${phase}: ${done}/${total}`);
        lastPhase = phase;
      },
      stop() {},
    };
  }
  const bar = new cliProgress.SingleBar(
    { format: '{phase} [{bar}] {value}/{total}', hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let lastPhase = '';
  return {
    update(phase: string, done: number, total: number) {
      if (!started || phase !== lastPhase) {
        if (started) bar.stop();
        bar.start(total, done, { phase: phase.padEnd(5) });
        started = true;
        lastPhase = phase;
      } else bar.update(done, { phase: phase.padEnd(5) });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

const OPTIONS = {
  'dry-run': { type: 'boolean', default: false },
  'allow-mass-retire': { type: 'boolean', default: false },
  regions: { type: 'string' },
  feed: { type: 'string' },
  licence: { type: 'string' },
  attribution: { type: 'string' },
  timeout: { type: 'string' },
  scope: { type: 'string' },
  rejects: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** Writes every rejected row to the CSV report and prints the first ones. */
function reportRejects(rejected: ImportResult['rejected'], file: string) {
  if (rejected.length === 0) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, rejectionCsv(rejected));
  console.log(`\nrejected rows (${rejected.length}), every one in ${file}:`);
  for (const r of rejected.slice(0, TERMINAL_REJECTS)) console.log(`  ${rejectionLine(r)}`);
  if (rejected.length > TERMINAL_REJECTS)
    console.log(`  … ${rejected.length - TERMINAL_REJECTS} more in the file`);
}

/** Region polygons: the one given, else STATIONS_REGIONS_FILE for the India lists and operator lists. */
function regionsFileFor(importer: string, values: Values, baseDir: string, config: Config): string | null {
  if (values.regions) return path.resolve(baseDir, values.regions);
  const indian = importer === 'india-open' || isOperatorSource(importer);
  return indian && fs.existsSync(config.STATIONS_REGIONS_FILE) ? config.STATIONS_REGIONS_FILE : null;
}

/** Imports in one transaction, prints the closing table and the rejected rows, and tells other servers. */
async function runCli(importer: string, inputs: string[], values: Values, timeoutS: number | undefined) {
  const config = loadConfig();
  const baseDir = callerDir();
  const regionsFile = regionsFileFor(importer, values, baseDir, config);
  if (regionsFile) console.error(`regions from ${regionsFile}`);
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.SQLITE_PATH });
  const progress = progressReporter();
  try {
    await migrateToLatest(handle.db);
    const result = await importStations(handle.db, importer, inputs, {
      dryRun: values['dry-run'],
      allowMassRetire: values['allow-mass-retire'],
      load: {
        regionsFile,
        overpassUrl: config.OVERPASS_URL,
        afdcApiKey: config.AFDC_API_KEY,
        afdcUrl: config.AFDC_API_URL,
        mglUrl: config.MGL_OUTLETS_URL,
        hpoilUrl: config.HPOIL_LOCATOR_URL,
        timeoutMs: timeoutS === undefined ? undefined : timeoutS * 1000,
        scope: values.scope,
        feed: values.feed,
        licence: values.licence,
        attribution: values.attribution,
      },
      // MIMIT's "read" is the stations that sell Metano, not the lines of its two files.
      onLoaded: (read) =>
        console.error(`read ${read} ${importer === 'it-mimit' ? 'stations with a Metano price' : 'rows'}`),
      onProgress: (phase, done, total) => progress.update(phase, done, total),
    });
    progress.stop();
    console.log(
      `\n${importer}${result.dryRun ? ' (dry run: nothing was changed)' : ''} — run #${result.runId}`,
    );
    console.log(formatCountsTable(result.counts));
    const reasons = Object.keys(result.counts.rejected) as (keyof typeof REJECT_REASONS)[];
    for (const r of reasons) console.log(`  ${r}: ${REJECT_REASONS[r]}`);
    const sqliteDir = path.dirname(path.resolve(config.SQLITE_PATH));
    const name = importer.replace(/[^\w.-]+/g, '-');
    reportRejects(
      result.rejected,
      values.rejects
        ? path.resolve(baseDir, values.rejects)
        : path.join(sqliteDir, 'rejected', `${name}-run${result.runId}.csv`),
    );
    // SQLite servers notice the new import_runs row by polling; PostgreSQL ones hear a NOTIFY now.
    if (result.changed && handle.pgPool) {
      const feed = await createPostgresChangeFeed(handle.pgPool);
      await feed.publish('stations-changed', { reason: 'import' });
      await feed.close();
    }
    return 0;
  } catch (err) {
    progress.stop();
    console.error(`\nImport failed, nothing was changed: ${(err as Error).message}`);
    return 1;
  } finally {
    await handle.db.destroy();
  }
}

/** `stations:import`: one importer, its inputs, one transaction; prints the closing table. */
async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: OPTIONS });
  const [source, ...given] = positionals;
  if (values.help || !source || given.length === 0) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const timeoutS = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeoutS !== undefined && !(timeoutS > 0)) {
    console.error(`--timeout must be a number of seconds above 0, got "${values.timeout}"`);
    return 2;
  }
  // npm runs this inside apps/api; paths are the caller's, as typed in the README.
  const baseDir = callerDir();
  const importer = resolveSource(source, baseDir);
  return runCli(importer, resolveInputs(importer, given, baseDir), values, timeoutS);
}

main()
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
