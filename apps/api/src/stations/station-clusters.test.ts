import { describe, expect, it } from 'vitest';
import { realStations } from '../test-support/real-stations';
import { CLUSTER_MAX_ZOOM, StationClusters } from './station-clusters';

const WORLD = { minLon: -180, minLat: -90, maxLon: 180, maxLat: 90 };

describe('StationClusters', () => {
  const stations = realStations();
  const clusters = new StationClusters(
    stations.map((s) => s.lon),
    stations.map((s) => s.lat),
  );

  it('accounts for every station exactly once at every zoom', () => {
    for (let zoom = 0; zoom <= CLUSTER_MAX_ZOOM + 2; zoom++) {
      const { clusters: c, stations: single } = clusters.query(WORLD, zoom);
      expect(c.reduce((n, k) => n + k.count, 0) + single.length, `zoom ${zoom}`).toBe(stations.length);
    }
  });

  it('keeps a country map light at low zoom and shows single stations at high zoom', () => {
    const india = { minLon: 68, minLat: 6, maxLon: 98, maxLat: 37 };
    const low = clusters.query(india, 4);
    expect(low.clusters.length + low.stations.length).toBeLessThan(150);
    const high = clusters.query(
      { minLon: 72.8, minLat: 18.9, maxLon: 73.0, maxLat: 19.1 },
      CLUSTER_MAX_ZOOM + 1,
    );
    expect(high.clusters).toEqual([]);
    const inBox = stations.filter((s) => s.lon >= 72.8 && s.lon <= 73 && s.lat >= 18.9 && s.lat <= 19.1);
    expect(high.stations.sort((a, b) => a - b)).toEqual(
      inBox.map((s) => stations.indexOf(s)).sort((a, b) => a - b),
    );
  });

  it('splits a box across the antimeridian into both sides', () => {
    const sides = new StationClusters([179.5, -179.5, 0, 180], [0, 0, 0, 1]);
    const { stations: hits } = sides.query({ minLon: 179, minLat: -1, maxLon: -179, maxLat: 2 }, 20);
    expect(hits.sort()).toEqual([0, 1, 3]);
    const edge = sides.query({ minLon: 180, minLat: -1, maxLon: 180, maxLat: 2 }, 20);
    expect(edge.stations).toEqual([3]);
  });

  it('answers an empty box with nothing', () => {
    expect(clusters.query({ minLon: -150, minLat: -10, maxLon: -140, maxLat: 0 }, 5)).toEqual({
      clusters: [],
      stations: [],
    });
  });
});
