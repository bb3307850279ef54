import { describe, expect, it } from 'vitest';
import { byReason } from '../../test-support/source-files';
import { parseGenericCsv, parseGenericGeoJson } from './generic';

// Test fixture for the generic operator-list format (docs/importing-stations.md); not served anywhere.
const CSV = `id,name,brand,lon,lat,country,opening_hours,price,currency,price_published_at,pressure_psi,open_24x7
a1,Depot One,,77.2090,28.6139,IN,24/7,76.59,INR,2026-08-01T06:00:00Z,3600,yes
a2,,AcmeGas,72.8777,19.0760,IN,,,,,,
a3,Zero,,0,0,,,,,,,
a4,Wrong country,,2.35,48.85,IN,,,,,,
a1,Depot One again,,77.3,28.7,IN,,,,,,
`;

describe('generic csv / geojson importers', () => {
  it('reads the documented CSV columns; a brand stands in for an empty name', () => {
    const p = parseGenericCsv(CSV, '/tmp/acme.csv', { licence: 'CC-BY-4.0', attribution: 'Acme Gas' });
    expect(p.feeds).toEqual([{ source: 'csv:acme', countries: 'all' }]);
    expect(p.candidates.map((c) => c.record.name)).toEqual(['Depot One', 'AcmeGas']);
    expect(p.candidates[0]!.record).toMatchObject({
      coordinateQuality: 'operator',
      licence: 'CC-BY-4.0',
      attribution: 'Acme Gas',
      price: { amount: 76.59, currency: 'INR', publishedAt: '2026-08-01T06:00:00.000Z', outlier: false },
      cng: { pressurePsi: [3600], open24x7: true },
    });
    expect(byReason(p.rejected)).toEqual({ 'null-island': 1, 'outside-country': 1, duplicate: 1 });
  });

  it('reads a GeoJSON FeatureCollection of points in lon, lat order', () => {
    const gj = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [77.209, 28.6139] },
          properties: { id: 'x', name: 'Depot' },
        },
        {
          type: 'Feature',
          geometry: { type: 'LineString', coordinates: [] },
          properties: { id: 'y', name: 'Line' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [77.209, 95] },
          properties: { id: 'z', name: 'Bad' },
        },
      ],
    });
    const p = parseGenericGeoJson(gj, 'list.geojson', { feed: 'depots' });
    expect(p.candidates[0]!.record).toMatchObject({ lon: 77.209, lat: 28.6139, countryCode: 'IN' });
    expect(p.feeds[0]!.source).toBe('geojson:depots');
    expect(byReason(p.rejected)).toEqual({ 'missing-coordinates': 1, 'out-of-range': 1 });
  });

  it('fails clearly on wrong columns, an empty file, and a non-collection', () => {
    expect(() => parseGenericCsv('id,name,x,y\n1,a,2,3', 'l.csv')).toThrow(
      'l.csv: wrong columns: missing lon, lat',
    );
    expect(() => parseGenericCsv('id,name,lon,lat\n', 'l.csv')).toThrow('a header but no rows');
    expect(() => parseGenericCsv('', 'l.csv')).toThrow('l.csv is empty');
    expect(() => parseGenericGeoJson('{"type":"Feature"}', 'l.geojson')).toThrow(
      'not a GeoJSON FeatureCollection',
    );
  });
});
