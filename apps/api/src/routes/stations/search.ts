import { ApiErrorSchema, bearingDeg, distanceKm, SearchQuerySchema, SearchResponseSchema } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badInput, LIST_CACHE_CONTROL, parseNumberList, presentStation } from './present';

/** How fast nearness outweighs relevance: a match 100 km away counts half as much as one here. */
const NEAR_HALF_SCORE_KM = 100;

/** Parses `near=lat,lon`; throws a 400 naming `near` and the broken rule. */
function parseNear(raw: string): { lat: number; lon: number } {
  const numbers = parseNumberList(raw, 2);
  if (!numbers) throw badInput('near', 'must be lat,lon: two comma-separated numbers');
  const [lat, lon] = numbers as [number, number];
  if (lat < -90 || lat > 90) throw badInput('near', 'latitude must be between -90 and 90');
  if (lon < -180 || lon > 180) throw badInput('near', 'longitude must be between -180 and 180');
  return { lat, lon };
}

/** GET /api/stations/search: stations by name, brand, operator, city or address — for drivers without GPS. */
const searchRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/stations/search',
    {
      schema: {
        tags: ['stations'],
        summary: 'Search stations by name, brand, operator, city or address',
        description:
          'Tolerates typos and missing accents, matches word prefixes. With `near=lat,lon`, nearer matches ' +
          `rank higher (relevance / (1 + distanceKm / ${NEAR_HALF_SCORE_KM})) and carry distanceKm and bearingDeg.`,
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      const near = request.query.near === undefined ? null : parseNear(request.query.near);
      const index = app.stationIndex.current;
      const now = new Date();
      let matches = index.search.search(q.trim()).map((m) => {
        if (!near) return { ...m, distanceKm: undefined as number | undefined };
        const s = index.stations[m.index]!;
        const d = distanceKm(near.lon, near.lat, s.lon, s.lat);
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
      reply.header('Cache-Control', LIST_CACHE_CONTROL);
      return { count: results.length, results };
    },
  );
};
export default searchRoute;
