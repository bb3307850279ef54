import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { withLeanHeap } from '../lib/lean-heap';
import { placeFileBuilt } from '../places/places';
import { countsChangedData, type ImportCounts } from './import-counts';
import { type ImportPlan, needsStoredStations, planImport, scopesNeedCountry } from './import-plan';
import {
  CHUNK_ROWS,
  chunks,
  deleteSourceRecords,
  type ImportRunRow,
  insertImportRun,
  markSourceRecordsAbsent,
  markSourceRecordsImported,
  markStationsSeen,
  readPlanSources,
  readPlanStations,
  readStoredChunk,
  upsertRows,
} from './import-repository';
import { type LoadOptions, loadImport } from './importers/load-import';
import type { ParsedImport, Rejection } from './importers/station-record';

export interface ImportOptions {
  /** Plan and count everything, then roll back: the data tables stay as they were. */
  dryRun?: boolean;
  /** The run's clock (tests pin it). */
  now?: Date;
  /**
   * Write a run that would retire more than a set share of a source's stations or reject more than a set
   * share of its rows (station-import/mass-retire-guard.ts). Only a person passes it (`--allow-mass-retire`):
   * the start-up import never does.
   */
  allowMassRetire?: boolean;
  /** Called while planning and writing, for a progress bar. */
  onProgress?: (phase: 'plan' | 'write', done: number, total: number) => void;
}

export interface ImportResult {
  runId: number;
  counts: ImportCounts;
  /** True when station data changed (never on a dry run). */
  changed: boolean;
  dryRun: boolean;
  /** Every row the importer refused, with where it was and why. */
  rejected: Rejection[];
}

class DryRunRollback extends Error {
  constructor(readonly counts: ImportCounts) {
    super('dry run: rolled back');
  }
}

/**
 * Writes a planned run inside `trx`: the changed stations a chunk at a time (each read whole, merged and
 * written: sources reference them), then replaced source records, sources, retired ones, then seen-times.
 * A dry run merges every chunk, for the counts, and writes nothing.
 */
async function writePlan(trx: Transaction<Database>, plan: ImportPlan, now: string, options: ImportOptions) {
  const total =
    Math.ceil(plan.dirty.length / CHUNK_ROWS) + Math.ceil(plan.sourceUpserts.length / CHUNK_ROWS) + 1;
  let done = 0;
  const tick = () => options.onProgress?.('write', ++done, total);
  // Rows the run writes already carry `now`: an upserted active station its last_seen_at, an upserted source
  // record its imported_at (an upserted inactive station is not touched by markStationsSeen either). A
  // written station leaves the plan's seen ones, so what is left there is what markStationsSeen moves.
  const seenByStation = plan.seenStations;
  for (const ids of chunks(plan.dirty)) {
    const rows = plan.stationRows(ids, await readStoredChunk(trx, ids));
    for (const row of rows) seenByStation.delete(row.id);
    if (options.dryRun) continue;
    await upsertRows(trx, 'stations', ['id'], rows as never, () => undefined);
    tick();
  }
  if (options.dryRun) return;
  await deleteSourceRecords(trx, plan.sourceDeletes);
  for (const planned of chunks(plan.sourceUpserts)) {
    const rows = planned.map((row) => plan.sourceRow(row));
    await upsertRows(trx, 'station_sources', ['source', 'source_id'], rows as never, tick);
  }
  await markSourceRecordsAbsent(trx, plan.sourceRetires);
  // "Last imported" and "last seen" move for every record the run saw, changed or not.
  await markSourceRecordsImported(trx, plan.seenUnchanged, now);
  await markStationsSeen(trx, [...seenByStation], now);
  tick();
}

/**
 * Reads the stored state a run plans against and plans it. The stored rows are garbage once this returns;
 * the stored stations are read only when a record of the run is new (needsStoredStations).
 */
async function planRun(
  trx: Transaction<Database>,
  parsed: ParsedImport,
  now: string,
  options: ImportOptions,
): Promise<ImportPlan> {
  const sources = await readPlanSources(trx, scopesNeedCountry(parsed));
  const stations = needsStoredStations(parsed, sources) ? await readPlanStations(trx) : [];
  return planImport(parsed, stations, sources, now, {
    onProgress: (d, t) => options.onProgress?.('plan', d, t),
    allowMassRetire: options.allowMassRetire,
  });
}

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

/**
 * Imports one parsed run in ONE transaction: everything or nothing is written, and the run is recorded in
 * import_runs (status 'succeeded') in the same commit, so a poller never sees the run before its data.
 */
export async function runImport(
  db: Db,
  parsed: ParsedImport,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const startedAt = (options.now ?? new Date()).toISOString();
  const now = startedAt;
  const runRow = (counts: ImportCounts, dryRun: boolean): ImportRunRow => ({
    source: parsed.importer,
    inputs: JSON.stringify(parsed.inputs),
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    dry_run: dryRun ? 1 : 0,
    status: 'succeeded',
    counts: JSON.stringify(counts),
    error: null,
  });
  // Display names may ask the place gazetteer: let the server's first start finish building its file rather
  // than build it again here (ADR 0011).
  await placeFileBuilt();
  try {
    const { runId, counts } = await db.transaction().execute(async (trx) => {
      const plan = await planRun(trx, parsed, now, options);
      await writePlan(trx, plan, now, options);
      if (options.dryRun) throw new DryRunRollback(plan.counts);
      return { runId: await insertImportRun(trx, runRow(plan.counts, false)), counts: plan.counts };
    });
    return { runId, counts, changed: countsChangedData(counts), dryRun: false, rejected: parsed.rejected };
  } catch (err) {
    if (err instanceof DryRunRollback) {
      return {
        runId: await insertImportRun(db, runRow(err.counts, true)),
        counts: err.counts,
        changed: false,
        dryRun: true,
        rejected: parsed.rejected,
      };
    }
    await recordFailedRun(
      db,
      parsed.importer,
      parsed.inputs,
      err as Error,
      startedAt,
      options.dryRun ?? false,
    );
    throw err;
  }
}

/** Records a run that failed (bad input or a database error); the data tables are untouched. */
export async function recordFailedRun(
  db: Db,
  importer: string,
  inputs: string[],
  error: Error,
  startedAt = new Date().toISOString(),
  dryRun = false,
): Promise<void> {
  await insertImportRun(db, {
    source: importer,
    inputs: JSON.stringify(inputs),
    started_at: startedAt,
    finished_at: new Date().toISOString(),
    dry_run: dryRun ? 1 : 0,
    status: 'failed',
    counts: null,
    error: error.message.slice(0, 2000),
  });
}
