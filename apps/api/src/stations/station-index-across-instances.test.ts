import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runImportCli } from '../test-support/import-cli-run';
import { REAL_DATA_DIR } from '../test-support/real-stations';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, schemaUrl, TEST_DIALECTS } from '../test-support/test-db';
import { waitUntil } from '../test-support/wait-until';

/** The Greek stations of 2021 (24, real): a small source of its own, in the shared data. */
const GREECE = path.join(REAL_DATA_DIR, 'more_countries', 'greece_cng_stations_2021.geojson');

/**
 * How each database tells instances of an import by another process: PostgreSQL through the CLI's NOTIFY alone
 * (polling off), SQLite, where the CLI sends none, by each instance polling for a new import run.
 */
const TOLD_BY = {
  postgres: { how: 'through NOTIFY alone', env: { STATIONS_POLL_SEC: '0' } },
  sqlite: { how: 'by polling for the new import run', env: { STATIONS_POLL_SEC: '1' } },
} as const;

describe.each(TEST_DIALECTS)('stations across instances on %s', (dialect) => {
  it(`an import by the CLI, in a process of its own, reaches both instances ${TOLD_BY[dialect].how}`, async () => {
    const db = await createTestDb(dialect);
    const { env } = TOLD_BY[dialect];
    const a = await createTestApp({ db, env });
    const b = await createTestApp({ db: db.reopen(), env });
    try {
      expect(a.app.stationIndex.current.size).toBe(0);
      expect(b.app.stationIndex.current.size).toBe(0);

      const run = await runImportCli(
        ['gr-cng', GREECE],
        dialect === 'postgres'
          ? { DATABASE_URL: schemaUrl(db.location) }
          : { DATABASE_URL: '', SQLITE_PATH: db.location },
      );
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^new\s+24$/m);

      await waitUntil(
        () => a.app.stationIndex.current.size === 24 && b.app.stationIndex.current.size === 24,
        { what: 'both indexes hold the 24 imported stations', timeoutMs: 15_000 },
      );
      // Each instance answers from its own index: the same nearest station to central Athens on both.
      const nearest = async (app: typeof a.app) => {
        const res = await app.inject({
          url: '/api/stations/nearest?lat=37.98&lon=23.73&limit=1&radiusKm=100',
        });
        expect(res.statusCode).toBe(200);
        return res.json().stations[0];
      };
      const [fromA, fromB] = await Promise.all([nearest(a.app), nearest(b.app)]);
      expect(fromA.id).toBe(fromB.id);
      expect(fromA.sources[0].source).toBe('gr-cng');
      expect(fromA.distanceKm).toBeLessThan(100);
    } finally {
      await a.close();
      await b.close();
      await b.db.cleanup();
      await db.cleanup();
    }
  });
});
