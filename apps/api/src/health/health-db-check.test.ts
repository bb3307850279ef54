import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/schema';
import { createTestApp } from '../test-support/test-app';
import {
  createTestDb,
  TEST_DATABASE_URL,
  TEST_DIALECTS,
  type TestDb,
  type TestDialect,
} from '../test-support/test-db';
import { HEALTH_DB_CHECK_MAX_AGE_MS } from './health';

/**
 * The app's handle on a migrated test database, with its own real connection that the test can close (a
 * better-sqlite3 handle on the test file, or a pg pool on the test schema). No mock: the failure is the
 * driver's own. `base` keeps its connection, for the cleanup.
 */
async function closableDb(dialect: TestDialect): Promise<{ base: TestDb; db: TestDb; close(): void }> {
  const base = await createTestDb(dialect);
  if (dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: TEST_DATABASE_URL,
      options: `-c search_path=${base.location}`,
    });
    const db: TestDb = {
      ...base,
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      pgPool: pool,
    };
    // end() resolves once the change feed gives back its LISTEN client, when the app closes: not awaited.
    return { base, db, close: () => void pool.end().catch(() => undefined) };
  }
  const sqlite = new SQLite(base.location);
  const db: TestDb = {
    ...base,
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }),
  };
  return { base, db, close: () => sqlite.close() };
}

describe.each(TEST_DIALECTS)('/api/health database check on %s', (dialect) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses a success for its max age, then reports the closed database as unreachable', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { base, db, close } = await closableDb(dialect);
    const t = await createTestApp({ db });
    try {
      const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ status: 'ok', database: 'ok', stations: 0, dialect });

      close();
      // Within the max age the last success answers: the database is not asked per request.
      vi.setSystemTime(Date.now() + HEALTH_DB_CHECK_MAX_AGE_MS - 100);
      const cached = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(cached.statusCode).toBe(200);

      // Past it the database is asked again, and its failure is reported.
      vi.setSystemTime(Date.now() + 200);
      const down = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'error', database: 'unreachable', stations: null });
      // A failure is never reused as a success, nor a success brought back for the closed database.
      const again = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(again.statusCode).toBe(503);
    } finally {
      await t.close();
      await base.cleanup();
    }
  });
});
