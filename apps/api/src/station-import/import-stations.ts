import type { Db } from '../db/database';
import { withLeanHeap } from '../lib/lean-heap';
import { type ImportOptions, type ImportResult, recordFailedRun, runImport } from './import-run';
import { type LoadOptions, loadImport } from './importers/load-import';

/**
 * Reads, validates and imports the inputs of one importer as one run. A bad input fails the run before any
 * write; the failure is recorded in import_runs and rethrown with a message that names the input. Runs with
 * the heap kept close to what is live (withLeanHeap).
 */
export function importStations(
  db: Db,
  importer: string,
  inputs: string[],
  options: ImportOptions & { load?: LoadOptions; onLoaded?: (read: number) => void } = {},
): Promise<ImportResult> {
  return withLeanHeap(() => readAndImport(db, importer, inputs, options));
}

async function readAndImport(
  db: Db,
  importer: string,
  inputs: string[],
  options: ImportOptions & { load?: LoadOptions; onLoaded?: (read: number) => void },
): Promise<ImportResult> {
  const startedAt = new Date().toISOString();
  let parsed: Awaited<ReturnType<typeof loadImport>>;
  try {
    parsed = await loadImport(importer, inputs, options.load);
  } catch (err) {
    await recordFailedRun(db, importer, inputs, err as Error, startedAt, options.dryRun ?? false);
    throw err;
  }
  options.onLoaded?.(parsed.read);
  return await runImport(db, parsed, options);
}
