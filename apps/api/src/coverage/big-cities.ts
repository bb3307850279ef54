import { COVERAGE_BIG_CITY_POPULATION } from '@cng/shared';
import type { PlaceColumns } from '../places/places';
import type { BigCity } from './coverage-model';

/** The places of COVERAGE_BIG_CITY_POPULATION inhabitants or more (GeoNames populations of the place index). */
export function bigCitiesOf(columns: PlaceColumns): BigCity[] {
  const out: BigCity[] = [];
  const { populations, names, lons, lats } = columns;
  for (let i = 0; i < populations.length; i++) {
    const population = populations[i]!;
    if (population >= COVERAGE_BIG_CITY_POPULATION)
      out.push({ name: names.at(i)!, population, lon: lons[i]!, lat: lats[i]! });
  }
  return out;
}
