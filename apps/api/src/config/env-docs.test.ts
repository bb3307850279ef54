import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_SPEC, repoRoot } from './env';
import { envMarkdownTable } from './env-docs';

describe('README configuration table', () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

  it('lists every environment variable the server reads', () => {
    const missing = Object.keys(ENV_SPEC).filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing, 'run `npx tsx apps/api/src/config/env-docs.ts` to update README.md').toEqual([]);
  });

  it('matches the generated table row for row', () => {
    for (const row of envMarkdownTable().split('\n').slice(2)) expect(readme).toContain(row);
  });
});
