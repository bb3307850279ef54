import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, migrateToLatest, openDatabase } from '../db/database';
import { migrations } from '../db/migrations';
import { insertStations, realStations } from '../test-support/real-stations';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../test-support/test-db';
import { StationIndex } from './station-index';
import { buildOnThisThread, type PrepareOptions, prepareStationIndex } from './station-index-build';
import { stationIndexRevision } from './station-index-repository';
import { snapshotPathOf } from './station-index-snapshot';

/** Every build is kept in a snapshot, on this thread (the worker's own tests are in station-index-build). */
const KEEP_ALL: PrepareOptions = { minForSnapshot: 0, minForWorker: Number.POSITIVE_INFINITY };

/** Prepares the index and waits for its snapshot to be written. */
async function prepare(db: DbHandle['db'], options = KEEP_ALL) {
  const prepared = await prepareStationIndex(db, options);
  await prepared.snapshot?.written;
  return prepared;
}

/** Asserts that `a` answers as an index built now from the database would. */
async function expectSameAsBuiltNow(test: TestDb, a: StationIndex) {
  const here = new StationIndex(await buildOnThisThread(test.db));
  expect(a.size).toBe(here.size);
  for (let i = 0; i < here.size; i++) {
    expect(a.idOf(i)).toBe(here.idOf(i));
    expect(a.station(i)).toEqual(here.station(i));
  }
  for (const query of ['IGL', 'delhi', 'Mahanagar Gas', 'noida sector', 'Renamed Pump'])
    expect(a.search.search(query)).toEqual(here.search.search(query));
  const [lon, lat] = [here.station(0).lon, here.station(0).lat];
  expect(a.nearest.nearest(lon, lat, 10, 50)).toEqual(here.nearest.nearest(lon, lat, 10, 50));
  for (let i = 0; i < here.size; i += 37)
    expect(a.operatorMatches(i, 'igl')).toBe(here.operatorMatches(i, 'igl'));
}

describe('station index snapshot (SQLite)', () => {
  let test: TestDb;
  let server: DbHandle;
  let file: string;
  const stations = realStations().slice(0, 600);
  beforeAll(async () => {
    test = await createTestDb('sqlite');
    await insertStations(test.db, stations);
    // Opened as the server opens it, so the index knows the file it is kept beside.
    server = openDatabase({ databaseUrl: '', sqlitePath: test.location });
    file = snapshotPathOf(test.location);
  });
  afterAll(async () => {
    await server?.db.destroy();
    await test?.cleanup();
  });

  it('is written after a build and read back, station for station, by the next start', async () => {
    const first = await prepare(server.db);
    expect(first.builtIn).toBe('thread');
    expect(first.snapshot?.unusable).toBe('none');
    expect(fs.existsSync(file)).toBe(true);

    const again = await prepare(server.db);
    expect(again.builtIn).toBe('snapshot');
    await expectSameAsBuiltNow(test, new StationIndex(again.parts));
  });

  // Every kind of write to the indexed tables, by any writer: each makes the snapshot unusable.
  const writes: [string, () => Promise<unknown>][] = [
    [
      'a station renamed',
      () =>
        test.db
          .updateTable('stations')
          .set({ name: 'Renamed Pump' })
          .where('id', '=', stations[3]!.id)
          .execute(),
    ],
    [
      'a station retired',
      () => test.db.updateTable('stations').set({ active: 0 }).where('id', '=', stations[4]!.id).execute(),
    ],
    [
      'a source’s licence changed',
      () =>
        test.db
          .updateTable('station_sources')
          .set({ licence: 'CC-BY-4.0' })
          .where('station_id', '=', stations[5]!.id)
          .execute(),
    ],
    [
      'a source removed',
      () => test.db.deleteFrom('station_sources').where('station_id', '=', stations[6]!.id).execute(),
    ],
    ['a station added', () => insertStations(test.db, realStations().slice(600, 601))],
  ];
  it.each(writes)('is not used after %s (another connection wrote it)', async (_what, write) => {
    await write();
    const after = await prepare(server.db);
    expect(after.builtIn).toBe('thread');
    expect(after.snapshot?.unusable).toMatch(/^revision [0-9a-f]{32}, database [0-9a-f]{32}$/);
    await expectSameAsBuiltNow(test, new StationIndex(after.parts));
    // The build wrote a new snapshot of the database as it now is.
    const next = await prepare(server.db);
    expect(next.builtIn).toBe('snapshot');
    await expectSameAsBuiltNow(test, new StationIndex(next.parts));
  });

  it('is not used when damaged: cut short, or not a snapshot at all', async () => {
    await prepare(server.db);
    const whole = fs.readFileSync(file);
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length / 2)));
    const cut = await prepare(server.db);
    expect(cut.builtIn).toBe('thread');
    expect(cut.snapshot?.unusable).toMatch(/cut off|damaged/);

    fs.writeFileSync(file, 'not an index at all');
    const garbage = await prepare(server.db);
    expect(garbage.builtIn).toBe('thread');
    expect(garbage.snapshot?.unusable).toMatch(/not a station index snapshot/);
    await expectSameAsBuiltNow(test, new StationIndex(garbage.parts));
  });

  it('is not used when its data were lost but not its length (zeros in the middle, as after a power cut)', async () => {
    await prepare(server.db);
    const bytes = fs.readFileSync(file);
    bytes.fill(0, Math.floor(bytes.length / 2), Math.floor(bytes.length / 2) + 4096);
    fs.writeFileSync(file, bytes);
    const lost = await prepare(server.db);
    expect(lost.builtIn).toBe('thread');
    expect(lost.snapshot?.unusable).toMatch(/checksum/);
  });

  it('is not read by a rebuild after a change, only by a start', async () => {
    await prepare(server.db);
    const rebuild = await prepare(server.db, { ...KEEP_ALL, fromSnapshot: false });
    expect(rebuild.builtIn).toBe('thread');
    expect(rebuild.snapshot?.unusable).toBeUndefined();
    expect((await prepare(server.db)).builtIn).toBe('snapshot');
  });

  it('is not used when other code made it', async () => {
    await prepare(server.db);
    const bytes = fs.readFileSync(file);
    const at = bytes.indexOf('"code":"') + '"code":"'.length;
    bytes[at] = bytes[at] === 0x78 ? 0x79 : 0x78; // one character of the code's identity
    fs.writeFileSync(file, bytes);
    const other = await prepare(server.db);
    expect(other.builtIn).toBe('thread');
    expect(other.snapshot?.unusable).toBe('made by other code');
  });

  it('is removed when the index shrinks below the size worth keeping', async () => {
    await test.db
      .updateTable('stations')
      .set({ name: 'Renamed Pump 2' })
      .where('id', '=', stations[7]!.id)
      .execute();
    const small = await prepare(server.db, { ...KEEP_ALL, minForSnapshot: 10_000 });
    expect(small.builtIn).toBe('thread');
    expect(small.snapshot?.written).toBeUndefined();
    expect(await small.snapshot?.removed).toBe(true);
    expect(fs.existsSync(file)).toBe(false);
  });

  // A start that had to import logged "snapshot written" three times for 3,803 stations, with no file written.
  it('is neither written nor said to be when the index is below that size and there is no file', async () => {
    expect(fs.existsSync(file)).toBe(false);
    const rebuild = await prepare(server.db, { ...KEEP_ALL, minForSnapshot: 10_000, fromSnapshot: false });
    expect(rebuild.snapshot?.written).toBeUndefined();
    expect(await rebuild.snapshot?.removed).toBe(false);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('station index snapshot beside a database made anew', () => {
  let dir: TestDb;
  afterAll(async () => dir?.cleanup());

  it('is not used by the new database, though the same import made it as many writes', async () => {
    dir = await createTestDb('sqlite');
    const file = dir.location;
    const stations = realStations().slice(0, 300);
    const fill = async () => {
      const handle = openDatabase({ databaseUrl: '', sqlitePath: file });
      await migrateToLatest(handle.db);
      await insertStations(handle.db, stations);
      return handle;
    };
    await dir.db.destroy();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    const old = await fill();
    await prepare(old.db);
    expect(fs.existsSync(snapshotPathOf(file))).toBe(true);
    await old.db.destroy();
    // The database file is deleted and made again; the old snapshot stays beside it.
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
    const anew = await fill();
    try {
      const prepared = await prepare(anew.db);
      expect(prepared.builtIn).toBe('thread');
      expect(prepared.snapshot?.unusable).toMatch(/^revision /);
    } finally {
      await anew.db.destroy();
    }
  });
});

describe('station index revision (SQLite)', () => {
  let test: TestDb;
  afterAll(async () => test?.cleanup());

  it('moves on every write to stations and station_sources, and on nothing else', async () => {
    test = await createTestDb('sqlite');
    const [a, b] = realStations().slice(0, 2);
    let last = await stationIndexRevision(test.db);
    const moved = async () => {
      const now = await stationIndexRevision(test.db);
      const changed = now !== last;
      last = now;
      return changed;
    };
    await insertStations(test.db, [a!, b!]);
    expect(await moved()).toBe(true);
    await test.db.updateTable('stations').set({ name: 'Renamed Pump' }).where('id', '=', a!.id).execute();
    expect(await moved()).toBe(true);
    await test.db
      .updateTable('station_sources')
      .set({ licence: 'CC0' })
      .where('station_id', '=', b!.id)
      .execute();
    expect(await moved()).toBe(true);
    await test.db.deleteFrom('station_sources').where('station_id', '=', b!.id).execute();
    expect(await moved()).toBe(true);
    await test.db.deleteFrom('stations').where('id', '=', b!.id).execute();
    expect(await moved()).toBe(true);
    // A driver's report is no change to the index.
    await test.db
      .insertInto('station_reports')
      .values({
        station_id: a!.id,
        status: 'available',
        queue_min: null,
        note: null,
        source: 'driver',
        device_id: 'device-1',
        lon: null,
        lat: null,
        accuracy_m: null,
        distance_m: null,
        created_at: new Date().toISOString(),
        valid_until: null,
      })
      .execute();
    expect(await test.db.selectFrom('station_reports').select('id').execute()).toHaveLength(1);
    expect(await moved()).toBe(false);
  });
});

describe.each(TEST_DIALECTS)('migration 0008 on %s', (dialect) => {
  let test: TestDb;
  afterAll(async () => test?.cleanup());

  it('goes down and up again, leaving the station tables writable', async () => {
    test = await createTestDb(dialect);
    const migration = migrations['0008-station-index-revision']!;
    await migration.down!(test.db as never);
    await insertStations(test.db, realStations().slice(0, 1));
    await migration.up(test.db as never);
    expect(await stationIndexRevision(test.db)).toMatch(/^[0-9a-f]{32}$/);
    await insertStations(test.db, realStations().slice(1, 2));
    expect(await test.db.selectFrom('stations').select('id').execute()).toHaveLength(2);
  });
});
