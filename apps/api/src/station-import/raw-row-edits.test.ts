import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { distanceKm } from '@cng/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadActiveStations } from '../stations/station-repository';
import { INDIA_MAIN, INDIA_RAW_DIR, readText } from '../test-support/source-files';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../test-support/test-db';
import { importStations } from './station-import';

interface RawRow {
  name: string;
  latitude: number;
  longitude: number;
}

const MNGL = path.join(INDIA_RAW_DIR, 'mngl.json');
const rows = JSON.parse(readText(MNGL)) as RawRow[];
// Two rows far (over 1 km) from every other row, so nothing else can claim their edited versions.
const RENAMED = 0;
const MOVED = 3;
// 0.00018° of latitude ≈ 20 m.
const MOVE_DEG = 0.00018;

/** The real raw file with one row renamed and another moved about 20 m, written to a temp folder. */
function editedCopy(): string {
  const edited = rows.map((r) => ({ ...r }));
  edited[RENAMED]!.name = `${edited[RENAMED]!.name} CNG Station`;
  edited[MOVED]!.latitude = Number((edited[MOVED]!.latitude + MOVE_DEG).toFixed(6));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-raw-edit-')), 'mngl.json');
  fs.writeFileSync(file, JSON.stringify(edited));
  return file;
}

describe('the edited-row fixture', () => {
  it('guards the fixture: the two edited rows are far from every other row', () => {
    for (const i of [RENAMED, MOVED]) {
      const r = rows[i]!;
      const others = rows.filter((_, j) => j !== i);
      const nearestM = Math.min(
        ...others.map((o) => distanceKm(r.longitude, r.latitude, o.longitude, o.latitude) * 1000),
      );
      expect(nearestM).toBeGreaterThan(800);
    }
    const moved = rows[MOVED]!;
    expect(distanceKm(0, moved.latitude, 0, moved.latitude + MOVE_DEG) * 1000).toBeCloseTo(20, 0);
  });
});

describe.each(TEST_DIALECTS)(
  'an edited row of a raw file (id = hash of name and position) on %s',
  (dialect) => {
    let t: TestDb;
    beforeEach(async () => {
      t = await createTestDb(dialect);
    });
    afterEach(async () => {
      await t.cleanup();
    });

    /** The station that holds the mngl record at exactly this position. */
    const stationAt = async (lon: number, lat: number) =>
      (
        await t.db
          .selectFrom('station_sources')
          .select('station_id')
          .where('source', '=', 'india-open:mngl')
          .where('present', '=', 1)
          .where('lon', '=', lon)
          .where('lat', '=', lat)
          .executeTakeFirstOrThrow()
      ).station_id;

    it('keeps the station (and its id) of a renamed or moved row whose file is its only source', async () => {
      const first = await importStations(t.db, 'india-open', [MNGL]);
      expect(first.counts).toMatchObject({ accepted: 118, new: 118 });
      const renamedId = await stationAt(rows[RENAMED]!.longitude, rows[RENAMED]!.latitude);
      const movedId = await stationAt(rows[MOVED]!.longitude, rows[MOVED]!.latitude);

      const second = await importStations(t.db, 'india-open', [editedCopy()]);
      expect(second.counts).toMatchObject({ new: 0, merged: 0, updated: 2, unchanged: 116, deactivated: 0 });
      const active = await loadActiveStations(t.db);
      expect(active).toHaveLength(118);
      const renamed = active.find((s) => s.id === renamedId)!;
      expect(renamed.name).toBe(`${rows[RENAMED]!.name} CNG Station`);
      const moved = active.find((s) => s.id === movedId)!;
      expect(moved.lat).toBeCloseTo(rows[MOVED]!.latitude + MOVE_DEG, 6);
      // The station still lists exactly one current record from the file.
      expect(renamed.sources.filter((s) => s.source === 'india-open:mngl')).toHaveLength(1);
    });

    it('updates the raw record of a station other sources also list, instead of adding a duplicate', async () => {
      await importStations(t.db, 'india-open', [INDIA_MAIN, MNGL]);
      const before = (await loadActiveStations(t.db)).length;
      const renamedId = await stationAt(rows[RENAMED]!.longitude, rows[RENAMED]!.latitude);

      const again = await importStations(t.db, 'india-open', [INDIA_MAIN, editedCopy()]);
      expect(again.counts).toMatchObject({ new: 0, updated: 2, deactivated: 0 });
      expect(await loadActiveStations(t.db)).toHaveLength(before);
      expect(await stationAt(rows[RENAMED]!.longitude, rows[RENAMED]!.latitude)).toBe(renamedId);
    });
  },
);
