import fs from 'node:fs';
import path from 'node:path';
import { ENV_SPEC, repoRoot } from './env';

/** The README's configuration table, generated from ENV_SPEC (paths shown relative to the repository). */
export function envMarkdownTable(): string {
  const rows = Object.entries(ENV_SPEC).map(([name, spec]) => {
    const raw = (spec as { default?: unknown }).default;
    let shown = raw === '' || raw === undefined ? '(unset)' : String(raw);
    if (typeof raw === 'string' && path.isAbsolute(raw)) shown = path.relative(repoRoot, raw) || '.';
    return `| \`${name}\` | \`${shown}\` | ${(spec as { doc: string }).doc} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

const START = '<!-- env-table:start -->';
const END = '<!-- env-table:end -->';

/** Rewrites the table between the README's env-table markers. */
export function updateReadme(readmePath = path.join(repoRoot, 'README.md')): void {
  const text = fs.readFileSync(readmePath, 'utf8');
  const [before, rest] = text.split(START);
  const after = rest?.split(END)[1];
  if (before === undefined || after === undefined)
    throw new Error(`README.md needs ${START} and ${END} markers`);
  fs.writeFileSync(readmePath, `${before}${START}\n${envMarkdownTable()}\n${END}${after}`);
}

// `npx tsx apps/api/src/config/env-docs.ts` rewrites the README's configuration table.
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) updateReadme();
