import { describe, expect, it } from 'vitest';
import { fromLeaflet, toLeaflet } from './lat-lng';

describe('lon/lat <-> Leaflet converter', () => {
  it('puts latitude first for Leaflet', () => {
    expect(toLeaflet({ lon: 80.2707, lat: 13.0827 })).toEqual([13.0827, 80.2707]);
  });

  it('reads Leaflet lat/lng back into lon, lat', () => {
    expect(fromLeaflet({ lat: 45.4642, lng: 9.19 })).toEqual({ lon: 9.19, lat: 45.4642 });
  });

  it('round-trips points near the antimeridian and the poles unchanged', () => {
    for (const p of [
      { lon: 179.9999, lat: -16.5 },
      { lon: -179.9999, lat: 89.99 },
    ]) {
      const [lat, lng] = toLeaflet(p);
      expect(fromLeaflet({ lat, lng })).toEqual(p);
    }
  });
});
