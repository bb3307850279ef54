import path from 'node:path';
import { LIVE_INPUT, OPERATOR_ALIASES } from './importers/operator';
import { isUrl } from './importers/read-input';

/**
 * The folder the user typed the command in. `npm run -w` starts the workspace script inside apps/api, but
 * keeps the caller's folder in INIT_CWD, so paths in the README work from the repository root.
 */
export const callerDir = (env: NodeJS.ProcessEnv = process.env): string => env.INIT_CWD || process.cwd();

/** True for the sources read through an operator mapping: `operator:<mapping>`, mgl and hpoil. */
export const isOperatorSource = (importer: string): boolean =>
  importer.startsWith('operator:') || (OPERATOR_ALIASES as readonly string[]).includes(importer);

/** `operator:<file.json>` with the mapping file made absolute against `baseDir`; other sources unchanged. */
export function resolveSource(importer: string, baseDir: string): string {
  const m = /^operator:(.+\.json)$/.exec(importer);
  return m ? `operator:${path.resolve(baseDir, m[1]!)}` : importer;
}

/**
 * True for inputs that name no file: URLs, live Overpass targets (osm), the live AFDC API (afdc) and the
 * operators' own locators (`live` for mgl, hpoil and any `operator:<mapping>`).
 */
export function isLiveTarget(importer: string, input: string): boolean {
  if (isUrl(input)) return true;
  if (importer === 'osm' && /^overpass:/i.test(input)) return true;
  if (isOperatorSource(importer) && input === LIVE_INPUT) return true;
  return importer === 'afdc' && input === 'api';
}

/** Makes every file input absolute against `baseDir` (the caller's folder); live targets pass unchanged. */
export function resolveInputs(importer: string, inputs: string[], baseDir: string): string[] {
  return inputs.map((input) => (isLiveTarget(importer, input) ? input : path.resolve(baseDir, input)));
}
