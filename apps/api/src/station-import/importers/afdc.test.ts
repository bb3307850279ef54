import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer } from '../../test-support/loopback-server';
import { AFDC_NY, byReason } from '../../test-support/source-files';
import { parseAfdc } from './afdc';
import { fetchAfdc } from './afdc-client';
import { loadImport } from './load-import';

// Test fixture (not served anywhere) using the field names of the AFDC alt-fuel-stations v1 API.
const base = {
  fuel_type_code: 'CNG',
  status_code: 'E',
  access_code: 'public',
  country: 'US',
  geocode_status: 'GPS',
  cng_fill_type_code: 'B',
  cng_psi: '3000 3600',
  cng_vehicle_class: 'LD MD HD',
  access_days_time: '24 hours daily',
};
const STATIONS = [
  {
    ...base,
    id: 1001,
    station_name: 'Test CNG A',
    street_address: '1 Main St',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    latitude: 39.7392,
    longitude: -104.9903,
    station_phone: '303-555-0100',
  },
  {
    ...base,
    id: 1002,
    station_name: 'Test CNG B',
    city: 'Toronto',
    state: 'ON',
    country: 'CA',
    latitude: 43.6532,
    longitude: -79.3832,
    cng_fill_type_code: 'T',
    geocode_status: '200-8',
    access_days_time: '6am-10pm M-F',
  },
  { ...base, id: 1003, station_name: 'Planned', latitude: 40, longitude: -105, status_code: 'P' },
  { ...base, id: 1004, station_name: 'Fleet only', latitude: 40, longitude: -105, access_code: 'private' },
  { ...base, id: 1005, station_name: 'Electric', latitude: 40, longitude: -105, fuel_type_code: 'ELEC' },
  { ...base, id: 1006, station_name: 'Not in the US', latitude: 48.85, longitude: 2.35 },
];
const JSON_BODY = JSON.stringify({
  station_locator_url: 'https://afdc.energy.gov/stations/',
  total_results: 6,
  fuel_stations: STATIONS,
});
const CSV_BODY = [
  'Fuel Type Code,Station Name,Street Address,City,State,ZIP,Station Phone,Status Code,Access Days Time,Latitude,Longitude,ID,Country,Geocode Status,NG Fill Type Code,NG PSI,NG Vehicle Class,Access Code',
  'CNG,Test CNG A,1 Main St,Denver,CO,80202,303-555-0100,E,24 hours daily,39.7392,-104.9903,1001,US,GPS,Q,3600,HD,public',
  'CNG,Bad coords,,Denver,CO,,,E,,abc,-104.99,1007,US,GPS,,,,public',
].join('\n');

describe('afdc importer', () => {
  it('maps fill type, pressures, vehicle classes and 24-hour access from the JSON API answer', () => {
    const p = parseAfdc(JSON_BODY, 'afdc.json');
    expect(p.candidates.map((c) => c.sourceId)).toEqual(['1001', '1002']);
    const [a, b] = p.candidates.map((c) => c.record);
    expect(a!.cng).toEqual({
      fillType: 'both',
      pressurePsi: [3000, 3600],
      vehicleClass: 'light-duty, medium-duty, heavy-duty',
      open24x7: true,
    });
    expect(a).toMatchObject({
      openingHours: '24/7',
      region: 'CO',
      countryCode: 'US',
      coordinateQuality: 'government',
      address: '1 Main St, 80202',
    });
    expect(b).toMatchObject({ countryCode: 'CA', coordinateQuality: 'geocoded', openingHours: null });
    expect(b!.cng.fillType).toBe('time');
    // "6am-10pm M-F" is not read as a schedule: unknown, not "not 24/7".
    expect(b!.cng.open24x7).toBeNull();
    expect(byReason(p.rejected)).toEqual({ 'not-open': 2, 'not-cng': 1, 'outside-country': 1 });
  });

  it('reads "24 hours" (without "daily") as open around the clock', () => {
    const one = (hours: string) =>
      parseAfdc(JSON.stringify([{ ...STATIONS[0], access_days_time: hours }]), 'afdc.json').candidates[0]!
        .record;
    expect(one('24 hours')).toMatchObject({ openingHours: '24/7', cng: { open24x7: true } });
    expect(one('24 hours; pay lot')).toMatchObject({ openingHours: '24/7', cng: { open24x7: true } });
    expect(one('24 hours; closed Sundays')).toMatchObject({ openingHours: null, cng: { open24x7: null } });
  });

  it('reads the CSV download with its header names (old "NG …" spelling included)', () => {
    const p = parseAfdc(CSV_BODY, 'afdc.csv');
    expect(p.candidates).toHaveLength(1);
    expect(p.candidates[0]!.record.cng).toMatchObject({
      fillType: 'fast',
      pressurePsi: [3600],
      vehicleClass: 'heavy-duty',
    });
    expect(byReason(p.rejected)).toEqual({ 'non-numeric-coordinates': 1 });
  });

  it('fails clearly on wrong columns and empty input', () => {
    expect(() => parseAfdc('a,b\n1,2', 'x.csv')).toThrow('wrong columns: missing id, station_name');
    expect(() => parseAfdc('', 'x.csv')).toThrow('is empty');
    expect(() => parseAfdc('{"x":1}', 'x.json')).toThrow('no "fuel_stations" array');
  });
});

describe('AFDC API client', () => {
  let server: Awaited<ReturnType<typeof startLoopbackServer>>;
  beforeAll(async () => {
    server = await startLoopbackServer(8113, (req) =>
      req.url.includes('api_key=test-key')
        ? { status: 200, body: JSON_BODY }
        : { status: 403, body: '{"error":"API_KEY_INVALID"}' },
    );
  });
  afterAll(() => server.close());

  it('asks for public, available CNG stations with the key from the environment', async () => {
    const p = await loadImport('afdc', ['api'], {
      afdcApiKey: 'test-key',
      afdcUrl: `${server.url}/api/alt-fuel-stations/v1.json`,
    });
    const url = new URL(server.requests.at(-1)!.url, server.url);
    expect(url.pathname).toBe('/api/alt-fuel-stations/v1.json');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      fuel_type: 'CNG',
      status: 'E',
      access: 'public',
      limit: 'all',
    });
    expect(p.candidates).toHaveLength(2);
    // The key never reaches the recorded inputs.
    expect(p.inputs.join(' ')).not.toContain('test-key');
  });

  it('says how to get a key when none is set, and reports a refused key without printing it', async () => {
    await expect(fetchAfdc('')).rejects.toThrow('AFDC_API_KEY is not set');
    await expect(fetchAfdc('wrong-key', { baseUrl: server.url })).rejects.toThrow(/HTTP 403.*/);
    await expect(fetchAfdc('wrong-key', { baseUrl: server.url })).rejects.not.toThrow(/wrong-key/);
  });
});

describe('the AFDC importer on the real AFDC CSV (New York, 2025-04)', () => {
  it('takes the 23 CNG stations of 4,857 rows and maps every CNG field the export has', async () => {
    const parsed = await loadImport('afdc', [AFDC_NY]);
    expect(parsed.read).toBe(4_857);
    expect(parsed.candidates).toHaveLength(23);
    expect(byReason(parsed.rejected)).toEqual({ 'not-cng': 4_834 });
    const greenpoint = parsed.candidates.find((c) => c.sourceId === '108')!.record;
    expect(greenpoint).toMatchObject({
      name: 'Clean Energy - Greenpoint - National Grid',
      address: '287 Maspeth Ave, 11211',
      city: 'Brooklyn',
      region: 'NY',
      countryCode: 'US',
      openingHours: '24/7',
      accessHours: '24 hours daily; call 866-809-4869 for Clean Energy card',
      sourceConfirmedAt: '2024-12-10T00:00:00.000Z',
      cng: {
        fillType: 'fast',
        pressurePsi: [3000, 3600],
        vehicleClass: 'heavy-duty',
        open24x7: true,
        dispensers: 1,
        renewable: true,
      },
    });
    // Hours in words are kept as AFDC writes them, never turned into a guessed schedule.
    const vanNest = parsed.candidates.find((c) => c.sourceId === '129')!.record;
    expect(vanNest).toMatchObject({
      openingHours: null,
      accessHours: '8am-6pm M-F; call 718-204-4048 to arrange for card key',
      cng: { open24x7: null, pressurePsi: [3000], vehicleClass: 'medium-duty' },
    });
    expect(parsed.candidates.every((c) => c.record.cng.fillType !== null)).toBe(true);
    expect(parsed.candidates.filter((c) => c.record.cng.renewable === true)).toHaveLength(12);
  });
});
