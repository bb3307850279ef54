import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { startLoopbackServer } from '../test-support/loopback-server';
import { MIMIT_PRICES, MIMIT_STATIONS, readText } from '../test-support/source-files';
import { stationSnapshot } from '../test-support/station-snapshot';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../test-support/test-db';
import { MassRetireRefused } from './mass-retire-guard';
import { importStations } from './station-import';

const active = async (db: Db) =>
  (await db.selectFrom('stations').select('id').where('active', '=', 1).execute()).length;

const METANO_IDS = new Set(
  readText(MIMIT_PRICES)
    .split('\n')
    .filter((l) => l.split('|')[1] === 'Metano')
    .map((l) => l.split('|')[0]!),
);

/**
 * The real MIMIT station file with `edit` applied to each line of a CNG station (by its position among
 * them); `edit` returns the new line, or null to drop it.
 */
function mimitStationsWith(edit: (line: string, cngIndex: number) => string | null): string {
  const lines = readText(MIMIT_STATIONS).split('\n');
  let n = 0;
  const out = lines.flatMap((line, i) => {
    if (i < 2 || !METANO_IDS.has(line.slice(0, line.indexOf('|')))) return [line];
    const edited = edit(line, n++);
    return edited === null ? [] : [edited];
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-guard-')), 'anagrafica.csv');
  fs.writeFileSync(file, out.join('\n'));
  return file;
}
/** The line with latitude and longitude replaced by "N/D". */
const withoutCoordinates = (line: string) => line.replace(/\|[^|]*\|[^|]*$/, '|N/D|N/D');

describe.each(TEST_DIALECTS)('imports that would wipe stations, on %s', (dialect) => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb(dialect);
    const first = await importStations(t.db, 'it-mimit', [MIMIT_STATIONS, MIMIT_PRICES]);
    expect(first.counts.new).toBe(1_506);
  });
  afterEach(async () => t.cleanup());

  it('refuses a MIMIT file whose coordinates are all "N/D", changes nothing, and says why', async () => {
    const before = await stationSnapshot(t.db);
    const broken = mimitStationsWith(withoutCoordinates);
    const run = importStations(t.db, 'it-mimit', [broken, MIMIT_PRICES]);
    await expect(run).rejects.toThrow(MassRetireRefused);
    await expect(run).rejects.toThrow(
      /rows \(\d+(\.\d)? %\) were rejected for faults in the row.*--allow-mass-retire/,
    );
    expect(await stationSnapshot(t.db)).toEqual(before);
    const runs = await t.db.selectFrom('import_runs').select(['status', 'error']).orderBy('id').execute();
    expect(runs.at(-1)).toMatchObject({ status: 'failed' });
    expect(runs.at(-1)!.error).toContain('--allow-mass-retire');
  });

  it('keeps every station whose row was rejected for a fault, even when the run is allowed', async () => {
    const broken = mimitStationsWith(withoutCoordinates);
    const result = await importStations(t.db, 'it-mimit', [broken, MIMIT_PRICES], { allowMassRetire: true });
    expect(result.counts.rejected['non-numeric-coordinates']).toBeGreaterThan(1_400);
    expect(result.counts.deactivated).toBe(0);
    expect(await active(t.db)).toBe(1_506);
  });

  it('imports a file with 10 % bad rows and retires none of their stations', async () => {
    const tenPercent = mimitStationsWith((line, i) => (i % 10 === 0 ? withoutCoordinates(line) : line));
    const result = await importStations(t.db, 'it-mimit', [tenPercent, MIMIT_PRICES]);
    expect(result.counts.rejected['non-numeric-coordinates']).toBeGreaterThan(140);
    expect(result.counts.deactivated).toBe(0);
    expect(await active(t.db)).toBe(1_506);
  });

  it('refuses a file that lost a third of its stations, and retires them when allowed', async () => {
    const before = await stationSnapshot(t.db);
    const shrunk = mimitStationsWith((line, i) => (i % 3 === 0 ? null : line));
    await expect(importStations(t.db, 'it-mimit', [shrunk, MIMIT_PRICES])).rejects.toThrow(
      /would retire \d+ of the 1506 stations that it-mimit lists/,
    );
    expect(await stationSnapshot(t.db)).toEqual(before);
    const allowed = await importStations(t.db, 'it-mimit', [shrunk, MIMIT_PRICES], { allowMassRetire: true });
    expect(allowed.counts.deactivated).toBeGreaterThan(490);
    expect(await active(t.db)).toBe(1_506 - allowed.counts.deactivated);
  });

  it('lets a few stations go without asking: a small share is the world changing', async () => {
    const fewGone = mimitStationsWith((line, i) => (i < 5 ? null : line));
    const result = await importStations(t.db, 'it-mimit', [fewGone, MIMIT_PRICES]);
    expect(result.counts.deactivated).toBe(5);
  });
});

describe('an Overpass answer that stopped early', () => {
  const partial = JSON.stringify({
    version: 0.6,
    generator: 'Overpass API',
    remark: 'runtime error: Query timed out in "query" at line 1 after 181 seconds.',
    elements: [
      {
        type: 'node',
        id: 271335830,
        lat: 28.504343,
        lon: 77.171999,
        tags: { amenity: 'fuel', 'fuel:cng': 'yes', name: 'Indian Oil' },
      },
    ],
  });
  let server: Awaited<ReturnType<typeof startLoopbackServer>>;
  let t: TestDb;
  beforeAll(async () => {
    server = await startLoopbackServer(8127, () => ({ status: 200, body: partial }));
    t = await createTestDb('sqlite');
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
  });

  it('is a failed download, live or from a file, and changes nothing', async () => {
    await expect(
      importStations(t.db, 'osm', ['overpass:IN'], { load: { overpassUrl: server.url } }),
    ).rejects.toThrow(
      /incomplete Overpass answer \(1 elements before it stopped\): "runtime error: Query timed out/,
    );
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-overpass-')), 'partial.json');
    fs.writeFileSync(file, partial);
    await expect(importStations(t.db, 'osm', [file], { load: { scope: 'IN' } })).rejects.toThrow(
      /incomplete Overpass answer/,
    );
    expect(await t.db.selectFrom('stations').select('id').execute()).toEqual([]);
  });
});
