// The places slice's public entry: place search (ADR 0011) as the other slices and the app see it. The
// gazetteer merges GeoNames' cities with the localities of the countries-states-cities database, is kept as a
// compact file built in a child process, and answers "which place is this text" and "what is near this point".
// Anything not exported here is the slice's own business (ADR 0015, 0035).
export {
  PLACE_ATTRIBUTION,
  placeFileBuilt,
  placeGazetteer,
  placeGazetteerLoadedFrom,
  placeGazetteerReady,
  placeGazetteerUnlessWarming,
  preloadPlaceGazetteer,
  setPlaceCacheDir,
  warmPlaceGazetteer,
} from './place-gazetteer';
export type { PlaceColumns } from './place-index';
