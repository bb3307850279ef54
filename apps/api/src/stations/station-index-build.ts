import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type Db, databaseLocationOf } from '../db/database';
import { StationIndexBuilder, type StationIndexParts } from './station-index-parts';
import {
  countActiveStations,
  latestImportRunId,
  readStationIndexRows,
  stationIndexRevision,
} from './station-index-repository';
import { readSnapshot, snapshotPathOf, writeSnapshot } from './station-index-snapshot';
import type { StationIndexWorkerData, StationIndexWorkerReply } from './station-index-worker';

/** Where a StationIndex's data came from: a worker thread, the calling thread, or a snapshot file (ADR 0024). */
export type BuiltIn = 'worker' | 'thread' | 'snapshot';

/** A StationIndex's data and where it was built. */
export interface BuiltParts {
  parts: StationIndexParts;
  builtIn: BuiltIn;
}

/** What a (re)build of the station index needs before it makes the StationIndex (prepareStationIndex). */
export interface PreparedIndex extends BuiltParts {
  /** The newest import run when the read began (the index polls for a newer one). */
  importRunId: number | null;
  /** How long the preparation took, ms (a start's first one runs while the app loads, so it is timed here). */
  prepareMs: number;
  /** Why the worker thread failed, when it did and the data was built on this thread instead. */
  workerError?: unknown;
  /**
   * The snapshot file (SQLite only): why it was not read; the writing of a new one, when one is written; else the
   * removal of one that can never be used again (true when there was a file to remove).
   */
  snapshot?: { file: string; unusable?: string; written?: Promise<void>; removed?: Promise<boolean> };
}

/** Options of prepareStationIndex (tests lower the thresholds). */
export interface PrepareOptions {
  /** From how many active stations the index is built in worker threads (WORKER_MIN_STATIONS). */
  minForWorker?: number;
  /** From how many stations a built index is kept in a snapshot file (SNAPSHOT_MIN_STATIONS). */
  minForSnapshot?: number;
  /**
   * Whether the index may come from its snapshot (default): a start's first build. A rebuild after a change
   * passes false, since the change itself moved the revision.
   */
  fromSnapshot?: boolean;
}

/**
 * From how many stations a built index is written to a snapshot file: below it a build takes well under a
 * second, and the file would only take space.
 */
const SNAPSHOT_MIN_STATIONS = 20_000;

/** The snapshot file of `db`'s index: beside a SQLite file; none for PostgreSQL or `:memory:`. */
function snapshotFileOf(db: Db): string | null {
  const location = databaseLocationOf(db);
  if (!location || location.databaseUrl || !location.sqlitePath || location.sqlitePath === ':memory:')
    return null;
  return snapshotPathOf(location.sqlitePath);
}

/**
 * Reads the newest import run's id, then the index's data: from its snapshot file when that was made from the
 * database as it is now (ADR 0024), else built (buildStationIndexParts) and, from SNAPSHOT_MIN_STATIONS, written
 * to a new snapshot in the background. A run that lands during the read is newer than the id, so it triggers
 * one more rebuild, never none; a write during the build moves the revision past the snapshot's stamp, read
 * before the build, so that snapshot is never used. The server starts this before loading the rest of the app
 * (server.ts), so a worker reads while the app is built.
 */
export async function prepareStationIndex(db: Db, options: PrepareOptions = {}): Promise<PreparedIndex> {
  const startedAt = performance.now();
  const importRunId = await latestImportRunId(db);
  const file = snapshotFileOf(db);
  const revision = file ? await stationIndexRevision(db) : null;
  let unusable: string | undefined;
  if (file && revision !== null && options.fromSnapshot !== false) {
    const read = readSnapshot(file, revision);
    if ('parts' in read) {
      const prepareMs = performance.now() - startedAt;
      return { importRunId, prepareMs, parts: read.parts, builtIn: 'snapshot', snapshot: { file } };
    }
    unusable = read.unusable;
  }
  let workerError: unknown;
  const built = await buildStationIndexParts(
    db,
    (err) => {
      workerError = err;
    },
    options.minForWorker,
  );
  const prepared: PreparedIndex = {
    importRunId,
    prepareMs: performance.now() - startedAt,
    ...built,
    ...(workerError === undefined ? {} : { workerError }),
  };
  if (file && revision !== null) {
    const keep = built.parts.ids.length >= (options.minForSnapshot ?? SNAPSHOT_MIN_STATIONS);
    // A stale snapshot that no new one replaces is removed: it could never be used again.
    const written = keep ? writeSnapshot(file, revision, built.parts) : undefined;
    const removed = keep || unusable === 'none' ? undefined : removeSnapshot(file);
    // Handled by whoever logs them (the index plugin); never an unhandled rejection before they are awaited.
    written?.catch(() => undefined);
    removed?.catch(() => undefined);
    prepared.snapshot = {
      file,
      ...(unusable ? { unusable } : {}),
      ...(written ? { written } : {}),
      ...(removed ? { removed } : {}),
    };
  }
  return prepared;
}

/** Removes a snapshot file; true when there was one. */
function removeSnapshot(file: string): Promise<boolean> {
  return fs.promises.unlink(file).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
}

/**
 * The worker's script: dist/station-index-worker.js beside the bundled server, or the source file beside
 * this one (tsx, tests).
 */
const workerScript = ['./station-index-worker.js', './station-index-worker.ts']
  .map((name) => new URL(name, import.meta.url))
  .find((url) => fs.existsSync(url));

/** Builds the data of a StationIndex on this thread, reading through `db`. */
export async function buildOnThisThread(db: Db): Promise<StationIndexParts> {
  const builder = new StationIndexBuilder();
  await readStationIndexRows(db, (row) => builder.add(row));
  return builder.finish();
}

/** Runs the worker on `data`; its reply, or rejects if the worker fails. */
function runWorker(script: URL, data: StationIndexWorkerData): Promise<StationIndexWorkerReply> {
  // The TypeScript source (under tsx, in tests) is loaded through tsx's loader, registered in the worker:
  // a worker does not inherit the `--import tsx` of this thread's flags.
  const worker = script.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); })`,
        { eval: true, workerData: data },
      )
    : new Worker(fileURLToPath(script), { workerData: data });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.once('message', (reply: StationIndexWorkerReply) => {
      settled = true;
      if ('error' in reply) reject(new Error(`station index worker: ${reply.error}`));
      else resolve(reply);
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`station index worker exited with code ${code} before answering`));
    });
  });
}

/** Whether two lists of ids are the same, in the same order. */
function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The index's data from the rows worker's reply and the search worker's, or null when they did not read the
 * same stations (a change landed between their reads).
 */
export function joinWorkerReplies(
  rows: StationIndexWorkerReply,
  search: StationIndexWorkerReply,
): StationIndexParts | null {
  if (!('parts' in rows) || !('searchOnly' in search)) return null;
  if (!sameIds(rows.parts.ids, search.searchOnly.ids)) return null;
  return { ...rows.parts, search: search.searchOnly.search };
}

/**
 * Builds the index's data in two worker threads at once, each over its own connection: one the rows, one the
 * search (a third of the work), so that on two cores neither waits for the other. Each reads its own
 * snapshot, so they may differ if a change lands in between: then one worker builds everything.
 */
async function buildInWorkers(
  script: URL,
  location: Omit<StationIndexWorkerData, 'part'>,
): Promise<StationIndexParts> {
  const [rows, search] = await Promise.all([
    runWorker(script, { ...location, part: 'rows' }),
    runWorker(script, { ...location, part: 'search' }),
  ]);
  const joined = joinWorkerReplies(rows, search);
  if (joined) return joined;
  const all = await runWorker(script, { ...location, part: 'all' });
  if (!('parts' in all)) throw new Error('station index worker: no index in its answer');
  return all.parts;
}

/**
 * From how many active stations a build runs in a worker thread: starting one costs ~0.1–0.3 s, about what
 * building 10,000 stations costs on this thread, and a smaller build blocks it too briefly to matter.
 */
export const WORKER_MIN_STATIONS = 20_000;

/**
 * The data of a new StationIndex (ADR 0023). With `minForWorker` active stations or more, read and built in a
 * worker thread when the database can be opened a second time (openDatabase opened it, on a PostgreSQL URL
 * or a SQLite file, not `:memory:`), so that this thread starts the server meanwhile and answers requests
 * during a rebuild (at 200,000 stations a build takes seconds); on this thread, through `db`, otherwise or
 * when the worker fails (`onWorkerFailed` is told why).
 */
export async function buildStationIndexParts(
  db: Db,
  onWorkerFailed: (err: unknown) => void,
  minForWorker: number = WORKER_MIN_STATIONS,
): Promise<BuiltParts> {
  const location = databaseLocationOf(db);
  const expected = location && workerScript ? await countActiveStations(db) : 0;
  if (workerScript && location && location.sqlitePath !== ':memory:' && expected >= minForWorker) {
    try {
      const parts = await buildInWorkers(workerScript, {
        databaseUrl: location.databaseUrl,
        sqlitePath: location.sqlitePath,
        expected,
      });
      return { parts, builtIn: 'worker' };
    } catch (err) {
      onWorkerFailed(err);
    }
  }
  return { parts: await buildOnThisThread(db), builtIn: 'thread' };
}
