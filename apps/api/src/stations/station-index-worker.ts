/**
 * Worker thread entry (ADR 0023): reads every active station from the database named in `workerData` over
 * its own connection, builds the station index's data and hands it to the thread that started it, the big
 * arrays transferred rather than copied. The server's thread meanwhile finishes starting, or keeps answering
 * requests during a rebuild. Run by buildStationIndexParts (station-index-build.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../db/database';
import {
  type SearchOnlyParts,
  StationIndexBuilder,
  type StationIndexParts,
  stationIndexBuffers,
} from './station-index-parts';
import { readStationIndexRows, readStationSearchRows } from './station-index-repository';
import { StationSearchBuilder, searchBuffers } from './station-search';

/** The search a 'rows' worker sends in place of one it did not build (the main thread puts the real one in). */
const EMPTY_SEARCH = new StationSearchBuilder(0).finish();

/** What the worker is told: where the database is (DbOptions). */
export interface StationIndexWorkerData {
  databaseUrl: string;
  sqlitePath: string;
  /** About how many stations there are (sizes the builder's arrays). */
  expected: number;
  /** What to build: everything, everything but the search, or only the search (station-index-build.ts). */
  part: 'all' | 'rows' | 'search';
}

/** What it answers. */
export type StationIndexWorkerReply =
  | { parts: StationIndexParts }
  | { searchOnly: SearchOnlyParts }
  | { error: string };

const { databaseUrl, sqlitePath, expected, part } = workerData as StationIndexWorkerData;
// This connection only reads, once, then closes: memory-mapped, SQLite reads its pages without a system call
// each (the id-ordered scan visits them out of file order).
const handle = openDatabase({ databaseUrl, sqlitePath, sqliteMmapBytes: 2 ** 30 });
try {
  if (part === 'search') {
    const ids: string[] = [];
    const builder = new StationSearchBuilder(expected);
    await readStationSearchRows(handle.db, (row) => {
      ids.push(row.id);
      builder.add(row);
    });
    const search = builder.finish();
    const reply: StationIndexWorkerReply = { searchOnly: { ids, search } };
    parentPort!.postMessage(reply, searchBuffers(search));
  } else {
    const builder = new StationIndexBuilder(expected, undefined, part === 'all');
    await readStationIndexRows(handle.db, (row) => builder.add(row));
    const parts = builder.finish(part === 'rows' ? EMPTY_SEARCH : undefined);
    parentPort!.postMessage({ parts } satisfies StationIndexWorkerReply, stationIndexBuffers(parts));
  }
} catch (err) {
  parentPort!.postMessage({
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  } satisfies StationIndexWorkerReply);
} finally {
  await handle.db.destroy();
}
