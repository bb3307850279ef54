import { hash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config/env';
import { type Db, migrateToLatest, openDatabase } from '../db/database';
import { importStations } from './import-run';

// The real files (never copied into the repository; see ../shared/data/stations/README.md).
const STATIONS = path.join(repoRoot, '..', 'shared', 'data', 'stations');
const RAW = path.join(STATIONS, 'india_raw');
const INDIA = [
  path.join(STATIONS, 'india_cng_stations_bash1401.json'),
  ...fs
    .readdirSync(RAW)
    .sort()
    .map((f) => path.join(RAW, f)),
];
const MGL = path.join(STATIONS, 'operators', 'mgl_and_osm_cng_stations_2026-03-20.geojson');
const HPOIL = path.join(STATIONS, 'operators', 'hpoil_kolhapur_stations.csv');
const load = { regionsFile: path.join(repoRoot, '..', 'shared', 'data', 'india_states.geojson') };

/*
 * The identity that databases imported from these files already hold (favourites and reports refer to it),
 * measured by importing them in this order into an empty SQLite database: the stations, the records of each
 * source, and SHA-256 digests of the sorted station ids and of every record's source, id and station. Equal
 * digests mean every station keeps its id, and every record stays with its station.
 */
const BEFORE = {
  stations: 2_023,
  recordsPerSource: {
    'india-open': 1_082,
    'india-open:atgl': 110,
    'india-open:gail_pdf': 220,
    'india-open:gujarat_gas': 828,
    'india-open:igl_mgl': 164,
    'india-open:mngl': 118,
    'india-open:osm': 344,
    mgl: 487,
    'osm:mgl-scrape': 118,
    hpoil: 31,
  },
  stationIds: 'c75f312cabce7e16eb22ff66bfc3d7a861495b0b902d8d4a5752348ad269aec2',
  recordDigest: 'a458ed12731fd3528bec6a9b5eec0907e2f5de8a281580d15a22ca064cd0bfa3',
};

const digest = (lines: string[]) => hash('sha256', lines.sort().join('\n'), 'hex');

describe('the operator lists on mapping files, against the importers they replaced (real files)', () => {
  let dir: string;
  let handle: ReturnType<typeof openDatabase>;
  let db: Db;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-operator-ids-'));
    handle = openDatabase({ databaseUrl: '', sqlitePath: path.join(dir, 'stations.sqlite') });
    db = handle.db;
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same stations, ids, records and counts as before', async () => {
    const india = await importStations(db, 'india-open', INDIA, { load });
    const mgl = await importStations(db, 'mgl', [MGL], { load });
    const hpoil = await importStations(db, 'hpoil', [HPOIL], { load });
    expect(india.counts).toMatchObject({ read: 12_366, accepted: 2_866, merged: 1_345, new: 1_521 });
    expect(india.counts.rejected).toEqual({
      'not-cng-verified': 9_301,
      'outside-country': 197,
      duplicate: 2,
    });
    expect(mgl.counts).toMatchObject({ read: 1_396, accepted: 605, merged: 134, new: 471 });
    expect(mgl.counts.rejected).toEqual({ 'not-cng-verified': 790, 'not-cng': 1 });
    expect(hpoil.counts).toMatchObject({ read: 31, accepted: 31, merged: 0, new: 31 });
    const stations = await db.selectFrom('stations').select('id').execute();
    const records = await db
      .selectFrom('station_sources')
      .select(['source', 'source_id', 'station_id', 'present'])
      .execute();
    expect(stations).toHaveLength(BEFORE.stations);
    const perSource: Record<string, number> = {};
    for (const r of records) perSource[r.source] = (perSource[r.source] ?? 0) + 1;
    expect(perSource).toEqual(BEFORE.recordsPerSource);
    expect(digest(stations.map((s) => s.id))).toBe(BEFORE.stationIds);
    expect(digest(records.map((r) => `${r.source}|${r.source_id}|${r.station_id}|${r.present}`))).toBe(
      BEFORE.recordDigest,
    );
  });

  it('re-reads MNGL and GAIL Gas through their mappings alone and finds every record unchanged', async () => {
    const mngl = await importStations(db, 'operator:mngl', [path.join(RAW, 'mngl.json')], { load });
    const gail = await importStations(db, 'operator:gail', [path.join(RAW, 'gail_pdf.json')], { load });
    expect(mngl.counts).toMatchObject({ read: 118, unchanged: 118, new: 0, updated: 0, deactivated: 0 });
    expect(gail.counts).toMatchObject({ read: 220, unchanged: 220, new: 0, updated: 0, deactivated: 0 });
    expect(mngl.rejected.concat(gail.rejected)).toEqual([]);
  });

  it('re-imports everything with 0 new, 0 updated and 0 retired stations', async () => {
    for (const [importer, inputs] of [
      ['india-open', INDIA],
      ['operator:mgl', [MGL]],
      ['operator:hpoil', [HPOIL]],
    ] as const) {
      const { counts } = await importStations(db, importer, [...inputs], { load });
      expect(counts).toMatchObject({ new: 0, merged: 0, updated: 0, deactivated: 0, reactivated: 0 });
      expect(counts.unchanged).toBe(counts.accepted);
    }
    expect(await db.selectFrom('stations').select('id').where('active', '=', 1).execute()).toHaveLength(
      BEFORE.stations,
    );
  });
});
