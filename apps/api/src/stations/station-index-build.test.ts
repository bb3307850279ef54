import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../db/database';
import { insertStations, realStations } from '../test-support/real-stations';
import { createTestDb, schemaUrl, TEST_DIALECTS, type TestDb } from '../test-support/test-db';
import { StationIndex } from './station-index';
import { buildOnThisThread, buildStationIndexParts, joinWorkerReplies } from './station-index-build';
import { StationSearchBuilder } from './station-search';

/** The same database as `test`, opened again by openDatabase (as the server opens it), so a worker can too. */
function reopenAsServer(test: TestDb): DbHandle {
  if (test.dialect === 'sqlite') return openDatabase({ databaseUrl: '', sqlitePath: test.location });
  return openDatabase({ databaseUrl: schemaUrl(test.location), sqlitePath: '' });
}

describe.each(TEST_DIALECTS)('station index built in a worker thread on %s', (dialect) => {
  let test: TestDb;
  let server: DbHandle;
  afterAll(async () => {
    await server?.db.destroy();
    await test?.cleanup();
  });

  it('holds, station for station, what a build on this thread holds', async () => {
    test = await createTestDb(dialect);
    const stations = realStations().slice(0, 600);
    await insertStations(test.db, stations);
    await test.db.updateTable('stations').set({ active: 0 }).where('id', '=', stations[5]!.id).execute();
    server = reopenAsServer(test);
    const failures: unknown[] = [];

    const inWorker = await buildStationIndexParts(server.db, (err) => failures.push(err), 0);
    expect(failures).toEqual([]);
    expect(inWorker.builtIn).toBe('worker');
    const here = new StationIndex(await buildOnThisThread(test.db));
    const there = new StationIndex(inWorker.parts);

    expect(there.size).toBe(599);
    expect(there.size).toBe(here.size);
    for (let i = 0; i < here.size; i++) {
      expect(there.idOf(i)).toBe(here.idOf(i));
      expect(there.station(i)).toEqual(here.station(i));
      expect(there.stationJsonHead(i)).toBe(here.stationJsonHead(i));
    }
    for (const query of ['IGL', 'delhi', 'Mahanagar Gas', 'noida sector'])
      expect(there.search.search(query)).toEqual(here.search.search(query));
    const [lon, lat] = [here.station(0).lon, here.station(0).lat];
    expect(there.nearest.nearest(lon, lat, 10, 50)).toEqual(here.nearest.nearest(lon, lat, 10, 50));
    expect(there.operatorMatches(0, 'igl')).toBe(here.operatorMatches(0, 'igl'));
  });

  it('is built on this thread below the worker threshold', async () => {
    const built = await buildStationIndexParts(server.db, () => undefined);
    expect(built.builtIn).toBe('thread');
    expect(built.parts.ids).toHaveLength(599);
  });
});

describe('the two workers’ answers', () => {
  let test: TestDb;
  afterAll(async () => test?.cleanup());

  it('are joined only when both read the same stations', async () => {
    test = await createTestDb('sqlite');
    await insertStations(test.db, realStations().slice(0, 50));
    const built = await buildOnThisThread(test.db);
    const rows = { parts: { ...built, search: new StationSearchBuilder(0).finish() } };
    const search = { searchOnly: { ids: [...built.ids], search: built.search } };

    const joined = joinWorkerReplies(rows, search);
    expect(joined?.search).toBe(built.search);
    expect(joined?.ids).toBe(built.ids);
    // A station added, retired or renamed between the two reads: the ids differ, so nothing is joined.
    const moved = { searchOnly: { ids: built.ids.slice(1), search: built.search } };
    expect(joinWorkerReplies(rows, moved)).toBeNull();
    const other = [...built.ids];
    other[10] = 'st_elsewhere';
    expect(joinWorkerReplies(rows, { searchOnly: { ids: other, search: built.search } })).toBeNull();
    expect(joinWorkerReplies(rows, { error: 'no such table' })).toBeNull();
  });
});

describe('station index build when the worker fails', () => {
  let test: TestDb;
  afterAll(async () => test?.cleanup());

  it('reports why, then tries on this thread', async () => {
    // Without its sources table the worker's read fails, and so does the one on this thread.
    test = await createTestDb('sqlite');
    await sql`drop table station_sources`.execute(test.db);
    const failures: unknown[] = [];
    await expect(buildStationIndexParts(test.db, (err) => failures.push(err), 0)).rejects.toThrow(
      /no such table: station_sources/,
    );
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toMatch(/station index worker: .*no such table: station_sources/);
  });
});
