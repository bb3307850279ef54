import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer } from '../../test-support/loopback-server';
import { byReason } from '../../test-support/source-files';
import { loadImport } from './load-import';
import { parseOverpassJson } from './osm';
import { buildOverpassQuery, fetchOverpass, parseOverpassTarget } from './overpass-client';

// Shaped like a real `[out:json]; … out center tags;` answer; the first two are real Delhi/Rome positions.
const OVERPASS = JSON.stringify({
  version: 0.6,
  generator: 'Overpass API',
  elements: [
    {
      type: 'node',
      id: 271335830,
      lat: 28.504343,
      lon: 77.171999,
      tags: {
        amenity: 'fuel',
        'fuel:cng': 'yes',
        name: 'Indian Oil',
        brand: 'Indian Oil',
        opening_hours: '24/7',
      },
    },
    {
      type: 'way',
      id: 1001,
      center: { lat: 41.9, lon: 12.5 },
      tags: {
        amenity: 'fuel',
        'fuel:cng': 'yes',
        brand: 'Eni',
        'addr:street': 'Via Roma',
        'addr:housenumber': '1',
        'addr:country': 'IT',
      },
    },
    {
      type: 'relation',
      id: 7,
      center: { lat: 28.6, lon: 77.2 },
      tags: { amenity: 'fuel', 'fuel:cng': 'yes' },
    },
    {
      type: 'node',
      id: 2,
      lat: 28.6,
      lon: 77.2,
      tags: { amenity: 'fuel', 'fuel:cng': 'no', name: 'Diesel only' },
    },
    {
      type: 'node',
      id: 3,
      lat: 0,
      lon: 0,
      tags: { amenity: 'fuel', 'fuel:cng': 'yes', name: 'Placeholder' },
    },
    {
      type: 'node',
      id: 4,
      lat: 28.6,
      lon: 77.2,
      tags: { amenity: 'fuel', 'fuel:cng': 'yes', name: 'X', 'addr:country': 'PK' },
    },
    { type: 'way', id: 5, tags: { amenity: 'fuel', 'fuel:cng': 'yes', name: 'No centre' } },
  ],
});

describe('osm importer (Overpass JSON)', () => {
  const parsed = parseOverpassJson(OVERPASS, 'overpass.json');

  it('takes nodes by position and ways/relations by centre, with OSM ids and the ODbL attribution', () => {
    expect(parsed.candidates.map((c) => c.sourceId)).toEqual(['node/271335830', 'way/1001']);
    const [delhi, rome] = parsed.candidates.map((c) => c.record);
    expect(delhi).toMatchObject({
      lon: 77.171999,
      lat: 28.504343,
      countryCode: 'IN',
      openingHours: '24/7',
      coordinateQuality: 'osm',
    });
    expect(delhi!.cng.open24x7).toBe(true);
    expect(delhi!.attribution).toBe('© OpenStreetMap contributors');
    expect(delhi!.url).toBe('https://www.openstreetmap.org/node/271335830');
    // No name: the brand gives one.
    expect(rome).toMatchObject({ name: 'Eni', brand: 'Eni', address: 'Via Roma 1', countryCode: 'IT' });
  });

  it('rejects each bad element with its reason', () => {
    expect(byReason(parsed.rejected)).toEqual({
      'empty-name': 1,
      'not-cng': 1,
      'null-island': 1,
      'outside-country': 1,
      'missing-coordinates': 1,
    });
    expect(parsed.read).toBe(7);
  });

  it('gives a file without a scope nothing to retire: a file cannot say which area it covers', () => {
    expect(parsed.feeds).toEqual([]);
    const scoped = parseOverpassJson(OVERPASS, 'overpass.json', { scope: { countries: ['IN'] } });
    expect(scoped.feeds).toEqual([{ source: 'osm', countries: ['IN'] }]);
  });

  it('fails clearly on JSON that is not an Overpass answer', () => {
    expect(() => parseOverpassJson('{"features":[]}', 'x.json')).toThrow('no "elements" array');
  });
});

describe('Overpass client', () => {
  let server: Awaited<ReturnType<typeof startLoopbackServer>>;
  beforeAll(async () => {
    server = await startLoopbackServer(8112, (req) =>
      req.body.includes('ISO3166-1') ? { status: 200, body: OVERPASS } : { status: 504, body: 'busy' },
    );
  });
  afterAll(() => server.close());

  it('builds the query for a country, a box (south, west, north, east) and the world', () => {
    expect(buildOverpassQuery({ kind: 'country', code: 'IN' })).toContain(
      'area["ISO3166-1"="IN"][admin_level=2]',
    );
    expect(buildOverpassQuery({ kind: 'bbox', bbox: [7, 45, 8, 46] })).toContain('(45,7,46,8)');
    expect(buildOverpassQuery({ kind: 'world' })).toContain(
      'nwr["amenity"="fuel"]["fuel:cng"="yes"];out center tags;',
    );
    expect(parseOverpassTarget('overpass:in')).toEqual({ kind: 'country', code: 'IN' });
    expect(parseOverpassTarget('overpass:bbox=7,45,8,46')).toEqual({ kind: 'bbox', bbox: [7, 45, 8, 46] });
    expect(parseOverpassTarget('file.json')).toBeNull();
    expect(() => parseOverpassTarget('overpass:nowhere')).toThrow('use overpass:world');
  });

  it('POSTs the query as form data and imports the answer, scoped to the country asked for', async () => {
    const parsed = await loadImport('osm', ['overpass:IN'], { overpassUrl: server.url });
    const req = server.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(req.body).get('data')).toBe(
      buildOverpassQuery({ kind: 'country', code: 'IN' }, 180),
    );
    expect(parsed.candidates).toHaveLength(2);
    expect(parsed.feeds).toEqual([{ source: 'osm', countries: ['IN'] }]);
  });

  it('keeps the scope of every live query in one run, so each country can retire its own records', async () => {
    const parsed = await loadImport('osm', ['overpass:IN', 'overpass:IT'], { overpassUrl: server.url });
    expect(parsed.feeds).toEqual([
      { source: 'osm', countries: ['IN'] },
      { source: 'osm', countries: ['IT'] },
    ]);
  });

  it('reports an HTTP error and an unreachable endpoint with the endpoint named', async () => {
    await expect(fetchOverpass(server.url, { kind: 'world' })).rejects.toThrow(
      `Overpass query to ${server.url} failed: HTTP 504`,
    );
    await expect(fetchOverpass('http://127.0.0.1:8119', { kind: 'world' })).rejects.toThrow('ECONNREFUSED');
  });
});
