import type { Station } from '@cng/shared';
import type { RootOperationNode } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { insertStations, realStations } from '../test-support/real-stations';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../test-support/test-db';
import { StationIndex } from './station-index';
import { StationIndexBuilder } from './station-index-parts';
import {
  packedRowText,
  readStationIndexRows,
  type StationIndexRow,
  stationFromIndexRow,
} from './station-index-repository';
import { loadActiveStations, loadStation } from './station-repository';

/** Every active station, not hidden, ordered by id, as StationIndexRow with its whole packed text in `data`. */
async function loadStationIndexRows(db: Db): Promise<StationIndexRow[]> {
  const rows: StationIndexRow[] = [];
  await readStationIndexRows(db, (row) => {
    const { sources: _, ...rest } = row;
    rows.push({ ...rest, data: packedRowText(row) });
  });
  return rows;
}

/** Real stations, a few of them with every optional field set (values for this test only). */
function stationsWithEveryField(): Station[] {
  const real = realStations().slice(0, 400);
  return real.map((s, i) => {
    if (i % 50 !== 0) return s;
    return {
      ...s,
      brand: 'Brand "quoted" \\ back',
      operator: 'Opérateur — ünïcode',
      address: 'Line one\nline two',
      openingHours: 'Mo-Fr 06:00-22:00',
      phone: '+00 0000',
      timeZone: 'Europe/Rome',
      price: {
        amount: 1.289,
        currency: 'EUR',
        unit: 'kg',
        publishedAt: '2026-08-20T06:00:00.000Z',
        outlier: i % 100 === 0,
      },
      cng: {
        fillType: 'fast',
        pressurePsi: [3000, 3600],
        vehicleClass: 'light',
        open24x7: i % 100 === 0,
        dispensers: 2,
        renewable: false,
      },
      accessHours: '24 hours daily',
      sourceConfirmedAt: '2026-01-05',
      lon: s.lon + 1e-13,
      sources: [
        ...s.sources,
        {
          source: 'csv:test',
          sourceId: `t-${i}`,
          licence: 'test',
          attribution: 'test',
          url: null,
          importedAt: s.sources[0]!.importedAt,
        },
      ],
    };
  });
}

describe.each(TEST_DIALECTS)('station index rows on %s', (dialect) => {
  let db: TestDb;
  afterAll(async () => db?.cleanup());

  it('give, station for station, exactly what loadActiveStations reads from every column', async () => {
    db = await createTestDb(dialect);
    const stations = stationsWithEveryField();
    await insertStations(db.db, stations);
    await db.db.updateTable('stations').set({ active: 0 }).where('id', '=', stations[1]!.id).execute();
    await db.db
      .updateTable('stations')
      .set({ hidden_at: '2026-08-21T09:00:00.000Z' })
      .where('id', '=', stations[2]!.id)
      .execute();
    const expected = await loadActiveStations(db.db);
    const rows = await loadStationIndexRows(db.db);
    expect(rows.map((r) => r.id)).toEqual(expected.map((s) => s.id));
    expect(rows).toHaveLength(stations.length - 2);
    rows.forEach((row, i) => {
      const s = expected[i]!;
      expect(stationFromIndexRow(row.data, row.lon, row.lat)).toEqual(s);
      expect([
        row.lon,
        row.lat,
        row.name,
        row.brand,
        row.operator,
        row.city,
        row.region,
        row.address,
      ]).toEqual([s.lon, s.lat, s.name, s.brand, s.operator, s.city, s.region, s.address]);
    });
    // A Kysely made from it (withPlugin) reads the same, though not through the raw connection on SQLite.
    const noop = {
      transformQuery: ({ node }: { node: RootOperationNode }) => node,
      transformResult: async <R>({ result }: { result: R }) => result,
    };
    expect(await loadStationIndexRows(db.db.withPlugin(noop))).toEqual(rows);
    // And so does the index made of them, which keeps each packed row as UTF-8 bytes until it is shown.
    const index = new StationIndex(rows);
    expect(index.size).toBe(expected.length);
    expected.forEach((s, i) => {
      expect(index.station(i)).toEqual(s);
      expect(JSON.parse(`${index.stationJsonHead(i)}}`)).toEqual(s);
    });
    expect(expected.some((s) => s.operator === 'Opérateur — ünïcode')).toBe(true);
    // The same, with the packed rows spread over many small blocks (8 MB each in a real build), and each row
    // kept in pieces as the SQLite read hands them over.
    const builder = new StationIndexBuilder(1, 4096);
    await readStationIndexRows(db.db, (row) => builder.add(row));
    const parts = builder.finish();
    expect(parts.blocks.length).toBeGreaterThan(20);
    const blocky = new StationIndex(parts);
    for (const [i, s] of expected.entries()) expect(blocky.station(i)).toEqual(s);
    // Every optional field was really exercised, in both shapes.
    const full = rows.map((r) => stationFromIndexRow(r.data, r.lon, r.lat)).filter((s) => s.price);
    expect(full.length).toBeGreaterThan(3);
    expect(full.some((s) => s.cng.open24x7 === true) && full.some((s) => s.cng.open24x7 === false)).toBe(
      true,
    );
    expect(full.every((s) => s.sources.length === 2)).toBe(true);
  });

  it("list each station's sources in one order on every read: by source, then id", async () => {
    // The test source ('csv:test') was written after each station's own, which sorts after it (osm, it-mimit).
    const written = stationsWithEveryField().filter((s) => s.sources.length === 2);
    const ids = written.filter((s) => s.sources[0]!.source > 'csv:test').map((s) => s.id);
    expect(ids.length).toBeGreaterThan(3);
    const ordered = (s: Station) =>
      [...s.sources].sort((a, b) =>
        a.source !== b.source ? (a.source < b.source ? -1 : 1) : a.sourceId < b.sourceId ? -1 : 1,
      );
    const index = new StationIndex(await loadStationIndexRows(db.db));
    const all = new Map((await loadActiveStations(db.db)).map((s) => [s.id, s]));
    for (const id of ids) {
      const one = (await loadStation(db.db, id))!;
      expect(one.sources[0]!.source).toBe('csv:test');
      expect(one.sources).toEqual(ordered(one));
      const listed = all.get(id);
      if (listed) expect(listed.sources).toEqual(one.sources);
      const i = index.positionOf(id);
      if (i !== undefined) expect(index.station(i).sources).toEqual(one.sources);
    }
  });
});
