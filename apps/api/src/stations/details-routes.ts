import { createHash } from 'node:crypto';
import { ApiErrorSchema, StationIdParamsSchema, StationSummarySchema } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badInput, presentStation, RATE_LIMITED_RESPONSE } from './present';

/** GET /api/stations/:id: one station with every source and licence; ETag for cheap revalidation. */
const detailsRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/stations/:id',
    {
      schema: {
        tags: ['stations'],
        summary: 'One station with all its sources and licences',
        description: 'Answers 304 when `If-None-Match` carries the current ETag (or `*`).',
        params: StationIdParamsSchema,
        response: {
          200: StationSummarySchema,
          // No body at all (typed void, so send() takes no payload that would be serialised as "null").
          304: Type.Unsafe<void>({ type: 'null', description: 'Not Modified' }),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
          429: RATE_LIMITED_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const index = app.stationIndex.current;
      const position = index.positionOf(request.params.id);
      if (position === undefined) throw badInput('id', 'is not a known active station', 404);
      const station = presentStation(index, position, new Date(), app.statusProvider);
      // The tag covers everything in the answer, live status and openNow included.
      const etag = `"${createHash('sha1').update(JSON.stringify(station)).digest('base64url')}"`;
      reply.header('ETag', etag);
      reply.header('Cache-Control', 'public, max-age=30');
      // `*` matches any current representation (RFC 9110 §13.1.2): the station exists, so it matches.
      const ifNoneMatch = request.headers['if-none-match'];
      const tags = ifNoneMatch?.split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (tags?.some((t) => t === etag || t === '*')) {
        return reply.code(304).send();
      }
      return station;
    },
  );
};
export default detailsRoute;
