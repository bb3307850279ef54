/**
 * Worker thread entry (ADR 0023): reads every active station from the database named in `workerData` over
 * its own connection, builds the station index's data and hands it to the thread that started it, the big
 * arrays transferred rather than copied. The server's thread meanwhile finishes starting, or keeps answering
 * requests during a rebuild. Run by buildStationIndexParts (station-index-build.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, sqliteConnectionOf } from '../db/database';
import { StationIndexBuilder, type StationIndexParts, stationIndexBuffers } from './station-index-parts';
import { readStationIndexRows } from './station-index-repository';

/** What the worker is told: where the database is (DbOptions). */
export interface StationIndexWorkerData {
  databaseUrl: string;
  sqlitePath: string;
  /** About how many stations there are (sizes the builder's arrays). */
  expected: number;
}

/** What it answers. */
export type StationIndexWorkerReply = { parts: StationIndexParts } | { error: string };

const { databaseUrl, sqlitePath, expected } = workerData as StationIndexWorkerData;
const handle = openDatabase({ databaseUrl, sqlitePath });
// This connection only reads, once, then closes: memory-mapped, SQLite reads its pages without a system call
// each (the id-ordered scan visits them out of file order); the mapping goes with the connection.
sqliteConnectionOf(handle.db)?.pragma(`mmap_size = ${2 ** 30}`);
try {
  const builder = new StationIndexBuilder(expected);
  await readStationIndexRows(handle.db, (row) => builder.add(row));
  const parts = builder.finish();
  parentPort!.postMessage({ parts } satisfies StationIndexWorkerReply, stationIndexBuffers(parts));
} catch (err) {
  parentPort!.postMessage({
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  } satisfies StationIndexWorkerReply);
} finally {
  await handle.db.destroy();
}
