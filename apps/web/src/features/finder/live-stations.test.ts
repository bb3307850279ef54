// @vitest-environment node
import { bearingDeg, distanceKm } from '@cng/shared/client';
import { describe, expect, it } from 'vitest';
import { recomputeStations } from './live-stations';

// Two Metano stations on Via Giovanni Gentile, Bari (MIMIT open data, coordinates as published).
const A = { id: 'a', lon: 16.925233878187555, lat: 41.102403658046406, distanceKm: 0, bearingDeg: 0 };
const B = { id: 'b', lon: 16.938123106956482, lat: 41.09724289343078, distanceKm: 0, bearingDeg: 0 };

describe('recomputing distance and bearing on the client', () => {
  it('matches the shared geo functions and sorts nearest first', () => {
    const here = { lon: 16.9375, lat: 41.0975 };
    const out = recomputeStations([A, B], here);
    expect(out.map((s) => s.id)).toEqual(['b', 'a']);
    expect(out[1]!.distanceKm).toBe(distanceKm(here.lon, here.lat, A.lon, A.lat));
    expect(out[1]!.bearingDeg).toBe(bearingDeg(here.lon, here.lat, A.lon, A.lat));
  });

  it('leaves the input untouched', () => {
    const input = [B, A];
    recomputeStations(input, { lon: 16.92, lat: 41.1 });
    expect(input[0]).toBe(B);
    expect(B.distanceKm).toBe(0);
  });
});
