import fs from 'node:fs';
import path from 'node:path';
import { ENV_SPEC, repoRoot } from './env';

/** The configuration table of docs/configuration.md, generated from ENV_SPEC (paths shown relative to the repository). */
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

export const CONFIGURATION_DOC = path.join(repoRoot, 'docs/configuration.md');

/** Rewrites the table between the env-table markers of docs/configuration.md. */
export function updateConfigurationDoc(docPath = CONFIGURATION_DOC): void {
  const text = fs.readFileSync(docPath, 'utf8');
  const [before, rest] = text.split(START);
  const after = rest?.split(END)[1];
  if (before === undefined || after === undefined)
    throw new Error(`${path.relative(repoRoot, docPath)} needs ${START} and ${END} markers`);
  fs.writeFileSync(docPath, `${before}${START}\n${envMarkdownTable()}\n${END}${after}`);
}

// `npx tsx apps/api/src/config/env-docs.ts` rewrites the configuration table of docs/configuration.md.
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) updateConfigurationDoc();
