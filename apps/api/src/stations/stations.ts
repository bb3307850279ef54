// The stations slice's public entry: the read API (index, station search, presenters, routes) as other slices
// and the app see it; place search is the places slice (places/places.ts). Anything not exported here is the slice's own business (ADR 0015).
export { isGenericName, normaliseCompanies, shortOf } from './company-aliases';
export { LIST_CACHE_CONTROL, RATE_LIMITED_RESPONSE } from './present';
export { StationIndex } from './station-index';
export type { PreparedIndex } from './station-index-build';
export { prepareStationIndex } from './station-index-build';
export {
  default as stationIndexPlugin,
  type StationIndexHolder,
  type StatusProvider,
} from './station-index-plugin';
export { countActiveStations } from './station-index-repository';
export { indexedStation, type LonLat, requireStation, stationPositions } from './station-lookup';
export { default as stationRoutes } from './station-routes';

/** Where stations are, by id: the station index first (see station-lookup.ts). */
export type PositionsOf = (ids: readonly string[]) => Promise<Map<string, { lon: number; lat: number }>>;
