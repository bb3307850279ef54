import {
  ApiErrorSchema,
  bearingDeg,
  NearestQuerySchema,
  NearestResponseSchema,
  operatorQueryText,
  STATION_API_LIMITS,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JsonBytes } from '../lib/json-bytes';
import {
  addStationJson,
  badInput,
  JSON_CONTENT_TYPE,
  LIST_CACHE_CONTROL,
  RATE_LIMITED_RESPONSE,
} from './present';

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
          'live status. Filters apply before `limit`. `coverage` says how complete our list is around the point ' +
          '(ADR 0030): where it is `thin` or `none`, a closer station we do not know may exist.',
        querystring: NearestQuerySchema,
        response: { 200: NearestResponseSchema, 400: ApiErrorSchema, 429: RATE_LIMITED_RESPONSE },
      },
    },
    // Not async: the answer is ready synchronously, and a promise per request would only add a turn.
    (request, reply) => {
      const { lat, lon, openNow, operator, status } = request.query;
      const {
        limit = STATION_API_LIMITS.nearestDefaultLimit,
        radiusKm = STATION_API_LIMITS.nearestDefaultRadiusKm,
      } = request.query;
      const index = app.stationIndex.current;
      const now = new Date();
      const statusProvider = app.statusProvider;
      const operatorText = operator === undefined ? null : operatorQueryText(operator);
      // Spaces around the text are no part of it (the app trims its filter box the same way): blanks alone
      // would otherwise pass the schema's length and filter nothing.
      if (operatorText !== null && operatorText.length < 2)
        throw badInput('operator', 'must have at least 2 characters besides spaces');
      const statuses = status ? new Set(status.split(',')) : null;
      const keep =
        operatorText || statuses || openNow !== undefined
          ? (i: number) =>
              (!operatorText || index.operatorMatches(i, operatorText)) &&
              (openNow === undefined || index.openNow(i, now) === openNow) &&
              (!statuses || statuses.has(statusProvider.summaryFor(index.idOf(i)).status))
          : undefined;
      const hits = index.nearest.nearest(lon, lat, limit, radiusKm, keep);
      // Serialised here, as UTF-8 (see addStationJson): NearestResponseSchema, field for field.
      const out = new JsonBytes().text(
        `{"lon":${lon},"lat":${lat},"radiusKm":${radiusKm},"count":${hits.length},"stations":[`,
      );
      for (let k = 0; k < hits.length; k++) {
        const { index: i, distanceKm } = hits[k]!;
        const bearing = bearingDeg(lon, lat, index.nearest.lonOf(i), index.nearest.latOf(i));
        if (k > 0) out.text(',');
        addStationJson(
          out,
          index,
          i,
          now,
          statusProvider,
          `,"distanceKm":${distanceKm},"bearingDeg":${bearing}`,
        );
      }
      reply.header('Cache-Control', LIST_CACHE_CONTROL).type(JSON_CONTENT_TYPE);
      // The point's coverage, kept as bytes per grid cell and snapshot (ADR 0030).
      out.text('],"coverage":').add(app.coverage.jsonAt(index, lon, lat));
      reply.send(out.text('}').finish() as never);
    },
  );
};
export default nearestRoute;
