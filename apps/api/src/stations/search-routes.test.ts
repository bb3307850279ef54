import type { NearestResponse, SearchResponse } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oracleDistanceKm } from '../test-support/brute-force';
import { importRealStations } from '../test-support/real-import';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { TEST_DIALECTS } from '../test-support/test-db';

/**
 * A driver who denied GPS types a place and gets the stations around it: search finds the place, nearest
 * answers at its coordinates. On the product's real import, where Indian stations carry no city (the source's
 * city field is unreliable), so station text search only finds those with the town in their name or address.
 */
describe.each(TEST_DIALECTS)(
  'searching a place, then the stations near it, on the real import on %s',
  (dialect) => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp({ dialect, env: { API_RATE_LIMIT_PER_MIN: '100000' } });
      await importRealStations(t.db.db, t.config);
      await publishAndWaitForRebuild(t.app);
    }, 120_000);
    afterAll(async () => t?.close());
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it.each([
      ['mumbai', 'Mumbai', 72.8777, 19.076],
      ['mumbi', 'Mumbai', 72.8777, 19.076],
      ['bangalore', 'Bengaluru', 77.5946, 12.9716],
      ['delhi', 'Delhi', 77.209, 28.6139],
    ])('finds %s as %s and the Indian stations around it', async (q, name, lon, lat) => {
      const search = (await get(`/api/stations/search?q=${q}`)).json() as SearchResponse;
      const place = search.places![0]!;
      expect(place).toMatchObject({ name, countryCode: 'IN' });
      expect(oracleDistanceKm(lon, lat, place.lon, place.lat)).toBeLessThan(10);
      const near = (
        await get(`/api/stations/nearest?lat=${place.lat}&lon=${place.lon}&radiusKm=25&limit=10`)
      ).json() as NearestResponse;
      expect(near.count).toBe(10);
      expect(near.stations.every((s) => s.countryCode === 'IN')).toBe(true);
      expect(place.nearestStationKm).toBeCloseTo(near.stations[0]!.distanceKm, 9);
      // The India dataset's city is not stored (it is unreliable): the place is how a town name reaches them.
      const indiaOnly = near.stations.filter((s) =>
        s.sources.every((x) => x.source.startsWith('india-open')),
      );
      expect(indiaOnly.every((s) => s.city === null)).toBe(true);
    });

    it("ranks places in the driver's country first: from the browser's country, or from near", async () => {
      const label = (r: SearchResponse) => r.places!.slice(0, 4).map((p) => `${p.name}/${p.countryCode}`);
      const plain = (await get('/api/stations/search?q=delhi')).json() as SearchResponse;
      expect(label(plain)[1]).toMatch(/\/US$/);
      const india = (await get('/api/stations/search?q=delhi&country=in')).json() as SearchResponse;
      expect(label(india).slice(0, 2)).toEqual(['Delhi/IN', 'New Delhi/IN']);
      const sector = (await get('/api/stations/search?q=sector%203&country=IN')).json() as SearchResponse;
      expect(sector.places![0]!.countryCode).toBe('IN');
      const noida = (await get('/api/stations/search?q=noida%20sector%2018')).json() as SearchResponse;
      expect(noida.places![0]).toMatchObject({ name: 'Sector', within: 'Noida', countryCode: 'IN' });
      const bad = await get('/api/stations/search?q=delhi&country=IND');
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('country');
    });

    it('finds the Italian town of Forlì typed without its accent, and its stations', async () => {
      const search = (await get('/api/stations/search?q=forli')).json() as SearchResponse;
      expect(search.places![0]).toMatchObject({ name: 'Forlì', countryCode: 'IT' });
      expect(oracleDistanceKm(12.0407, 44.2227, search.places![0]!.lon, search.places![0]!.lat)).toBeLessThan(
        5,
      );
      expect(search.places![0]!.nearestStationKm).toBeLessThan(5);
      expect(search.results.length).toBeGreaterThan(0);
    });

    it('finds the Mumbai suburb Andheri, which GeoNames’ extract lacks, and the stations around it', async () => {
      const search = (await get('/api/stations/search?q=Andheri&country=IN')).json() as SearchResponse;
      const place = search.places![0]!;
      // From the countries-states-cities database: no population, Maharashtra as GeoNames codes it (16).
      expect(place).toMatchObject({ name: 'Andheri', countryCode: 'IN', adminCode: '16', population: 0 });
      expect(oracleDistanceKm(72.85, 19.12, place.lon, place.lat)).toBeLessThan(1);
      expect(search.attribution).toMatch(/GeoNames.*CC BY 4\.0/);
      expect(search.attribution).toMatch(/countries-states-cities.*ODbL/);
      const near = (
        await get(`/api/stations/nearest?lat=${place.lat}&lon=${place.lon}&radiusKm=10&limit=5`)
      ).json() as NearestResponse;
      expect(near.count).toBeGreaterThan(0);
      expect(place.nearestStationKm).toBeCloseTo(near.stations[0]!.distanceKm, 9);
      expect(place.nearestStationKm).toBeLessThan(3);
    });
  },
);
