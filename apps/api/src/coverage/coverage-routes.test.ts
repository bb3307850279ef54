import {
  type CoverageListResponse,
  CoverageListResponseSchema,
  type NearestResponse,
  NearestResponseSchema,
  type SearchResponse,
  SearchResponseSchema,
} from '@cng/shared';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRealStations } from '../test-support/real-import';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { TEST_DIALECTS } from '../test-support/test-db';

/** The schema's complaints about `value`, empty when it conforms. */
const problems = (schema: TSchema, value: unknown) =>
  [...Value.Errors(schema, value)].map((e) => `${e.instancePath}: ${e.message}`);

/**
 * Coverage on the product's default start-up import (the offline copies of ../shared/data/stations): a driver
 * who searches a city and asks for the nearest stations there is told how complete the list is.
 */
describe.each(TEST_DIALECTS)('coverage on the real import on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { API_RATE_LIMIT_PER_MIN: '100000' } });
    await importRealStations(t.db.db, t.config);
    await publishAndWaitForRebuild(t.app);
  }, 120_000);
  afterAll(async () => t?.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  /** The first place search finds for `q` in `country`, and the nearest answer at its coordinates. */
  const at = async (q: string, country: string) => {
    const search = await get(`/api/stations/search?q=${encodeURIComponent(q)}&country=${country}`);
    expect(search.statusCode).toBe(200);
    const body = search.json() as SearchResponse;
    expect(problems(SearchResponseSchema, body)).toEqual([]);
    const place = body.places![0]!;
    expect(place.countryCode).toBe(country);
    const nearest = await get(`/api/stations/nearest?lat=${place.lat}&lon=${place.lon}&limit=3`);
    expect(nearest.statusCode).toBe(200);
    const near = nearest.json() as NearestResponse;
    return { place, near };
  };

  it.each([
    ['Chennai', 'IN'],
    ['Kolkata', 'IN'],
    ['Hyderabad', 'IN'],
    ['Lucknow', 'IN'],
    ['Kanpur', 'IN'],
    ['Jaipur', 'IN'],
    ['Delhi', 'IN'],
  ])('says the list is thin or empty in %s', async (q, country) => {
    const { place, near } = await at(q, country);
    expect(['thin', 'none']).toContain(near.coverage.level);
    // A place hit carries the coverage a nearest answer at its coordinates gives.
    expect(place.coverage).toEqual(near.coverage);
    expect(near.coverage.officialIsLowerBound).toBe(true);
  });

  it.each([
    ['Andheri', 'IN'],
    ['Pune', 'IN'],
    ['Rome', 'IT'],
  ])('says the list is good in %s', async (q, country) => {
    const { near } = await at(q, country);
    expect(near.coverage.level).toBe('good');
  });

  it('names Torrent Gas in Chennai, and judges it by Tamil Nadu and by the city being big and bare', async () => {
    const { near } = await at('Chennai', 'IN');
    expect(near.coverage.suppliers.map((s) => s.name)).toContain('Torrent Gas');
    expect(near.coverage.area).toMatchObject({ kind: 'state', name: 'Tamil Nadu' });
    expect(near.coverage.area!.official).toMatchObject({ count: 12, asOf: '2021-07' });
    expect(near.coverage.bigCity).toMatchObject({ name: 'Chennai' });
    expect(near.coverage.bigCity!.knownWithinKm).toBeLessThan(5);
  });

  it("judges Hyderabad by the city's own official count, with its date and source", async () => {
    const { near } = await at('Hyderabad', 'IN');
    expect(near.coverage.area).toMatchObject({ kind: 'city', name: 'Hyderabad', known: 2 });
    expect(near.coverage.area!.official).toMatchObject({ count: 83, asOf: '2025-07' });
    expect(near.coverage.area!.official!.source).toMatch(/Lok Sabha/);
    expect(near.coverage).toMatchObject({ level: 'thin', basis: 'official-share' });
  });

  it('says none in Kolkata, where no known station is within 25 km', async () => {
    const { near } = await at('Kolkata', 'IN');
    expect(near.coverage).toMatchObject({ level: 'none', basis: 'none-nearby', knownNearby: 0 });
  });

  it('gives a nearest answer that conforms to its schema, coverage included', async () => {
    for (const query of ['lat=13.0827&lon=80.2707', 'lat=41.9028&lon=12.4964&limit=50', 'lat=0&lon=-150']) {
      const res = await get(`/api/stations/nearest?${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(problems(NearestResponseSchema, body)).toEqual([]);
      expect(Object.keys(body.coverage)).toEqual(
        Object.keys(NearestResponseSchema.properties.coverage.properties),
      );
    }
    // Mid-ocean: nothing near, in no area.
    const ocean = (await get('/api/stations/nearest?lat=0&lon=-150')).json() as NearestResponse;
    expect(ocean.coverage).toMatchObject({ level: 'none', area: null, suppliers: [] });
  });

  it('lists every area on GET /api/coverage, with the census figures of the real import', async () => {
    const res = await get('/api/coverage');
    expect(res.statusCode).toBe(200);
    const body = res.json() as CoverageListResponse;
    expect(problems(CoverageListResponseSchema, body)).toEqual([]);
    const area = (kind: string, name: string) => body.areas.find((a) => a.kind === kind && a.name === name);
    expect(area('country', 'India')).toMatchObject({
      known: 2008,
      official: { count: 8083, asOf: '2025-05' },
    });
    expect(area('country', 'Italy')).toMatchObject({ known: 1506, level: 'good' });
    expect(area('state', 'Delhi')).toMatchObject({ known: 80, official: { count: 480 }, level: 'thin' });
    expect(area('state', 'Uttar Pradesh')).toMatchObject({ known: 84, official: { count: 819 } });
    expect(area('state', 'Maharashtra')).toMatchObject({ known: 677, level: 'good' });
    expect(area('city', 'Hyderabad')).toMatchObject({ known: 2, level: 'thin' });
    expect(area('city', 'Chennai')!.suppliers).toEqual([{ name: 'Torrent Gas' }]);
    // Each kind once, in order: countries, states, cities.
    const kinds = body.areas.map((a) => a.kind);
    expect(kinds).toEqual(
      [...kinds].sort(
        (a, b) => ['country', 'state', 'city'].indexOf(a) - ['country', 'state', 'city'].indexOf(b),
      ),
    );
  });

  it('refuses a parameter on GET /api/coverage, naming it', async () => {
    const res = await get('/api/coverage?state=Delhi');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'state' })]);
  });

  it('describes coverage in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json();
    const list = doc.paths['/api/coverage'].get;
    expect(list.tags).toEqual(['coverage']);
    expect(Object.keys(list.responses)).toEqual(['200', '400', '429']);
    expect(
      list.responses['200'].content['application/json'].schema.properties.areas.items.properties.official,
    ).toBeDefined();
    const nearest =
      doc.paths['/api/stations/nearest'].get.responses['200'].content['application/json'].schema;
    expect(nearest.properties.coverage.properties.level.enum).toEqual(['good', 'partial', 'thin', 'none']);
  });
});
