import { loadConfig } from '../src/config/env';
import type { DbHandle } from '../src/db/database';
import { importRealStations } from '../src/test-support/real-import';
import { createTestDb } from '../src/test-support/test-db';

/**
 * A temporary SQLite database filled the way the product fills it (see importRealStations): the real
 * local copies of the default sources, through the importers. `cleanup()` deletes the file.
 */
export async function realImportDb(): Promise<{ db: DbHandle; stations: number; cleanup(): Promise<void> }> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_IMPORT: 'false' });
  const db = await createTestDb('sqlite');
  const stations = await importRealStations(db.db, config);
  return { db, stations, cleanup: db.cleanup };
}
