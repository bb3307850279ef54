import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config/env';
import { runImportCli } from '../test-support/import-cli-run';

const MIMIT = '../shared/data/stations/italy_mimit';

/** Runs `npm run stations:import -- …` from the repository root (runImportCli) on a SQLite file of its own. */
async function runFromRoot(args: string[]) {
  const sqlitePath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-cli-')), 'cli.sqlite');
  try {
    return await runImportCli(args, { DATABASE_URL: '', SQLITE_PATH: sqlitePath });
  } finally {
    fs.rmSync(path.dirname(sqlitePath), { recursive: true, force: true });
  }
}

describe('stations:import from the repository root', () => {
  it('reads the README paths relative to the root, though npm runs the script in apps/api', async () => {
    const run = await runFromRoot([
      'it-mimit',
      `${MIMIT}_anagrafica_impianti_attivi.csv`,
      `${MIMIT}_prezzo_alle_8.csv`,
      '--dry-run',
    ]);
    expect(run.stderr).not.toContain('ENOENT');
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('read 1508 stations with a Metano price');
    expect(run.stdout).toMatch(/accepted\s+1506/);
  });

  it('writes every rejected row, with where it was and why, to the --rejects file and prints them', async () => {
    const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-rejects-')), 'mimit.csv');
    const run = await runFromRoot([
      'it-mimit',
      `${MIMIT}_anagrafica_impianti_attivi.csv`,
      `${MIMIT}_prezzo_alle_8.csv`,
      '--dry-run',
      '--rejects',
      report,
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`rejected rows (2), every one in ${report}:`);
    const lines = fs.readFileSync(report, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('where,source,source_id,reason,detail');
    // The two exact duplicates of the extract: 16641 repeats 16644, 54534 repeats 54535.
    expect(lines.slice(1).map((l) => l.split(',')[3])).toEqual(['duplicate', 'duplicate']);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[2])
        .sort(),
    ).toEqual(['16641', '54534']);
    fs.rmSync(path.dirname(report), { recursive: true, force: true });
  });

  it('names the resolved path when a file is missing', async () => {
    const run = await runFromRoot(['india-open', 'no-such-file.json', '--dry-run']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Cannot read ${path.join(repoRoot, 'no-such-file.json')}: ENOENT`);
  });
});
