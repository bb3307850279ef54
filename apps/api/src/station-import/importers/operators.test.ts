import { distanceKm } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer } from '../../test-support/loopback-server';
import { byReason, HPOIL_FILE, INDIA_MAIN, INDIA_STATES, MGL_FILE } from '../../test-support/source-files';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../../test-support/test-db';
import { importStations } from '../station-import';
import { loadImport } from './load-import';

const ANDHERI = { lon: 72.8468, lat: 19.1197 };

describe("Mahanagar Gas's own list (real shared copy)", () => {
  it('takes all 487 MGL outlets with the operator credited, and the OSM half only where its tags said CNG', async () => {
    const parsed = await loadImport('mgl', [MGL_FILE], { regionsFile: INDIA_STATES });
    expect(parsed.read).toBe(1_396);
    const mgl = parsed.candidates.filter((c) => c.source === 'mgl');
    const osm = parsed.candidates.filter((c) => c.source === 'osm:mgl-scrape');
    expect(mgl).toHaveLength(487);
    expect(osm).toHaveLength(118);
    expect(byReason(parsed.rejected)).toEqual({ 'not-cng-verified': 790, 'not-cng': 1 });
    expect(parsed.rejected.length + parsed.candidates.length).toBe(1_396);
    for (const c of mgl) {
      expect(c.record).toMatchObject({
        operator: 'Mahanagar Gas Limited',
        coordinateQuality: 'operator',
        attribution: 'Mahanagar Gas Limited (mahanagargas.com outlet locator)',
      });
    }
    // The file says "Maharashtra" for every row; Chitradurga and Davanagere are in Karnataka.
    const states = mgl.reduce<Record<string, number>>((acc, c) => {
      acc[c.record.region ?? '?'] = (acc[c.record.region ?? '?'] ?? 0) + 1;
      return acc;
    }, {});
    expect(states).toEqual({ Maharashtra: 461, Karnataka: 26 });
    // The brand is MGL's own unless the outlet names a fuel retailer ("M/s. Saish Auto (HPCL)").
    const brands = new Set(mgl.map((c) => c.record.brand));
    expect([...brands].sort()).toEqual(['Bharat Petroleum', 'HPCL', 'Indian Oil', 'Jio-bp', 'MGL']);
    expect(mgl.find((c) => c.record.name === 'COCO Turbhe (IOCL)')?.record.brand).toBe('Indian Oil');
    for (const c of osm) expect(c.record).toMatchObject({ coordinateQuality: 'osm', licence: 'ODbL-1.0' });
    // What a driver in Andheri gains: 36 MGL pumps within 5 km, the nearest 0.24 km away.
    const d = mgl
      .map((c) => distanceKm(ANDHERI.lon, ANDHERI.lat, c.record.lon, c.record.lat))
      .sort((a, b) => a - b);
    expect(d.filter((x) => x <= 5)).toHaveLength(36);
    expect(d[0]).toBeCloseTo(0.242, 2);
  });
});

describe('the operators’ live locators, answered by a server on loopback', () => {
  let server: Awaited<ReturnType<typeof startLoopbackServer>>;
  const page = `<html><body><table>
    <tr><th>Sr No</th><th>Station Name</th><th>Detailed Address</th><th>GA</th><th>District</th><th>Map</th></tr>
    <tr><td>2</td><td>M/s Chogule Petroleum</td><td>Gat No, 1458, SH130, Madilge Bk.</td><!-- <td>HPCL</td> -->
      <td>Kolhapur GA</td><td>Kolhapur</td><td><a href="https://maps.google.com/?query=16.356700,74.153500">Map</a></td></tr>
    <tr><td>7</td><td>M/s Sahil &amp; Sons</td><td>NH 44, Shahabad</td><td>Ambala-Kurukshetra GA</td>
      <td>Kurukshetra</td><td><a href="https://maps.google.com/?query=30.167000,76.870000">Map</a></td></tr>
  </table></body></html>`;
  beforeAll(async () => {
    server = await startLoopbackServer(8131, (req) =>
      req.url.startsWith('/outlet')
        ? {
            status: 200,
            body: JSON.stringify({
              details: [
                {
                  OutletName: 'New Bombay Petroleum',
                  AreaName: 'Sanpada',
                  Latitude: '19.06829439',
                  Longitude: '73.00990024',
                },
              ],
            }),
          }
        : { status: 200, body: page },
    );
  });
  afterAll(async () => server.close());

  it('asks MGL for every outlet and gives each the same id as the shared copy does', async () => {
    const live = await loadImport('mgl', ['live'], { mglUrl: `${server.url}/outlet/cngfilling` });
    const req = server.requests.find((r) => r.url === '/outlet/cngfilling')!;
    expect(req.method).toBe('POST');
    expect(JSON.parse(req.body)).toEqual({ Location: '', AreaName: '', VehicleType: '' });
    expect(live.candidates).toHaveLength(1);
    expect(live.candidates[0]!.record.name).toBe('New Bombay Petroleum; Sanpada');
    const file = await loadImport('mgl', [MGL_FILE]);
    const same = file.candidates.find((c) => c.record.name === 'New Bombay Petroleum; Sanpada')!;
    expect(live.candidates[0]!.sourceId).toBe(same.sourceId);
    expect(live.feeds).toEqual([{ source: 'mgl', countries: 'all' }]);
  });

  it("reads HPOIL's locator page, every Geographical Area, commented-out cells ignored", async () => {
    const live = await loadImport('hpoil', ['live'], { hpoilUrl: `${server.url}/cng-locator.php` });
    expect(live.candidates.map((c) => [c.record.name, c.record.lat, c.record.city])).toEqual([
      ['M/s Chogule Petroleum', 16.3567, 'Kolhapur'],
      ['M/s Sahil & Sons', 30.167, 'Kurukshetra'],
    ]);
    const shared = await loadImport('hpoil', [HPOIL_FILE]);
    expect(shared.candidates).toHaveLength(31);
    // The live page and the shared copy give a station the same id (from its name and position, not the
    // page's serial number, which a new outlet would shift).
    const chogule = live.candidates[0]!.sourceId;
    expect(shared.candidates.find((c) => c.sourceId === chogule)?.record.name).toBe('M/s Chogule Petroleum');
    expect(new Set(shared.candidates.map((c) => c.sourceId)).size).toBe(31);
    expect(shared.candidates[0]!.record).toMatchObject({
      operator: 'HPOIL Gas Private Limited',
      coordinateQuality: 'operator',
    });
  });
});

describe.each(TEST_DIALECTS)('MGL joined with the India dataset, on %s', (dialect) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(dialect);
  });
  afterAll(async () => t.cleanup());

  it('merges an MGL outlet into the station another source has at the same pump, and the operator position wins', async () => {
    await importStations(t.db, 'india-open', [INDIA_MAIN], { load: { regionsFile: INDIA_STATES } });
    const before = await t.db.selectFrom('stations').select(['id', 'lon', 'lat']).execute();
    const result = await importStations(t.db, 'mgl', [MGL_FILE], { load: { regionsFile: INDIA_STATES } });
    expect(result.counts.read).toBe(1_396);
    expect(result.counts.merged).toBeGreaterThan(0);
    expect(result.counts.new + result.counts.merged).toBe(487 + 118);
    const merged = await t.db
      .selectFrom('station_sources as m')
      .innerJoin('stations as s', 's.id', 'm.station_id')
      .select(['s.id', 's.lon', 's.lat', 's.coordinate_quality', 'm.lon as mlon', 'm.lat as mlat'])
      .where('m.source', '=', 'mgl')
      .execute();
    const ids = new Set(before.map((s) => s.id));
    const joined = merged.filter((r) => ids.has(r.id));
    expect(joined.length).toBe(result.counts.merged - (await countMergedOsmScrape(t, ids)));
    // A station MGL joined keeps its id and takes MGL's coordinates (operator-published beats the others).
    for (const r of joined) {
      expect(r.coordinate_quality).toBe('operator');
      expect([Number(r.lon), Number(r.lat)]).toEqual([Number(r.mlon), Number(r.mlat)]);
    }
  });
});

/** Records of the scraped OSM half that joined a station from before the run. */
async function countMergedOsmScrape(t: TestDb, ids: Set<string>) {
  const rows = await t.db
    .selectFrom('station_sources')
    .select('station_id')
    .where('source', '=', 'osm:mgl-scrape')
    .execute();
  return rows.filter((r) => ids.has(r.station_id)).length;
}
