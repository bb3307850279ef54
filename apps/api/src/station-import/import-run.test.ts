import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distanceKm } from '@cng/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadActiveStations, loadStation } from '../stations/station-repository';
import {
  INDIA_MAIN,
  INDIA_RAW_DIR,
  INDIA_STATES,
  MIMIT_PRICES,
  MIMIT_STATIONS,
} from '../test-support/source-files';
import { stationSnapshot } from '../test-support/station-snapshot';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../test-support/test-db';
import { importStations } from './station-import';

const INDIA_RAW_OSM = path.join(INDIA_RAW_DIR, 'osm.json');

const tmpFile = (name: string, text: string) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-import-')), name);
  fs.writeFileSync(file, text);
  return file;
};

describe.each(TEST_DIALECTS)('station import runs on %s', (dialect) => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb(dialect);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  it('imports the India dataset, then re-importing it changes nothing and keeps every id', async () => {
    const first = await importStations(t.db, 'india-open', [INDIA_MAIN], {
      load: { regionsFile: INDIA_STATES },
    });
    expect(first.counts).toMatchObject({ read: 10_580, accepted: 1_082, new: 1_082, merged: 0, updated: 0 });
    expect(first.changed).toBe(true);
    const before = await stationSnapshot(t.db);
    const again = await importStations(t.db, 'india-open', [INDIA_MAIN], {
      load: { regionsFile: INDIA_STATES },
    });
    expect(again.counts).toMatchObject({ new: 0, merged: 0, updated: 0, unchanged: 1_082, deactivated: 0 });
    expect(again.changed).toBe(false);
    const after = await stationSnapshot(t.db);
    const strip = <T extends { last_seen_at?: string; imported_at?: string; updated_at?: string }>(
      rows: T[],
    ) => rows.map(({ last_seen_at, imported_at, updated_at, ...rest }) => rest);
    expect(strip(after.stations)).toEqual(strip(before.stations));
    expect(strip(after.sources)).toEqual(strip(before.sources));
    const runs = await t.db.selectFrom('import_runs').selectAll().orderBy('id').execute();
    expect(runs.map((r) => [r.status, r.dry_run])).toEqual([
      ['succeeded', 0],
      ['succeeded', 0],
    ]);
    expect(JSON.parse(runs[1]!.counts!).unchanged).toBe(1_082);
  });

  it('merges the OpenStreetMap raw file into the India stations it overlaps (real overlap)', async () => {
    await importStations(t.db, 'india-open', [INDIA_MAIN]);
    const osm = await importStations(t.db, 'india-open', [INDIA_RAW_OSM]);
    // 326 of the 344 OSM rows are stations the main file already has; 18 are new.
    expect(osm.counts).toMatchObject({ read: 344, accepted: 344, merged: 326, new: 18 });
    const pairs = await t.db
      .selectFrom('station_sources as o')
      .innerJoin('station_sources as m', 'm.station_id', 'o.station_id')
      .select(['o.source_id as osmId', 'o.lon as olon', 'o.lat as olat', 'm.lon as mlon', 'm.lat as mlat'])
      .where('o.source', '=', 'india-open:osm')
      .where('m.source', '=', 'india-open')
      .execute();
    expect(pairs).toHaveLength(326);
    // Oracle: every OSM row at exactly a main-file position joined that station; no join is farther than 150 m.
    const raw = JSON.parse(fs.readFileSync(INDIA_RAW_OSM, 'utf8')) as {
      id: string;
      latitude: number;
      longitude: number;
    }[];
    const joined = new Set(pairs.map((p) => p.osmId));
    const accepted = new Set(
      (
        await t.db
          .selectFrom('station_sources')
          .select('lon')
          .select('lat')
          .where('source', '=', 'india-open')
          .execute()
      ).map((r) => `${r.lon},${r.lat}`),
    );
    const samePlace = raw.filter((r) => accepted.has(`${r.longitude},${r.latitude}`));
    expect(samePlace.length).toBeGreaterThanOrEqual(290);
    for (const r of samePlace) expect(joined.has(r.id)).toBe(true);
    for (const p of pairs) expect(distanceKm(p.olon, p.olat, p.mlon, p.mlat) * 1000).toBeLessThanOrEqual(150);
    // The merged station carries both sources and their attribution.
    const station = (await loadActiveStations(t.db)).find((s) =>
      s.sources.some((x) => x.sourceId === 'osm-node-271335830'),
    )!;
    expect(station.sources.map((s) => s.source).sort()).toEqual(['india-open', 'india-open:osm']);
    expect(station.sources.every((s) => s.attribution.length > 0 && s.licence.length > 0)).toBe(true);
  });

  it('imports all India files in one run: operator coordinates win over OSM and geocoded ones', async () => {
    const raw = fs.readdirSync(INDIA_RAW_DIR).map((f) => path.join(INDIA_RAW_DIR, f));
    const r = await importStations(t.db, 'india-open', [INDIA_MAIN, ...raw]);
    expect(r.counts).toMatchObject({ read: 12_366, accepted: 2_866, new: 1_521, merged: 1_345 });
    const stations = await loadActiveStations(t.db);
    expect(stations).toHaveLength(1_521);
    for (const s of stations) expect(s.sources.length).toBeGreaterThan(0);
    const withOperator = stations.filter((s) =>
      s.sources.some((x) => x.attribution.startsWith('Maharashtra Natural Gas')),
    );
    expect(withOperator.every((s) => s.coordinateQuality === 'operator')).toBe(true);
  });

  it('imports the Italian CNG prices with their time and outlier flag', async () => {
    const r = await importStations(t.db, 'it-mimit', [MIMIT_STATIONS, MIMIT_PRICES]);
    // 1,506 accepted rows make 1,506 stations: MIMIT's two registrations in Maranello stay two stations.
    expect(r.counts).toMatchObject({ read: 1_508, accepted: 1_506, new: 1_506 });
    const stations = await loadActiveStations(t.db);
    expect(stations.filter((s) => s.price !== null)).toHaveLength(1_506);
    const maranello = stations.filter((s) => s.name === 'METANO MARANELLO');
    expect(maranello.map((s) => s.price!.amount).sort()).toEqual([1.299, 1.499]);
    expect(
      stations
        .filter((s) => s.price?.outlier)
        .map((s) => s.price!.amount)
        .sort(),
    ).toEqual([1, 2.899, 2.999, 4.999]);
    const s = stations.find((x) => x.sources[0]!.sourceId === '40820')!;
    expect(s).toMatchObject({
      name: 'STOIL SIMPLE',
      city: 'ALESSANDRIA',
      countryCode: 'IT',
      timeZone: 'Europe/Rome',
    });
  });

  it('a malformed file fails with a clear message and leaves the data exactly as it was', async () => {
    await importStations(t.db, 'it-mimit', [MIMIT_STATIONS, MIMIT_PRICES]);
    const before = await stationSnapshot(t.db);
    const badJson = tmpFile('bad.json', '[{"name": "x", "latitude": 1,');
    const wrongCols = tmpFile('wrong.csv', 'Estrazione del 2026-08-21\nidImpianto|Gestore\n1|x\n');
    const empty = tmpFile('empty.json', '');
    await expect(importStations(t.db, 'india-open', [INDIA_MAIN, badJson])).rejects.toThrow(
      'bad.json is not valid JSON',
    );
    await expect(importStations(t.db, 'it-mimit', [wrongCols, MIMIT_PRICES])).rejects.toThrow(
      'wrong columns',
    );
    await expect(importStations(t.db, 'osm', [empty])).rejects.toThrow('empty.json is empty');
    expect(await stationSnapshot(t.db)).toEqual(before);
    const failed = await t.db.selectFrom('import_runs').selectAll().where('status', '=', 'failed').execute();
    expect(failed).toHaveLength(3);
    expect(failed[0]!.error).toContain('bad.json is not valid JSON');
  });

  it('a dry run counts everything and writes no station data', async () => {
    const r = await importStations(t.db, 'it-mimit', [MIMIT_STATIONS, MIMIT_PRICES], { dryRun: true });
    expect(r.counts.new).toBe(1_506);
    expect(r.dryRun).toBe(true);
    expect(await stationSnapshot(t.db)).toEqual({ stations: [], sources: [] });
    const runs = await t.db.selectFrom('import_runs').select(['dry_run', 'status']).execute();
    expect(runs).toEqual([{ dry_run: 1, status: 'succeeded' }]);
  });

  it('deactivates (never deletes) a station missing from a newer full import of its only source', async () => {
    const header = 'id,name,lon,lat,country\n';
    const v1 = tmpFile(
      'depots.csv',
      `${header}d1,Depot North,77.2090,28.6139,IN\nd2,Depot South,77.3000,28.5000,IN\n`,
    );
    const v2 = tmpFile('depots.csv', `${header}d1,Depot North,77.2090,28.6139,IN\n`);
    const first = await importStations(t.db, 'csv', [v1]);
    expect(first.counts.new).toBe(2);
    const south = (
      await t.db
        .selectFrom('station_sources')
        .select('station_id')
        .where('source_id', '=', 'd2')
        .executeTakeFirstOrThrow()
    ).station_id;
    // A second source lists the north depot too, so it must stay active when the csv drops it later.
    const other = tmpFile('other.csv', `${header}o1,Depot North,77.20905,28.61392,IN\n`);
    expect((await importStations(t.db, 'csv', [other])).counts.merged).toBe(1);

    const second = await importStations(t.db, 'csv', [v2]);
    expect(second.counts).toMatchObject({ unchanged: 1, deactivated: 1, new: 0 });
    expect(second.changed).toBe(true);
    const gone = await loadStation(t.db, south);
    expect(gone).toMatchObject({ id: south, active: false });
    expect((await loadActiveStations(t.db)).map((s) => s.name)).toEqual(['Depot North']);

    const back = await importStations(t.db, 'csv', [v1]);
    expect(back.counts).toMatchObject({ reactivated: 1, updated: 1, new: 0 });
    expect((await loadStation(t.db, south))?.active).toBe(true);
  });
});
