import { ApiErrorSchema, StatusListQuerySchema, StatusListSchema, type StatusSummary } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { StatusCache } from './status-cache';

/**
 * GET /api/status?stations=a,b: the current status of up to 200 stations in one answer, from the cache (no
 * query). Clients call it after a `reset` event, when the stream could not replay what they missed.
 */
export function statusListRoutes(cache: StatusCache): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/status',
      {
        schema: {
          tags: ['status'],
          summary: 'Current status of some stations (unknown ids answer "unknown")',
          querystring: StatusListQuerySchema,
          response: { 200: StatusListSchema, 400: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const now = Date.now();
        const ids = [...new Set(request.query.stations.split(','))];
        // fromEntries defines own properties: an id like "__proto__" stays an ordinary key.
        const statuses: Record<string, StatusSummary> = Object.fromEntries(
          ids.map((id) => [id, cache.summaryFor(id, now)]),
        );
        reply.header('Cache-Control', 'no-cache');
        return { statuses };
      },
    );
  };
}
