import { ApiErrorSchema, bearingDeg, NearestQuerySchema, NearestResponseSchema } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { foldText } from '../../geo/station-search';
import { LIST_CACHE_CONTROL, presentStation } from './present';

/** GET /api/stations/nearest: stations by great-circle distance from a point, with filters. */
const nearestRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/stations/nearest',
    {
      schema: {
        tags: ['stations'],
        summary: 'Nearest stations to a point',
        description:
          'Stations within `radiusKm` of (lat, lon), nearest first, by great-circle distance. Each carries ' +
          '`distanceKm`, `bearingDeg` (initial bearing from the query point, true north), `openNow` and its ' +
          'live status. Filters apply before `limit`.',
        querystring: NearestQuerySchema,
        response: { 200: NearestResponseSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { lat, lon, limit, radiusKm, openNow, operator, status } = request.query;
      const index = app.stationIndex.current;
      const now = new Date();
      const statusProvider = app.statusProvider;
      const operatorText = operator ? foldText(operator.trim()) : null;
      const statuses = status ? new Set(status.split(',')) : null;
      const keep =
        operatorText || statuses || openNow !== undefined
          ? (i: number) =>
              (!operatorText || index.operatorMatches(i, operatorText)) &&
              (openNow === undefined || index.openNow(i, now) === openNow) &&
              (!statuses || statuses.has(statusProvider.summaryFor(index.stations[i]!.id).status))
          : undefined;
      const hits = index.nearest.nearest(lon, lat, limit, radiusKm, keep);
      const stations = hits.map((hit) => {
        const summary = presentStation(index, hit.index, now, statusProvider);
        return {
          ...summary,
          distanceKm: hit.distanceKm,
          bearingDeg: bearingDeg(lon, lat, summary.lon, summary.lat),
        };
      });
      reply.header('Cache-Control', LIST_CACHE_CONTROL);
      return { lon, lat, radiusKm, count: stations.length, stations };
    },
  );
};
export default nearestRoute;
