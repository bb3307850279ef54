import type { Station } from '@cng/shared';
import { insertStations } from './real-stations';
import { createTestApp } from './test-app';
import type { TestDialect } from './test-db';

/**
 * The real app on a fresh database holding `stations`, with its in-memory index rebuilt through the
 * change feed exactly as an import would trigger it.
 */
export async function createStationApiApp(
  dialect: TestDialect,
  stations: Station[],
  env: Record<string, string> = {},
) {
  const t = await createTestApp({ dialect, env });
  await insertStations(t.db.db, stations);
  await publishAndWaitForRebuild(t.app);
  return t;
}

/** Publishes `stations-changed` and resolves once the index has been rebuilt after it. */
export async function publishAndWaitForRebuild(app: Awaited<ReturnType<typeof createTestApp>>['app']) {
  const before = app.stationIndex.version;
  await app.changes.publish('stations-changed', { reason: 'test fixture' });
  const deadline = Date.now() + 10_000;
  while (app.stationIndex.version === before) {
    if (Date.now() > deadline)
      throw new Error('the station index was not rebuilt within 10 s of stations-changed');
    await new Promise((r) => setTimeout(r, 10));
  }
}
