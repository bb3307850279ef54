import {
  COVERAGE_BIG_CITY_MIN_KNOWN,
  COVERAGE_BIG_CITY_RADIUS_KM,
  COVERAGE_CITY_RADIUS_KM,
  COVERAGE_LEVELS,
  COVERAGE_NEARBY_KM,
  COVERAGE_PARTIAL_SHARE,
  COVERAGE_THIN_SHARE,
  type Coverage,
  type CoverageArea,
  type CoverageAreaRef,
  type CoverageLevel,
  distanceKm,
  type OfficialCount,
} from '@cng/shared';
import { aggregateFeature, iso1A2Code } from '@rapideditor/country-coder';
import type { NearestIndex } from '../geo/nearest-index';
import { type CoverageCity, type CoverageFacts, foldName } from './coverage-facts';

/** A city of 1,000,000+ inhabitants (GeoNames, through the place gazetteer), for the sparse-city rule. */
export interface BigCity {
  name: string;
  population: number;
  lon: number;
  lat: number;
}

/** India's box: only stations in it are placed in a state polygon. */
const INDIA_BOX = { west: 68, south: 6, east: 98, north: 38 };

/**
 * The lon/lat box of a country's outline (country-coder: a country made of parts, such as India, has its
 * outline only as the union of them), or null for an unknown code.
 */
function countryBox(code: string): { west: number; south: number; east: number; north: number } | null {
  const geometry = aggregateFeature(code)?.geometry as { coordinates: unknown } | undefined;
  if (!geometry) return null;
  const box = { west: 180, south: 90, east: -180, north: -90 };
  const walk = (c: unknown): void => {
    if (!Array.isArray(c)) return;
    if (typeof c[0] === 'number') {
      const [lon, lat] = c as [number, number];
      box.west = Math.min(box.west, lon);
      box.east = Math.max(box.east, lon);
      box.south = Math.min(box.south, lat);
      box.north = Math.max(box.north, lat);
      return;
    }
    for (const part of c) walk(part);
  };
  walk(geometry.coordinates);
  return box.west <= box.east ? box : null;
}

const inBox = (box: { west: number; south: number; east: number; north: number }, lon: number, lat: number) =>
  lon >= box.west && lon <= box.east && lat >= box.south && lat <= box.north;

/** The level a known share of an official count earns (ADR 0030). */
export function shareLevel(known: number, official: OfficialCount): CoverageLevel {
  const share = official.count === 0 ? 1 : known / official.count;
  if (share < COVERAGE_THIN_SHARE) return 'thin';
  if (share < COVERAGE_PARTIAL_SHARE) return 'partial';
  return 'good';
}

/** The worse of two levels. */
const worse = (a: CoverageLevel, b: CoverageLevel) =>
  COVERAGE_LEVELS.indexOf(a) >= COVERAGE_LEVELS.indexOf(b) ? a : b;

/** A point rounded to the 0.01° grid coverage is judged on (~1 km). */
export const roundToGrid = (deg: number) => Math.round(deg * 100) / 100;

/**
 * The coverage of one station index snapshot: every area's known count, counted once when the model is made
 * (the snapshot never changes), and the rule that turns them into a level at a point (ADR 0030). A point's
 * own work is a few look-ups: its state polygon, the nearest listed and big city, and its known stations
 * within 25 km.
 */
export class CoverageModel {
  private readonly stateKnown = new Map<string, number>();
  /** The polygons' spelling of each state a station is in, by folded name. */
  private readonly stateSpelling = new Map<string, string>();
  private readonly countryKnown = new Map<string, number>();
  private readonly cityKnown: number[];
  private readonly bigCityKnown: number[];
  private readonly statesByName: Map<string, { name: string; official: OfficialCount }>;
  private readonly countriesByCode: Map<string, { name: string; official: OfficialCount }>;

  constructor(
    private readonly facts: CoverageFacts,
    private readonly stations: NearestIndex,
    private readonly bigCities: readonly BigCity[],
  ) {
    this.statesByName = new Map(
      facts.regions
        .filter((r) => r.kind === 'state')
        .map((r) => [foldName(r.name), { name: r.name, official: r.official }]),
    );
    this.countriesByCode = new Map(
      facts.regions
        .filter((r) => r.kind === 'country')
        .map((r) => [r.countryCode, { name: r.name, official: r.official }]),
    );
    const boxes = [...this.countriesByCode.keys()]
      .map((code) => ({ code, box: countryBox(code) }))
      .filter((c) => c.box !== null);
    const { lons, lats } = stations;
    for (let i = 0; i < stations.size; i++) {
      const lon = lons[i]!;
      const lat = lats[i]!;
      if (inBox(INDIA_BOX, lon, lat)) {
        const state = facts.stateAt(lon, lat);
        if (state !== null) {
          const key = foldName(state);
          this.stateKnown.set(key, (this.stateKnown.get(key) ?? 0) + 1);
          if (!this.stateSpelling.has(key)) this.stateSpelling.set(key, state);
        }
      }
      for (const { code, box } of boxes) {
        if (inBox(box!, lon, lat) && iso1A2Code([lon, lat]) === code)
          this.countryKnown.set(code, (this.countryKnown.get(code) ?? 0) + 1);
      }
    }
    this.cityKnown = facts.cities.map((c) => this.countWithin(c.lon, c.lat, COVERAGE_CITY_RADIUS_KM));
    this.bigCityKnown = bigCities.map((c) => this.countWithin(c.lon, c.lat, COVERAGE_BIG_CITY_RADIUS_KM));
  }

  private countWithin(lon: number, lat: number, km: number): number {
    return this.stations.nearest(lon, lat, Number.POSITIVE_INFINITY, km).length;
  }

  /** The nearest listed city whose circle holds the point, as its position in the table, or -1. */
  private cityAt(lon: number, lat: number): number {
    let best = -1;
    let bestKm = COVERAGE_CITY_RADIUS_KM;
    this.facts.cities.forEach((c, k) => {
      const km = distanceKm(lon, lat, c.lon, c.lat);
      if (km <= bestKm) {
        best = k;
        bestKm = km;
      }
    });
    return best;
  }

  /** The nearest big city within COVERAGE_BIG_CITY_RADIUS_KM of the point, or -1. */
  private bigCityAt(lon: number, lat: number): number {
    let best = -1;
    let bestKm = COVERAGE_BIG_CITY_RADIUS_KM;
    // A quick latitude test first: most big cities are far from any point.
    const dLat = COVERAGE_BIG_CITY_RADIUS_KM / 111;
    for (let k = 0; k < this.bigCities.length; k++) {
      const c = this.bigCities[k]!;
      if (Math.abs(c.lat - lat) > dLat) continue;
      const km = distanceKm(lon, lat, c.lon, c.lat);
      if (km <= bestKm) {
        best = k;
        bestKm = km;
      }
    }
    return best;
  }

  private cityRef(k: number): CoverageAreaRef {
    const c = this.facts.cities[k]!;
    return { kind: 'city', name: c.name, known: this.cityKnown[k]!, official: c.official };
  }

  private stateRef(state: string): CoverageAreaRef {
    const key = foldName(state);
    const listed = this.statesByName.get(key);
    return {
      kind: 'state',
      name: listed?.name ?? state,
      known: this.stateKnown.get(key) ?? 0,
      official: listed?.official ?? null,
    };
  }

  private countryRef(code: string): CoverageAreaRef | null {
    const listed = this.countriesByCode.get(code);
    if (!listed) return null;
    return {
      kind: 'country',
      name: listed.name,
      known: this.countryKnown.get(code) ?? 0,
      official: listed.official,
    };
  }

  /**
   * The area a point is judged in: its listed city when that has an official count, else its state, else its
   * country, whichever first has one; with none, the most local of them (its official count null).
   */
  private areaAt(lon: number, lat: number, city: number): CoverageAreaRef | null {
    const state = inBox(INDIA_BOX, lon, lat) ? this.facts.stateAt(lon, lat) : null;
    const country = iso1A2Code([lon, lat]);
    const chain = [
      city >= 0 ? this.cityRef(city) : null,
      state === null ? null : this.stateRef(state),
      country === null ? null : this.countryRef(country),
    ].filter((a): a is CoverageAreaRef => a !== null);
    return chain.find((a) => a.official !== null) ?? chain[0] ?? null;
  }

  /** The coverage at (lon, lat), judged at the point rounded to the 0.01° grid. */
  at(lon: number, lat: number): Coverage {
    const gLon = roundToGrid(lon);
    const gLat = roundToGrid(lat);
    const knownNearby = this.countWithin(gLon, gLat, COVERAGE_NEARBY_KM);
    const city = this.cityAt(gLon, gLat);
    const area = this.areaAt(gLon, gLat, city);
    const suppliers = city >= 0 ? this.facts.cities[city]!.suppliers.map((name) => ({ name })) : [];
    let level: CoverageLevel = 'good';
    let basis: Coverage['basis'] = 'no-figure';
    if (area?.official) {
      level = shareLevel(area.known, area.official);
      basis = 'official-share';
    }
    // A state's or a country's figure says little about one city in it: a big city is also asked to hold a
    // handful of known stations, unless its own official count was what judged it.
    let bigCity: Coverage['bigCity'] = null;
    if (!(area?.kind === 'city' && area.official)) {
      const big = this.bigCityAt(gLon, gLat);
      if (big >= 0) {
        const { name, population } = this.bigCities[big]!;
        bigCity = { name, population, knownWithinKm: this.bigCityKnown[big]! };
        if (bigCity.knownWithinKm < COVERAGE_BIG_CITY_MIN_KNOWN && worse(level, 'thin') !== level) {
          level = 'thin';
          basis = 'sparse-big-city';
        }
      }
    }
    if (knownNearby === 0) {
      level = 'none';
      basis = 'none-nearby';
    }
    return {
      level,
      basis,
      knownNearby,
      nearbyKm: COVERAGE_NEARBY_KM,
      area,
      bigCity,
      suppliers,
      officialIsLowerBound: true,
    };
  }

  /** Every area: countries, then states, then cities, each by name (GET /api/coverage, the census). */
  areas(): CoverageArea[] {
    const regionLevel = (known: number, official: OfficialCount | null): CoverageLevel | null => {
      if (known === 0) return 'none';
      return official ? shareLevel(known, official) : null;
    };
    const share = (known: number, official: OfficialCount | null) =>
      official && official.count > 0 ? Math.round((known / official.count) * 1000) / 1000 : null;
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');
    const countries: CoverageArea[] = [...this.countriesByCode].map(([code, c]) => {
      const known = this.countryKnown.get(code) ?? 0;
      return {
        kind: 'country',
        name: c.name,
        countryCode: code,
        known,
        official: c.official,
        share: share(known, c.official),
        level: regionLevel(known, c.official),
        suppliers: [],
        sources: [],
      };
    });
    // Every state with a figure, a known station or a listed city.
    const stateNames = new Map<string, string>();
    for (const [key, s] of this.statesByName) stateNames.set(key, s.name);
    for (const c of this.facts.cities)
      if (!stateNames.has(foldName(c.state))) stateNames.set(foldName(c.state), c.state);
    for (const [key, name] of this.stateSpelling) if (!stateNames.has(key)) stateNames.set(key, name);
    const states: CoverageArea[] = [...stateNames.values()].map((name) => {
      const ref = this.stateRef(name);
      return {
        kind: 'state',
        name: ref.name,
        countryCode: 'IN',
        known: ref.known,
        official: ref.official,
        share: share(ref.known, ref.official),
        level: regionLevel(ref.known, ref.official),
        suppliers: [],
        sources: [],
      };
    });
    const cities: CoverageArea[] = this.facts.cities.map((c: CoverageCity, k) => ({
      kind: 'city',
      name: c.name,
      state: c.state,
      countryCode: c.countryCode,
      centre: { lat: c.lat, lon: c.lon },
      known: this.cityKnown[k]!,
      official: c.official,
      share: share(this.cityKnown[k]!, c.official),
      level: this.at(c.lon, c.lat).level,
      suppliers: c.suppliers.map((name) => ({ name })),
      sources: c.sources,
    }));
    return [...countries.sort(byName), ...states.sort(byName), ...cities.sort(byName)];
  }
}
