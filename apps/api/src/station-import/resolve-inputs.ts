import path from 'node:path';
import { LIVE_INPUT } from './importers/load-import';
import { isUrl } from './importers/read-input';

/**
 * The folder the user typed the command in. `npm run -w` starts the workspace script inside apps/api, but
 * keeps the caller's folder in INIT_CWD, so paths in the README work from the repository root.
 */
export const callerDir = (env: NodeJS.ProcessEnv = process.env): string => env.INIT_CWD || process.cwd();

/**
 * True for inputs that name no file: URLs, live Overpass targets (osm), the live AFDC API (afdc) and the
 * operators' own locators (mgl, hpoil: `live`).
 */
export function isLiveTarget(importer: string, input: string): boolean {
  if (isUrl(input)) return true;
  if (importer === 'osm' && /^overpass:/i.test(input)) return true;
  if ((importer === 'mgl' || importer === 'hpoil') && input === LIVE_INPUT) return true;
  return importer === 'afdc' && input === 'api';
}

/** Makes every file input absolute against `baseDir` (the caller's folder); live targets pass unchanged. */
export function resolveInputs(importer: string, inputs: string[], baseDir: string): string[] {
  return inputs.map((input) => (isLiveTarget(importer, input) ? input : path.resolve(baseDir, input)));
}
