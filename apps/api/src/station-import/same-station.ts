import { type CoordinateQuality, distanceKm } from '@cng/shared';

/** Two records this close are one station, whatever their names (ADR 0004). */
export const SAME_STATION_NEAR_M = 50;
/** Up to this far, records are one station when their brand or name also match. */
export const SAME_STATION_NAMED_M = 150;

/** What the rule looks at in a record or a stored station. Coordinates are lon, lat. */
export interface Comparable {
  lon: number;
  lat: number;
  name: string;
  brand: string | null;
  operator: string | null;
  coordinateQuality: CoordinateQuality;
}

// Words that say "fuel station" in any of our sources; they carry no identity.
const FILLER = new Set(
  'cng lng lpg gas gnc metano station stations petrol pump pumps fuel fuels filling service services the and of co ltd limited pvt private center centre outlet retail ro spa srl s r l p a di da del della distributore stazione impianto area'.split(
    ' ',
  ),
);

/** The identifying words of a name: lower case, accents and punctuation removed, filler dropped. */
export function nameTokens(name: string | null): Set<string> {
  if (!name) return new Set();
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2 && !FILLER.has(w));
  return new Set(words);
}

const overlaps = (a: Set<string>, b: Set<string>): boolean => {
  if (a.size === 0 || b.size === 0) return false;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  // Every identifying word of the shorter name appears in the longer one ("Eni" vs "Agip Eni").
  for (const w of small) if (!large.has(w)) return false;
  return true;
};

/** True when two records name the same business: brand, operator or name words agree. */
export function namesMatch(a: Comparable, b: Comparable): boolean {
  const aLabels = [a.brand, a.operator, a.name].map(nameTokens);
  const bLabels = [b.brand, b.operator, b.name].map(nameTokens);
  return aLabels.some((x) => bLabels.some((y) => overlaps(x, y)));
}

/**
 * The de-duplication rule, written once: within 50 m two records are one station; within 150 m they are when
 * brand or name match. A geocoded point (a village or PIN-code centre) says little about where the pump is,
 * so it only joins another record with a name match. Returns the distance in m, or null when not the same.
 */
export function sameStationDistanceM(a: Comparable, b: Comparable): number | null {
  const dM = distanceKm(a.lon, a.lat, b.lon, b.lat) * 1000;
  if (dM > SAME_STATION_NAMED_M) return null;
  const geocoded = a.coordinateQuality === 'geocoded' || b.coordinateQuality === 'geocoded';
  if (dM <= SAME_STATION_NEAR_M && !geocoded) return dM;
  return namesMatch(a, b) ? dM : null;
}
