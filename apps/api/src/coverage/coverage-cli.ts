// `npm run stations:coverage`: the coverage census of the live database (SQLite file or DATABASE_URL).
import { loadConfigOrExit } from '../config/env';
import { migrateToLatest, openDatabase } from '../db/database';
import { placeGazetteer, setPlaceCacheDir } from '../places/places';
import { prepareStationIndex, StationIndex } from '../stations/stations';
import { bigCitiesOf } from './big-cities';
import { censusTable } from './coverage-census';
import { loadCoverageFacts } from './coverage-facts';
import { createCoverageService } from './coverage-service';

async function main() {
  const config = loadConfigOrExit();
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, sqlitePath: config.SQLITE_PATH });
  try {
    await migrateToLatest(handle.db);
    const prepared = await prepareStationIndex(handle.db);
    const index = new StationIndex(prepared.parts);
    const facts = loadCoverageFacts(config.COVERAGE_DATA_DIR, config.STATIONS_REGIONS_FILE);
    for (const problem of facts.problems) console.error(`coverage: not read: ${problem}`);
    setPlaceCacheDir(config.PLACES_CACHE_DIR);
    const coverage = createCoverageService(facts, () => bigCitiesOf(placeGazetteer().columns));
    console.log(
      `Coverage of ${index.size.toLocaleString('en')} active stations (${handle.dialect === 'sqlite' ? config.SQLITE_PATH : 'PostgreSQL'}). ` +
        'Official counts are as of their date: lower bounds today.\n',
    );
    console.log(censusTable(coverage.areas(index)));
    await prepared.snapshot?.written?.catch(() => undefined);
  } finally {
    await handle.db.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
