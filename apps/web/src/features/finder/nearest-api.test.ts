import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchStations } from '../search/search-api';
import { NO_FILTERS } from './finder-filters';
import { fetchNearest } from './nearest-api';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('finder API calls', () => {
  it('never lets the HTTP cache answer the nearest list (it would pass for live data)', async () => {
    const fetchMock = stubFetch({ count: 0, stations: [] });
    await fetchNearest({ lon: 16.87, lat: 41.12 }, NO_FILTERS);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/api\/stations\/nearest\?lat=41\.120000&lon=16\.870000/);
    expect(init.cache).toBe('no-store');
  });

  it('sends lat,lon for "near" in a search and hands back places when the server has them', async () => {
    const place = {
      name: 'Bari',
      adminCode: '13',
      countryCode: 'IT',
      lon: 16.87,
      lat: 41.12,
      population: 316_000,
      nearestStationKm: 1.2,
      score: 9,
    };
    const fetchMock = stubFetch({ count: 0, results: [], places: [place] });
    const res = await searchStations('bari', { lon: 16.9, lat: 41.1 });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toContain('near=41.10000%2C16.90000');
    expect(res.places).toEqual([place]);
  });
});
