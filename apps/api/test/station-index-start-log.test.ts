import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { createLocalChangeFeed } from '../src/db/change-feed';
import { prepareStationIndex } from '../src/stations/station-index-build';
import { createTestDb } from './helpers/test-db';
import { seedStations } from './status/seed-stations';

it('logs the first build of the station index from when it began, before the app was loaded', async () => {
  const db = await createTestDb('sqlite');
  await seedStations(db.db, 5);
  // As server.ts does: the build begins, then the app is loaded meanwhile (here: 300 ms of it).
  const firstIndex = prepareStationIndex(db.db);
  await new Promise((resolve) => setTimeout(resolve, 300));
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
    expect(built).toMatchObject({ reason: 'startup', stations: 5 });
    // Not only the wait that was left once the app was ready.
    expect(built!.ms).toBeGreaterThanOrEqual(300);
  } finally {
    await app.close();
    await db.cleanup();
  }
});
