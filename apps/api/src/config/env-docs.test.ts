import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_SPEC } from './env';
import { CONFIGURATION_DOC, envMarkdownTable } from './env-docs';

describe('the configuration table of docs/configuration.md', () => {
  const doc = fs.readFileSync(CONFIGURATION_DOC, 'utf8');

  it('lists every environment variable the server reads', () => {
    const missing = Object.keys(ENV_SPEC).filter((name) => !doc.includes(`| \`${name}\` |`));
    const fix = 'run `npx tsx apps/api/src/config/env-docs.ts` to update docs/configuration.md';
    expect(missing, fix).toEqual([]);
  });

  it('matches the generated table row for row', () => {
    for (const row of envMarkdownTable().split('\n').slice(2)) expect(doc).toContain(row);
  });
});
