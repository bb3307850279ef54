// The health slice's public entry: GET /api/health, the service's liveness and database reachability (ADR 0015).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { CachedCheck } from '../lib/cached-check';
import { countActiveStations } from '../stations/stations';

/**
 * How long one database check answers health requests. Load balancers poll every few seconds; a busy
 * checker (or a flood) then costs the database one query a second instead of one per request.
 */
export const HEALTH_DB_CHECK_MAX_AGE_MS = 1000;

/** The content type Fastify gives JSON; a string sent with it goes out as it is, unserialised. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('ok'), Type.Literal('unreachable'), Type.Literal('unwritable')], {
    description:
      'unreachable: the check query failed; unwritable: it answers, but writes fail (a full disk, a read-only file)',
  }),
  dialect: Type.String(),
  stations: Type.Union([Type.Integer(), Type.Null()], { description: 'Active stations in the database' }),
  version: Type.String(),
});

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const check = new CachedCheck(() => countActiveStations(app.db), HEALTH_DB_CHECK_MAX_AGE_MS);
  const base = { dialect: app.dbHandle.dialect, version: app.appVersion };
  // The 200 answer as HealthSchema serialises it (same fields, same order), made once per station count.
  let ok: { stations: number; body: string } | null = null;
  const okBody = (stations: number) => {
    if (ok?.stations !== stations) {
      const body = { status: 'ok', database: 'ok', dialect: base.dialect, stations, version: base.version };
      ok = { stations, body: JSON.stringify(body) };
    }
    return ok.body;
  };
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
    // Not async: while the last check is fresh (nearly always) the answer is ready synchronously, as text.
    (_request, reply) => {
      // The check query answers, but the last write failed (a full disk, a read-only file): down all the same.
      const answer = (stations: number) => {
        reply.header('Cache-Control', 'no-store');
        if (app.dbWrites.down())
          reply.code(503).send({ status: 'error', database: 'unwritable', stations, ...base });
        else reply.type(JSON_CONTENT_TYPE).send(okBody(stations) as never);
      };
      const fresh = check.fresh();
      if (fresh) {
        answer(fresh.value);
        return;
      }
      check.get().then(
        (stations) => answer(stations),
        (err: unknown) => {
          app.log.error({ err }, 'health check: database unreachable');
          reply.header('Cache-Control', 'no-store');
          reply.code(503).send({ status: 'error', database: 'unreachable', stations: null, ...base });
        },
      );
    },
  );
};
export default healthRoutes;
