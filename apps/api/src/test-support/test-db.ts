import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type DbHandle, migrateToLatest, openDatabase } from '../db/database';
import type { Database } from '../db/schema';

export type TestDialect = 'sqlite' | 'postgres';

/** The PostgreSQL the integration suite runs against; unset = the PostgreSQL half is reported as not run. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? '';

/** The PostgreSQL URL `base` pinned to one schema (search_path), as a deployment's DATABASE_URL would be. */
export function schemaUrl(schema: string, base: string = TEST_DATABASE_URL): string {
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** The dialects this run covers: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: TestDialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDb extends DbHandle {
  /** SQLite file path, or the PostgreSQL schema name. */
  location: string;
  /** Reopens the same database (as a restarted server would). */
  reopen(): TestDb;
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database: a new SQLite file in a temp folder, or a new schema in the test PostgreSQL
 * (isolated through search_path), dropped again by cleanup().
 */
export async function createTestDb(dialect: TestDialect): Promise<TestDb> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-test-'));
    const file = path.join(dir, 'test.sqlite');
    const open = (): TestDb => {
      const handle = openDatabase({ databaseUrl: '', sqlitePath: file });
      return {
        ...handle,
        location: file,
        reopen: open,
        cleanup: async () => {
          await handle.db.destroy();
        },
      };
    };
    const first = open();
    await migrateToLatest(first.db);
    const cleanup = first.cleanup;
    first.cleanup = async () => {
      await cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    return first;
  }
  if (!TEST_DATABASE_URL)
    throw new Error('TEST_DATABASE_URL is not set: cannot create a PostgreSQL test database');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const open = (): TestDb => {
    const pool = new pg.Pool({
      connectionString: TEST_DATABASE_URL,
      max: 10,
      options: `-c search_path=${schema}`,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      pgPool: pool,
      location: schema,
      reopen: open,
      cleanup: async () => {
        await db.destroy();
      },
    };
  };
  const first = open();
  await migrateToLatest(first.db);
  const cleanup = first.cleanup;
  first.cleanup = async () => {
    await cleanup();
    const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await c.end();
  };
  return first;
}
