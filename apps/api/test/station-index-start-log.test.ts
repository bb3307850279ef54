import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createLocalChangeFeed } from '../src/db/change-feed';
import { prepareStationIndex } from '../src/stations/station-index-build';
import { createTestDb } from './helpers/test-db';
import { seedStations } from './status/seed-stations';

it('logs how long the first build of the station index took, though it ran before the app was loaded', async () => {
  const db = await createTestDb('sqlite');
  await seedStations(db.db, 1500);
  // As server.ts does: the build begins, then the app is loaded meanwhile (here: 300 ms of it).
  const began = performance.now();
  let tookMs = 0;
  const firstIndex = prepareStationIndex(db.db);
  void firstIndex.then(() => {
    tookMs = performance.now() - began;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(tookMs).toBeGreaterThan(0);
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      callback();
    },
  });
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
    const built = lines.find((l) => l.msg === 'station index rebuilt');
    expect(built).toMatchObject({ reason: 'startup', stations: 1500 });
    // The build's own time: not what was left of it once the app was ready (nothing), nor the app's loading.
    expect(built!.ms).toBeGreaterThanOrEqual(Math.floor(tookMs));
    expect(built!.ms).toBeLessThan(tookMs + 100);
    expect(tookMs).toBeGreaterThan(5);
  } finally {
    await app.close();
    await db.cleanup();
  }
});
