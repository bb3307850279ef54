import {
  ApiErrorSchema,
  bearingDeg,
  type Coverage,
  distanceKm,
  type PlaceHit,
  SearchQuerySchema,
  SearchResponseSchema,
  STATION_API_LIMITS,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PLACE_ATTRIBUTION, placeGazetteerReady } from '../places/places';
import { LIST_CACHE_CONTROL, parseLatLon, presentStation, RATE_LIMITED_RESPONSE } from './present';
import type { StationIndex } from './station-index';

/** How fast nearness outweighs relevance: a match 100 km away counts half as much as one here. */
const NEAR_HALF_SCORE_KM = 100;

/** Parses `near=lat,lon`; throws a 400 naming `near` and the broken rule. */
const parseNear = (raw: string) => parseLatLon(raw, 'near');

/** Places named like `q` from the gazetteer, each with the distance to its nearest station. */
async function searchPlaces(
  index: StationIndex,
  coverageAt: (lon: number, lat: number) => Coverage,
  q: string,
  limit: number,
  near: { lat: number; lon: number } | null,
  country: string | null,
): Promise<PlaceHit[]> {
  const gazetteer = await placeGazetteerReady();
  // The driver's country and division come from where they are; without a position, from the browser.
  const prefer =
    (near && gazetteer.preferenceAt(near.lon, near.lat)) ?? (country ? { countryCode: country } : null);
  return gazetteer.search(q, { limit, near: near ?? undefined, prefer }).map((m) => {
    const place = gazetteer.place(m.place);
    const nearest = index.nearest.nearest(place.lon, place.lat, 1)[0];
    const hit: PlaceHit = {
      ...place,
      nearestStationKm: nearest ? nearest.distanceKm : null,
      score: m.score,
      coverage: coverageAt(place.lon, place.lat),
    };
    if (m.distanceKm !== undefined) hit.distanceKm = m.distanceKm;
    if (m.within !== undefined) hit.within = gazetteer.place(m.within).name;
    return hit;
  });
}

/** GET /api/stations/search: stations by name, brand, operator, city, region or address, and places by name. */
const searchRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/stations/search',
    {
      schema: {
        tags: ['stations'],
        summary: 'Search stations, and places to search around',
        description:
          'Tolerates typos and missing accents, matches word starts (3+ letters); only the first ' +
          `${STATION_API_LIMITS.searchMaxTerms} words count. \`results\`: stations whose name, brand, operator, ` +
          'city, region or address match. `places`: cities, towns and villages (GeoNames, 1,000+ inhabitants) and ' +
          'the suburbs and localities of the countries-states-cities database whose name matches, each with `nearestStationKm` and its `coverage` (ADR 0030); ask `/api/stations/nearest` at a place for the ' +
          `stations around it. With \`near=lat,lon\`, nearer stations rank higher (relevance / (1 + distanceKm / ` +
          `${NEAR_HALF_SCORE_KM})), and so do nearer places; both then carry distanceKm. Places in the driver's ` +
          'country and division (from `near`, else `country`) rank first.',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 400: ApiErrorSchema, 429: RATE_LIMITED_RESPONSE },
      },
    },
    async (request, reply) => {
      const { q, limit = STATION_API_LIMITS.searchDefaultLimit } = request.query;
      const near = request.query.near === undefined ? null : parseNear(request.query.near);
      const index = app.stationIndex.current;
      const now = new Date();
      let matches = index.search.search(q).map((m) => {
        if (!near) return { ...m, distanceKm: undefined as number | undefined };
        const d = distanceKm(near.lon, near.lat, index.nearest.lonOf(m.index), index.nearest.latOf(m.index));
        return { index: m.index, score: m.score / (1 + d / NEAR_HALF_SCORE_KM), distanceKm: d };
      });
      if (near) matches.sort((a, b) => b.score - a.score || a.index - b.index);
      matches = matches.slice(0, limit);
      const results = matches.map((m) => {
        const summary = presentStation(index, m.index, now, app.statusProvider);
        if (!near || m.distanceKm === undefined) return { ...summary, score: m.score };
        return {
          ...summary,
          score: m.score,
          distanceKm: m.distanceKm,
          bearingDeg: bearingDeg(near.lon, near.lat, summary.lon, summary.lat),
        };
      });
      const country = request.query.country?.toUpperCase() ?? null;
      const places = await searchPlaces(
        index,
        (lon, lat) => app.coverage.at(index, lon, lat),
        q,
        Math.min(limit, STATION_API_LIMITS.searchMaxPlaces),
        near,
        country,
      );
      reply.header('Cache-Control', LIST_CACHE_CONTROL);
      return places.length > 0
        ? { count: results.length, results, places, attribution: PLACE_ATTRIBUTION }
        : { count: results.length, results, places };
    },
  );
};
export default searchRoute;
