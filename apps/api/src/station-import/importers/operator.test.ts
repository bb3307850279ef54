import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, migrateToLatest, openDatabase } from '../../db/database';
import { importStations } from '../import-run';

/*
 * A new operator's list is one mapping file. Everything here is synthetic and lives only in a temporary
 * folder: the operator, its station names and its round-number positions are made up to exercise the format,
 * and are not stations.
 */
/** Five synthetic pumps one tenth of a degree apart, and a sixth whose latitude is not a number. */
const PUMPS = [1, 2, 3, 4, 5].map((n) => ({
  Code: `S-${n}`,
  Outlet: `Synthetic Test Pump ${n}`,
  Town: 'Testpur',
  Lat: 18 + n / 10,
  Lng: 73 + n / 10,
}));
const CSV = [
  'Code;Outlet;Town;Lat;Lng;Tel;Hours',
  'S-1;Synthetic Test Pump 1;Testpur;18.1;73.1;+91 20 0000 0001;Mo-Su 06:00-22:00',
  ...PUMPS.slice(1).map((p) => `${p.Code};${p.Outlet};${p.Town};${p.Lat};${p.Lng};;24/7`),
  'S-6;Synthetic Test Pump 6;Testpur;N/D;73.6;;',
].join('\n');
const LIVE_ANSWER = { stations: PUMPS };

const mappingFor = (liveUrl: string) => ({
  description: 'A synthetic operator for the format test.',
  source: 'synthetic-gas',
  operator: 'Synthetic Gas Test Company',
  country: 'IN',
  coordinates: { quality: 'operator', decimals: 1 },
  licence: 'Synthetic test data',
  attribution: 'Synthetic Gas Test Company (test list)',
  locatorUrl: 'https://synthetic-gas.test/locator',
  sourceId: { from: 'field', field: 'Code' },
  lists: [
    {
      format: 'csv',
      delimiter: ';',
      fields: { name: 'Outlet', lat: 'Lat', lon: 'Lng', city: 'Town', phone: 'Tel', hours: 'Hours' },
    },
    {
      format: 'json',
      recordsAt: ['stations'],
      fields: { name: 'Outlet', lat: 'Lat', lon: 'Lng', city: 'Town' },
      live: { url: liveUrl, method: 'POST', body: { all: true } },
    },
  ],
});

describe('adding an operator with one mapping file', () => {
  let dir: string;
  let db: Db;
  let server: http.Server;
  let mapping: string;
  let list: string;
  const requests: { method?: string; body: string }[] = [];
  const stationCount = async () =>
    (await db.selectFrom('stations').select('id').where('active', '=', 1).execute()).length;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-operator-'));
    db = openDatabase({ databaseUrl: '', sqlitePath: path.join(dir, 'stations.sqlite') }).db;
    await migrateToLatest(db);
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        requests.push({ method: req.method, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(LIVE_ANSWER));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    mapping = path.join(dir, 'synthetic-gas.json');
    fs.writeFileSync(mapping, JSON.stringify(mappingFor(`http://127.0.0.1:${port}/stations`)));
    list = path.join(dir, 'list.csv');
    fs.writeFileSync(list, CSV);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the list with the fields, licence and link the mapping names, and reports the bad row', async () => {
    const result = await importStations(db, `operator:${mapping}`, [list]);
    expect(result.counts).toMatchObject({ read: 6, accepted: 5, new: 5 });
    expect(result.rejected).toEqual([
      expect.objectContaining({ source: 'synthetic-gas', where: 'list.csv:7', sourceId: 'S-6' }),
    ]);
    expect(result.rejected[0]!.reason).toBe('non-numeric-coordinates');
    const one = await db
      .selectFrom('station_sources as m')
      .innerJoin('stations as s', 's.id', 'm.station_id')
      .select(['s.name', 's.operator', 's.city', 's.phone', 's.opening_hours', 'm.licence', 'm.attribution'])
      .select(['m.url', 'm.coordinate_quality'])
      .where('m.source', '=', 'synthetic-gas')
      .where('m.source_id', '=', 'S-1')
      .executeTakeFirstOrThrow();
    expect(one).toEqual({
      name: 'Synthetic Test Pump 1',
      operator: 'Synthetic Gas Test Company',
      city: 'Testpur',
      phone: '+91 20 0000 0001',
      opening_hours: 'Mo-Su 06:00-22:00',
      licence: 'Synthetic test data',
      attribution: 'Synthetic Gas Test Company (test list)',
      url: 'https://synthetic-gas.test/locator',
      coordinate_quality: 'operator',
    });
  });

  it('asks the live endpoint the mapping names and finds the same stations', async () => {
    const result = await importStations(db, `operator:${mapping}`, ['live']);
    expect(requests.at(-1)).toEqual({ method: 'POST', body: '{"all":true}' });
    expect(result.counts).toMatchObject({ read: 5, accepted: 5, new: 0, merged: 0, deactivated: 0 });
    expect(await stationCount()).toBe(5);
  });

  it('changes nothing when the file has lost a column the mapping reads', async () => {
    const broken = path.join(dir, 'broken.csv');
    fs.writeFileSync(broken, CSV.replace(';Lat;', ';Latitude;'));
    await expect(importStations(db, `operator:${mapping}`, [broken])).rejects.toThrow(
      'broken.csv: wrong columns: missing Lat',
    );
    expect(await stationCount()).toBe(5);
  });

  it('changes nothing when the mapping is wrong, and says which field', async () => {
    const bad = path.join(dir, 'bad-mapping.json');
    fs.writeFileSync(
      bad,
      JSON.stringify({ ...mappingFor('http://127.0.0.1:1/'), sourceId: { from: 'row' } }),
    );
    await expect(importStations(db, `operator:${bad}`, [list])).rejects.toThrow(/\/sourceId/);
    expect(await stationCount()).toBe(5);
  });
});
