/**
 * Worker thread entry (ADR 0023): reads every active station from the database named in `workerData` over
 * its own connection, builds the station index's data and hands it to the thread that started it, the big
 * arrays transferred rather than copied. The server's thread meanwhile finishes starting, or keeps answering
 * requests during a rebuild. Run by buildStationIndexParts (station-index-build.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/database';
import { StationIndexBuilder, type StationIndexParts, stationIndexBuffers } from './station-index-parts';
import { readStationIndexRows } from './station-index-repository';

/** What the worker is told: where the database is (DbOptions). */
export interface StationIndexWorkerData {
  databaseUrl: string;
  sqlitePath: string;
}

/** What it answers. */
export type StationIndexWorkerReply = { parts: StationIndexParts } | { error: string };

const { databaseUrl, sqlitePath } = workerData as StationIndexWorkerData;
const handle = openDatabase({ databaseUrl, sqlitePath });
try {
  const builder = new StationIndexBuilder();
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
