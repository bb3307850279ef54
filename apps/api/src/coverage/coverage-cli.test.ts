import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../config/env';
import { importRealStations } from '../test-support/real-import';
import { createTestDb, schemaUrl, TEST_DIALECTS, type TestDb } from '../test-support/test-db';

/** `npm run stations:coverage` from the repository root, as the README writes it. */
function runCensus(
  env: Record<string, string>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'stations:coverage'], {
      cwd: repoRoot,
      env: { ...process.env, INIT_CWD: undefined, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe.each(TEST_DIALECTS)('npm run stations:coverage on %s, filled by the default import', (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(dialect);
    await importRealStations(db.db, loadConfig({}));
  }, 120_000);
  afterAll(async () => db?.cleanup());

  it('prints the known/official table of the live database', async () => {
    const env: Record<string, string> =
      dialect === 'sqlite'
        ? { SQLITE_PATH: db.location, DATABASE_URL: '' }
        : { DATABASE_URL: schemaUrl(db.location) };
    const { status, stdout, stderr } = await runCensus(env);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Coverage of 3,803 active stations .*lower bounds today\./);
    const rows = stdout.split('\n').filter((l) => l.startsWith('| '));
    const row = (name: string) => rows.find((r) => r.startsWith(`| ${name} |`));
    expect(row('India')).toMatch(/^\| India \| country \| 2,008 \| 8,083 \(2025-05\) \| 25 % \| thin \|/);
    expect(row('Italy')).toMatch(/^\| Italy \| country \| 1,506 \| 1,508 \(2026-08-21\) \| 100 % \| good \|/);
    expect(row('Delhi')).toMatch(/^\| Delhi \| state \| 80 \| 480 \(2023-07\) \| 17 % \| thin \|/);
    expect(row('Haryana')).toMatch(/\| 349 \(2023-07, disputed\) \|/);
    expect(row('Hyderabad (Telangana)')).toMatch(
      /\| city \| 2 \| 83 \(2025-07\) \| 2 % \| thin \| Bhagyanagar Gas/,
    );
    expect(row('Chennai (Tamil Nadu)')).toMatch(/\| thin \| Torrent Gas \|/);
  });
});
