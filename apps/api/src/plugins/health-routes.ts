import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { countActiveStations } from '../db/health-repository';
import { CachedCheck } from '../lib/cached-check';

/**
 * How long one database check answers health requests. Load balancers poll every few seconds; a busy
 * checker (or a flood) then costs the database one query a second instead of one per request.
 */
export const HEALTH_DB_CHECK_MAX_AGE_MS = 1000;

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  dialect: Type.String(),
  stations: Type.Union([Type.Integer(), Type.Null()], { description: 'Active stations in the database' }),
  version: Type.String(),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const check = new CachedCheck(() => countActiveStations(app.db), HEALTH_DB_CHECK_MAX_AGE_MS);
  app.get(
    '/api/health',
    {
      // Health checks must answer even while a flood from the checker's address (a load balancer, a
      // proxy) is being limited.
      config: { rateLimit: false },
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database reachability',
        description:
          'The database is asked at most once a second; a failure is never reused, so the next check asks again.',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const base = { dialect: app.dbHandle.dialect, version: app.appVersion };
      try {
        const stations = await check.get();
        reply.header('Cache-Control', 'no-store');
        return { status: 'ok' as const, database: 'ok' as const, stations, ...base };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'unreachable', stations: null, ...base });
      }
    },
  );
};
export default healthRoutes;
