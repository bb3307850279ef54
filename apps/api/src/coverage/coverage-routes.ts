import { ApiErrorSchema, CoverageListResponseSchema } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIST_CACHE_CONTROL, RATE_LIMITED_RESPONSE } from '../stations/stations';

/** GET /api/coverage: how complete the station list is, area by area. */
const coverageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/coverage',
    {
      schema: {
        tags: ['coverage'],
        summary: 'How complete the station list is, by area',
        description:
          'Every area of the coverage fact tables: countries and Indian states with an official CNG station ' +
          'count, and the listed cities (within 25 km of their centre), each with the stations we know there, ' +
          'the official count with its date and source, the gas companies authorised to sell CNG there, and a ' +
          'level (ADR 0030). Official counts are as of their date: lower bounds today. Takes no parameters.',
        response: { 200: CoverageListResponseSchema, 400: ApiErrorSchema, 429: RATE_LIMITED_RESPONSE },
      },
    },
    async (_request, reply) => {
      const index = app.stationIndex.current;
      reply.header('Cache-Control', LIST_CACHE_CONTROL);
      return {
        builtAt: index.builtAt,
        officialIsLowerBound: true as const,
        areas: app.coverage.areas(index),
      };
    },
  );
};
export default coverageRoutes;
