import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, TEST_DIALECTS } from '../test-support/test-db';
import { openDatabase } from './database';
import { sqliteConnectionOf } from './sqlite-connection';

// PostgreSQL only: SQLite has no connections to lose. The suite runs it when TEST_DATABASE_URL is set.
describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))('openDatabase on %s', () => {
  it('survives an idle pooled connection being killed, reports it, and answers the next query', async () => {
    const errors: Error[] = [];
    const handle = openDatabase({
      databaseUrl: TEST_DATABASE_URL,
      sqlitePath: '',
      onPoolError: (err) => errors.push(err),
    });
    const pool = handle.pgPool!;
    try {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]!.pid;
      // The connection now sits idle in the pool; end it from outside, as a server restart would.
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => errors.length, { timeout: 5000 }).toBe(1);
      expect((errors[0] as Error & { code?: string }).code).toBe('57P01');
      const again = await pool.query<{ one: number }>('select 1 as one');
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await handle.db.destroy();
    }
  });
});

describe('openDatabase on the embedded SQLite file', () => {
  it('creates the folder and opens the file in WAL mode with full fsync, so an acknowledged write survives a crash', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-db-'));
    const file = path.join(dir, 'nested', 'cng.sqlite');
    const handle = openDatabase({ databaseUrl: '', sqlitePath: file });
    try {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(handle.db);
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(mode.rows[0]!.journal_mode).toBe('wal');
      // 2 = FULL: the WAL is fsynced at every commit.
      expect(sync.rows[0]!.synchronous).toBe(2);
      expect(fs.existsSync(file)).toBe(true);
    } finally {
      await handle.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the error that ended a transaction, not the failed ROLLBACK after SQLite ended it itself', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-db-'));
    const handle = openDatabase({ databaseUrl: '', sqlitePath: path.join(dir, 'cng.sqlite') });
    try {
      await sql`create table t (a text)`.execute(handle.db);
      const sqlite = sqliteConnectionOf(handle.db)!;
      const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      const failed = handle.db.transaction().execute(async (trx) => {
        await sql`insert into t values ('x')`.execute(trx);
        // As SQLite does on a full disk or an I/O error at commit: the transaction is gone.
        sqlite.exec('rollback');
        throw full;
      });
      await expect(failed).rejects.toBe(full);
      // The connection goes on.
      await sql`insert into t values ('y')`.execute(handle.db);
      const rows = await sql<{ a: string }>`select a from t`.execute(handle.db);
      expect(rows.rows).toEqual([{ a: 'y' }]);
    } finally {
      await handle.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
