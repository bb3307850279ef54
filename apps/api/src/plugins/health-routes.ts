import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable')]),
  dialect: Type.String(),
  stations: Type.Union([Type.Integer(), Type.Null()], { description: 'Active stations in the database' }),
  version: Type.String(),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/health',
    {
      // Health checks must answer even while a flood from the checker's address (a load balancer, a
      // proxy) is being limited.
      config: { rateLimit: false },
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthSchema, 503: HealthSchema },
      },
    },
    async (_request, reply) => {
      const base = { dialect: app.dbHandle.dialect, version: app.appVersion };
      try {
        const row = await app.db
          .selectFrom('stations')
          .select(sql<number>`count(*)`.as('n'))
          .where('active', '=', 1)
          .executeTakeFirstOrThrow();
        reply.header('Cache-Control', 'no-store');
        return { status: 'ok' as const, database: 'ok' as const, stations: Number(row.n), ...base };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'unreachable', stations: null, ...base });
      }
    },
  );
};
export default healthRoutes;
