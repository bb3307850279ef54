import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config/env';
import { REAL_DATA_DIR } from './helpers/real-stations';
import { createTestApp } from './helpers/test-app';
import { createTestDb, TEST_DATABASE_URL, TEST_DIALECTS } from './helpers/test-db';

/** The Greek stations of 2021 (24, real): a small source of its own, in the shared data. */
const GREECE = path.join(REAL_DATA_DIR, 'more_countries', 'greece_cng_stations_2021.geojson');

/** The test PostgreSQL, pinned to one schema as a deployment's DATABASE_URL would be. */
function urlFor(schema: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** `npm run stations:import -- …` from the repository root, as the README writes it: another process. */
function importCli(args: string[], databaseUrl: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'stations:import', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, INIT_CWD: undefined },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Waits until `done()` holds, checking every 10 ms; fails after `limitMs` naming what it waited for. */
async function until(what: string, done: () => boolean, limitMs = 15_000) {
  const end = Date.now() + limitMs;
  while (!done()) {
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))('stations across instances on %s', (dialect) => {
  it('an import by the CLI, in a process of its own, reaches both instances through NOTIFY alone', async () => {
    const db = await createTestDb(dialect);
    // No polling for new import runs: only the CLI's NOTIFY can tell the instances.
    const env = { STATIONS_POLL_SEC: '0' };
    const a = await createTestApp({ db, env });
    const b = await createTestApp({ db: db.reopen(), env });
    try {
      expect(a.app.stationIndex.current.size).toBe(0);
      expect(b.app.stationIndex.current.size).toBe(0);

      const run = await importCli(['gr-cng', GREECE], urlFor(db.location));
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^new\s+24$/m);

      await until('both indexes hold the 24 imported stations', () => {
        return a.app.stationIndex.current.size === 24 && b.app.stationIndex.current.size === 24;
      });
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
