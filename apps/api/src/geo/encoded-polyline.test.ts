import polyline from '@mapbox/polyline';
import { describe, expect, it } from 'vitest';
import { realStations } from '../test-support/real-stations';
import { decodePolyline, PolylineError } from './encoded-polyline';

describe('decodePolyline', () => {
  it("decodes Google's documented example", () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
  });

  it('round-trips 2,000 real station coordinates encoded by @mapbox/polyline', () => {
    const points = realStations()
      .slice(0, 2000)
      .map((s) => [Math.round(s.lat * 1e5) / 1e5, Math.round(s.lon * 1e5) / 1e5] as [number, number]);
    const decoded = decodePolyline(polyline.encode(points));
    expect(decoded).toHaveLength(points.length);
    decoded.forEach(([lon, lat], i) => {
      expect(lat).toBeCloseTo(points[i]![0], 6);
      expect(lon).toBeCloseTo(points[i]![1], 6);
    });
  });

  it("round-trips 2,000 real station coordinates at precision 6 (OSRM's polyline6), encoded by @mapbox/polyline", () => {
    const points = realStations()
      .slice(0, 2000)
      .map((s) => [Math.round(s.lat * 1e6) / 1e6, Math.round(s.lon * 1e6) / 1e6] as [number, number]);
    const decoded = decodePolyline(polyline.encode(points, 6), Number.POSITIVE_INFINITY, 6);
    expect(decoded).toHaveLength(points.length);
    decoded.forEach(([lon, lat], i) => {
      expect(lat).toBeCloseTo(points[i]![0], 7);
      expect(lon).toBeCloseTo(points[i]![1], 7);
    });
    // Read at precision 5, Mumbai's polyline6 is ten times too far out: outside the WGS84 range.
    const mumbai = polyline.encode([[19.07, 72.87]], 6);
    expect(decodePolyline(mumbai, 10, 6)).toEqual([[72.87, 19.07]]);
    expect(() => decodePolyline(mumbai, 10)).toThrow(PolylineError);
  });

  it('decodes the extremes of the coordinate range', () => {
    const extremes: [number, number][] = [
      [90, 180],
      [-90, -180],
      [0, 0],
      [-89.99999, 179.99999],
    ];
    expect(decodePolyline(polyline.encode(extremes))).toEqual(extremes.map(([lat, lon]) => [lon, lat]));
  });

  it.each([
    ['a stray space', '_p~iF ~ps|U'],
    ['a character below ?', '_p~iF~ps|U!'],
    ['a truncated last value', '_p~iF~ps|U_ulLnnqC_mqNvxq'],
    ['an odd number of values', '_p~iF~ps|U_ulL'],
    ['an overlong value', '~~~~~~~~~~?'],
    [
      'a latitude past 90°',
      polyline.encode([
        [89, 0],
        [91, 0],
      ]),
    ],
    [
      'a longitude past 180°',
      polyline.encode([
        [0, 179],
        [0, 181],
      ]),
    ],
    ['the empty string', ''],
  ])('rejects %s', (_what, encoded) => {
    expect(() => decodePolyline(encoded)).toThrow(PolylineError);
  });

  it('rejects more points than allowed', () => {
    const encoded = polyline.encode(Array.from({ length: 11 }, (_, i) => [i, i] as [number, number]));
    expect(() => decodePolyline(encoded, 10)).toThrow(/more than 10 points/);
    expect(decodePolyline(encoded, 11)).toHaveLength(11);
  });
});
