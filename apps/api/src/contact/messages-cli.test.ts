import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../test-support/test-db';
import { storeContactMessage } from './contact-repository';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = promisify(execFile);

/** Runs `npm run messages -- <args>` (the same script, without npm) against the test database file. */
async function messages(db: TestDb, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/contact/messages-cli.ts', ...args],
      {
        cwd: apiDir,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', SQLITE_PATH: db.location },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run messages -- --attempts <id>', () => {
  let db: TestDb;
  let id: number;
  beforeAll(async () => {
    db = await createTestDb('sqlite');
    id = await storeContactMessage(db.db, {
      name: 'Asha',
      email: 'asha@example.in',
      message: 'hello',
      spam: false,
    });
    const { id: outboxId } = await db.db
      .selectFrom('contact_outbox')
      .select('id')
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();
    await db.db
      .insertInto('contact_delivery_attempts')
      .values([
        {
          outbox_id: outboxId,
          attempted_at: '2026-03-01T08:00:00.000Z',
          forwarder: 'emailjs',
          status: 451,
          outcome: 'retry',
          detail: 'Unavailable For Headless Browser',
          duration_ms: 80,
        },
        {
          outbox_id: outboxId,
          attempted_at: '2026-03-01T08:01:00.000Z',
          forwarder: 'emailjs',
          status: 200,
          outcome: 'sent',
          detail: 'OK',
          duration_ms: 95,
        },
      ])
      .execute();
  });
  afterAll(async () => db.cleanup());

  it('prints the attempts of a message as a table, and as JSON with --json', async () => {
    const table = await messages(db, '--attempts', String(id));
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(`Message ${id}: 2 attempt(s)`);
    expect(table.stdout).toMatch(
      /2026-03-01 08:00:00\s+emailjs\s+451\s+retry\s+80\s+Unavailable For Headless/,
    );
    expect(table.stdout).toMatch(/2026-03-01 08:01:00\s+emailjs\s+200\s+sent\s+95\s+OK/);
    const json = await messages(db, '--attempts', String(id), '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({
      messageId: id,
      attempts: [
        { status: 451, outcome: 'retry' },
        { status: 200, outcome: 'sent', durationMs: 95 },
      ],
    });
  });

  it('fails with a clear message for an unknown id or a bad one', async () => {
    const unknown = await messages(db, '--attempts', '9999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No contact message 9999.');
    const bad = await messages(db, '--attempts', 'abc');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--attempts takes a message id');
  });
});

describe('npm run messages prints stored text safely', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb('sqlite');
    // Stored before the form refused such characters, or written straight into the database.
    await storeContactMessage(db.db, {
      name: 'Mallory \u202eevil',
      email: 'm@example.in',
      message: 'clear \u001b[2J screen \u009b31m red \u0007 bell',
      spam: false,
    });
  });
  afterAll(async () => db.cleanup());

  it('shows control and bidi characters as visible escapes in the table and in JSON', async () => {
    const table = await messages(db);
    expect(table.code).toBe(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: checking that none reach the terminal.
    const raw = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    expect(table.stdout).not.toMatch(raw);
    expect(table.stdout).toContain('Mallory \\u{202e}evil');
    expect(table.stdout).toContain('clear \\u{1b}[2J screen \\u{9b}31m red \\u{7} bell');
    const json = await messages(db, '--json');
    expect(json.stdout).not.toMatch(raw);
    expect(JSON.parse(json.stdout)[0].name).toBe('Mallory \u202eevil');
  });
});
