import { afterEach, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { createLocalChangeFeed } from '../db/change-feed';
import { logLines } from '../test-support/log-lines';
import { seedStations } from '../test-support/seed-stations';
import { createTestDb } from '../test-support/test-db';
import { prepareStationIndex } from './station-index-build';

afterEach(() => {
  vi.restoreAllMocks();
});

it('logs how long the first build of the station index took, though it ran before the app was loaded', async () => {
  const db = await createTestDb('sqlite');
  await seedStations(db.db, 1500);
  // A clock of the test's own: each reading is 3 ms after the one before, so the build takes a known time
  // and the app's loading, after it, takes ten minutes.
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (clock += 3));
  // As server.ts does: the build begins, then the app is loaded meanwhile.
  const firstIndex = prepareStationIndex(db.db);
  const { prepareMs } = await firstIndex;
  const builtAt = clock;
  clock += 600_000;
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
    expect(prepareMs).toBeGreaterThan(0);
    // The build's own time and the making of the index from it (a few readings of the clock), not the ten
    // minutes of loading between them.
    expect(line!.ms).toBeGreaterThanOrEqual(Math.round(prepareMs));
    expect(line!.ms).toBeLessThan(Math.round(prepareMs) + (clock - builtAt - 600_000));
  } finally {
    await app.close();
    await db.cleanup();
  }
});
