import { bearingDeg, cardinalOf, type NameParts } from '@cng/shared';
import { placeGazetteer } from '../places/places';
import { isGenericName, shortOf } from '../stations/stations';

/** Parts of an Indian address that number a plot, not a place ("Gut No", "Plot No", "Survey No"). */
const PLOT_WORDS = /^(gut|gat|plot|survey|s\.?\s*no|sr\.?\s*no|khasra|shop|no\.?)\b/i;

/** How far the locality of a generic name may be: beyond it the station is "somewhere", not "near X". */
const LOCALITY_MAX_KM = 30;
/** Within this distance a station is "at" the place; beyond it the name says how far and which way. */
const AT_PLACE_KM = 0.5;

/** What a display name is made of: the station's stored fields. Coordinates are lon, lat. */
export interface Nameable {
  name: string;
  brand: string | null;
  operator: string | null;
  address: string | null;
  city: string | null;
  lon: number;
  lat: number;
}

/** The place nearest (lon, lat) with its distance, from the GeoNames gazetteer (loaded on first use). */
export type Locate = (
  lon: number,
  lat: number,
) => { name: string; lon: number; lat: number; distanceKm: number } | null;

export const locateInGazetteer: Locate = (lon, lat) => {
  const gazetteer = placeGazetteer();
  const hit = gazetteer.nearestPlace(lon, lat, LOCALITY_MAX_KM);
  if (!hit) return null;
  const place = gazetteer.place(hit.place);
  return { name: place.name, lon: place.lon, lat: place.lat, distanceKm: hit.distanceKm };
};

/** The name to show, and its parts when the importer made it (null: the source's own name is kept). */
export interface DisplayName {
  text: string;
  parts: NameParts | null;
}

/** The English text of a made name: the API's `displayName` (clients word `nameParts` themselves). */
function textOf(parts: NameParts): string {
  switch (parts.kind) {
    case 'street':
      return `${parts.label} · ${parts.street}`;
    case 'city':
      return `${parts.label} · ${parts.city}`;
    case 'position':
      return `${parts.label} · ${parts.lat.toFixed(3)}, ${parts.lon.toFixed(3)}`;
    case 'place': {
      if (parts.distanceKm === null) return `${parts.label} · ${parts.place}`;
      const km = parts.distanceKm < 10 ? parts.distanceKm.toFixed(1) : String(Math.round(parts.distanceKm));
      return `${parts.label} · ${km} km ${parts.cardinal} of ${parts.place}`;
    }
  }
}

/** How a generic-named station is placed: its street, its source's town, or the nearest named place. */
function partsOf(s: Nameable, label: string, locate: Locate): NameParts {
  const street = s.address
    ?.split(',')
    .map((part) => part.trim())
    // A street names a place with a word of three letters or more ("Via Roma 12", "SS 100 km 12,5").
    .find((part) => /\p{L}{3,}/u.test(part) && !PLOT_WORDS.test(part));
  if (street) return { kind: 'street', label, street };
  // The town the source gives ("Eni · NOICATTARO"): short, and what a driver reads on the signs.
  if (s.city) return { kind: 'city', label, city: s.city };
  const place = locate(s.lon, s.lat);
  if (!place) return { kind: 'position', label, lat: s.lat, lon: s.lon };
  if (place.distanceKm < AT_PLACE_KM)
    return { kind: 'place', label, place: place.name, distanceKm: null, cardinal: null };
  // One decimal near the place, whole km farther: as precise as the text says.
  const distanceKm =
    place.distanceKm < 10 ? Math.round(place.distanceKm * 10) / 10 : Math.round(place.distanceKm);
  const cardinal = cardinalOf(bearingDeg(place.lon, place.lat, s.lon, s.lat));
  return { kind: 'place', label, place: place.name, distanceKm, cardinal };
}

/**
 * The name a driver can tell apart from its neighbours' (ADR 0004). A source name that says only who runs the
 * pump ("Hp", "Igl", "CNG Station", "Indraprastha Gas Limited") becomes "brand or operator · locality": the
 * street of its address when it has one, else the town its source gives, else the nearest named place, with
 * the distance and direction from it when the station is not in it ("HPCL · 2.1 km S of New Delhi"). Any
 * other name is kept as it is. The parts go with the text, so clients can word it in their reader's language.
 */
export function displayNameOf(s: Nameable, locate: Locate = locateInGazetteer): DisplayName {
  if (!isGenericName(s.name)) return { text: s.name, parts: null };
  const label = s.brand ?? shortOf(s.operator) ?? s.operator ?? 'CNG';
  const parts = partsOf(s, label, locate);
  return { text: textOf(parts), parts };
}
