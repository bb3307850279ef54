// `npm run stations:candidates -- <dataset.json | URL>`: stores the fuel-station candidates of the India open
// dataset (ADR 0037) in the live database (SQLite file or DATABASE_URL), reporting every refused row and why.
// Open candidates take the file's new name and position; those drivers decided on keep their decision.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../config/env';
import { migrateToLatest, openDatabase } from '../db/database';
import { loadRegionLookup, readInput } from '../station-import/station-import';
import { parseIndiaCandidates } from './candidate-import';
import { storeCandidates } from './candidate-repository';

const USAGE =
  'Usage: npm run stations:candidates -- <india_cng_stations.json | URL>\n' +
  'Stores the OpenStreetMap fuel stations of the India open dataset that no source says sell CNG, as\n' +
  'candidates drivers are asked about (never as stations).';

async function main(): Promise<number> {
  const arg = process.argv[2];
  if (!arg || arg === '--help' || arg === '-h') {
    console.log(USAGE);
    return arg ? 0 : 1;
  }
  // npm runs the script in apps/api and keeps the caller's folder in INIT_CWD: paths work from the repository root.
  const input = /^https?:\/\//i.test(arg) ? arg : path.resolve(process.env.INIT_CWD || process.cwd(), arg);
  const config = loadConfigOrExit();
  const regions = fs.existsSync(config.STATIONS_REGIONS_FILE)
    ? loadRegionLookup(config.STATIONS_REGIONS_FILE)
    : null;
  const parsed = parseIndiaCandidates(await readInput(input), input, regions);
  for (const r of parsed.rejected)
    console.log(
      `refused ${r.where}${r.sourceId ? ` (${r.sourceId})` : ''}: ${r.reason}${r.detail ? `, ${r.detail}` : ''}`,
    );
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.SQLITE_PATH });
  try {
    await migrateToLatest(handle.db);
    const written = await storeCandidates(handle.db, parsed.candidates);
    console.log(
      `${parsed.read.toLocaleString('en')} rows read: ${parsed.candidates.length.toLocaleString('en')} candidates ` +
        `(${written.toLocaleString('en')} stored or updated; decided ones kept), ${parsed.rejected.length} refused.`,
    );
  } finally {
    await handle.db.destroy();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error((err as Error).message);
    process.exit(1);
  },
);
