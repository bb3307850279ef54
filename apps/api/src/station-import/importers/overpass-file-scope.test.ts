import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadActiveStations } from '../../stations/station-repository';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../../test-support/test-db';
import { importStations } from '../station-import';
import { loadImport } from './load-import';

const node = (id: number, name: string, lat: number, lon: number) => ({
  type: 'node',
  id,
  lat,
  lon,
  tags: { amenity: 'fuel', 'fuel:cng': 'yes', name },
});
// Two Delhi stations and one in Mumbai, shaped like an `out center tags` answer.
const DELHI_A = node(1, 'Delhi A', 28.6139, 77.209);
const DELHI_B = node(2, 'Delhi B', 28.55, 77.25);
const MUMBAI = node(3, 'Mumbai', 19.076, 72.8777);
// A box around Delhi only: west, south, east, north.
const DELHI_BOX = 'bbox:76.8,28.3,77.5,28.9';

const overpassFile = (name: string, elements: unknown[]) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-overpass-')), name);
  fs.writeFileSync(file, JSON.stringify({ version: 0.6, elements }));
  return file;
};

describe.each(TEST_DIALECTS)('a partial Overpass file on %s', (dialect) => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb(dialect);
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const activeNames = async () => (await loadActiveStations(t.db)).map((s) => s.name).sort();

  it('retires nothing without --scope: a Delhi-only file leaves Mumbai (and Delhi B) active', async () => {
    await importStations(t.db, 'osm', [overpassFile('india.json', [DELHI_A, DELHI_B, MUMBAI])]);
    const delhiOnly = await importStations(t.db, 'osm', [overpassFile('delhi.json', [DELHI_A])]);
    expect(delhiOnly.counts).toMatchObject({ unchanged: 1, deactivated: 0 });
    expect(await activeNames()).toEqual(['Delhi A', 'Delhi B', 'Mumbai']);
  });

  it('a new node beside a station the file does not cover joins nothing and replaces nothing without --scope', async () => {
    await importStations(t.db, 'osm', [overpassFile('india.json', [DELHI_A, MUMBAI])]);
    const before = (await loadActiveStations(t.db)).find((s) => s.name === 'Delhi A')!;
    // Another OSM node about 15 m from Delhi A, in a file that does not hold Delhi A's own node.
    const nearby = overpassFile('nearby.json', [node(4, 'Delhi A2', 28.614, 77.2091)]);
    const partial = await importStations(t.db, 'osm', [nearby]);
    expect(partial.counts).toMatchObject({ new: 1, updated: 0, merged: 0, deactivated: 0 });
    expect(await activeNames()).toEqual(['Delhi A', 'Delhi A2', 'Mumbai']);
    const osmIds = await t.db
      .selectFrom('station_sources')
      .select('source_id')
      .where('source', '=', 'osm')
      .execute();
    expect(osmIds.map((r) => r.source_id).sort()).toEqual(['node/1', 'node/3', 'node/4']);
    expect((await loadActiveStations(t.db)).find((s) => s.name === 'Delhi A')!.id).toBe(before.id);
  });

  it('inside a --scope, a node that replaces a vanished one beside it keeps that station and its id', async () => {
    await importStations(t.db, 'osm', [overpassFile('india.json', [DELHI_A, MUMBAI])]);
    const before = (await loadActiveStations(t.db)).find((s) => s.name === 'Delhi A')!;
    const nearby = overpassFile('nearby.json', [node(4, 'Delhi A2', 28.614, 77.2091)]);
    const boxed = await importStations(t.db, 'osm', [nearby], { load: { scope: DELHI_BOX } });
    expect(boxed.counts).toMatchObject({ new: 0, updated: 1 });
    const after = await loadActiveStations(t.db);
    expect(after.map((s) => s.name).sort()).toEqual(['Delhi A2', 'Mumbai']);
    expect(after.find((s) => s.name === 'Delhi A2')!.id).toBe(before.id);
  });

  it('with --scope retires only inside the scope: a Delhi box retires Delhi B, the country retires Mumbai', async () => {
    await importStations(t.db, 'osm', [overpassFile('india.json', [DELHI_A, DELHI_B, MUMBAI])]);
    const delhi = overpassFile('delhi.json', [DELHI_A]);
    const boxed = await importStations(t.db, 'osm', [delhi], { load: { scope: DELHI_BOX } });
    expect(boxed.counts).toMatchObject({ deactivated: 1 });
    expect(await activeNames()).toEqual(['Delhi A', 'Mumbai']);
    const country = await importStations(t.db, 'osm', [delhi], { load: { scope: 'IN' } });
    expect(country.counts).toMatchObject({ deactivated: 1 });
    expect(await activeNames()).toEqual(['Delhi A']);
  });
});

describe('the --scope option', () => {
  const file = overpassFile('one.json', [DELHI_A]);

  it('turns into the run scope: countries, a box, or the whole source', async () => {
    const feeds = async (scope?: string) => (await loadImport('osm', [file], { scope })).feeds;
    expect(await feeds()).toEqual([]);
    expect(await feeds('IN')).toEqual([{ source: 'osm', countries: ['IN'] }]);
    expect(await feeds('in,it')).toEqual([{ source: 'osm', countries: ['IN', 'IT'] }]);
    expect(await feeds(DELHI_BOX)).toEqual([
      { source: 'osm', countries: 'all', bbox: [76.8, 28.3, 77.5, 28.9] },
    ]);
    expect(await feeds('world')).toEqual([{ source: 'osm', countries: 'all' }]);
  });

  it('refuses a scope it cannot read, a scope on a live query, and a scope for other sources', async () => {
    await expect(loadImport('osm', [file], { scope: 'bbox:1,2,3' })).rejects.toThrow('--scope');
    await expect(loadImport('osm', [file], { scope: 'bbox:10,50,5,40' })).rejects.toThrow('west');
    await expect(loadImport('osm', [file], { scope: 'India' })).rejects.toThrow('--scope');
    await expect(loadImport('osm', ['overpass:IN'], { scope: 'IN' })).rejects.toThrow('live query');
    await expect(loadImport('csv', [file], { scope: 'IN' })).rejects.toThrow('only for osm');
  });
});
