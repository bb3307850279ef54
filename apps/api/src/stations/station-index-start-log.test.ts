import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { createLocalChangeFeed } from '../db/change-feed';
import { logLines } from '../test-support/log-lines';
import { seedStations } from '../test-support/seed-stations';
import { createTestDb } from '../test-support/test-db';
import { prepareStationIndex } from './station-index-build';

it('logs how long the first build of the station index took, though it ran before the app was loaded', async () => {
  const db = await createTestDb('sqlite');
  await seedStations(db.db, 1500);
  // As server.ts does: the build begins, then the app is loaded meanwhile (here: at least 300 ms of it).
  const began = performance.now();
  let tookMs = 0;
  const firstIndex = prepareStationIndex(db.db);
  const built = firstIndex.then(() => {
    tookMs = performance.now() - began;
  });
  await Promise.all([built, new Promise((resolve) => setTimeout(resolve, 300))]);
  const { stream, lines } = logLines();
  const config = loadConfig({ NODE_ENV: 'test', AUTO_IMPORT: 'false', WEB_DIST: '/nonexistent-web-dist' });
  const app = await buildApp({
    config,
    dbHandle: db,
    changes: createLocalChangeFeed(),
    logger: { level: 'info', stream },
    firstIndex,
  });
  try {
    await app.ready();
    const line = lines.find((l) => l.msg === 'station index rebuilt');
    expect(line).toMatchObject({ reason: 'startup', stations: 1500 });
    // The build's own time: not what was left of it once the app was ready (nothing), nor the app's loading.
    // The preparation measures itself (its clock starts a little after `began`): the log holds all of it.
    expect(line!.ms).toBeGreaterThanOrEqual(Math.floor((await firstIndex).prepareMs));
    expect(line!.ms).toBeLessThan(tookMs + 100);
    expect(tookMs).toBeGreaterThan(5);
  } finally {
    await app.close();
    await db.cleanup();
  }
});
