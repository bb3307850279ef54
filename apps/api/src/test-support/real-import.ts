import fs from 'node:fs';
import type { Config } from '../config/env';
import type { Db } from '../db/database';
import { defaultSources } from '../station-import/default-sources';
import { importStations } from '../station-import/station-import';

/**
 * Imports the stations the way the product's start-up import does when offline: every default source with
 * a local copy in STATIONS_OFFLINE_DIR (../shared/data/stations), by its own importer, in start-up order.
 * The Overpass sources have no local copy and are skipped, and so are the importers named in `skip` (for a
 * caller that imports one of them later). Answers the number of new stations.
 */
export async function importRealStations(db: Db, config: Config, skip: string[] = []): Promise<number> {
  const regionsFile = fs.existsSync(config.STATIONS_REGIONS_FILE) ? config.STATIONS_REGIONS_FILE : null;
  let stations = 0;
  for (const source of defaultSources(config)) {
    if (skip.includes(source.importer)) continue;
    const files = source.offline.filter((f) => fs.existsSync(f));
    if (files.length === 0 || files.length < source.offline.length) continue;
    const run = await importStations(db, source.importer, files, { load: { regionsFile } });
    stations += run.counts.new;
  }
  if (stations === 0) throw new Error(`no station imported from ${config.STATIONS_OFFLINE_DIR}`);
  return stations;
}
