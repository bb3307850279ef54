import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import candidates from './candidates/candidates';
import type { Config } from './config/env';
import { adminMessageRoutes, contactRoutes } from './contact/contact';
import { coveragePlugin } from './coverage/coverage';
import type { ChangeFeed } from './db/change-feed';
import type { DbHandle } from './db/database';
import { DatabaseWrites } from './db/db-outage';
import healthRoutes from './health/health';
import idempotency from './idempotency/idempotency';
import { setPlaceCacheDir } from './places/places';
import apiRateLimit from './plugins/api-rate-limit';
import corsPolicy from './plugins/cors-policy';
import errorHandler, {
  clientErrorHandler,
  frameworkErrorHandler,
  MAX_PARAM_LENGTH,
} from './plugins/error-handler';
import queryShape from './plugins/query-shape';
import { RequestLogPolicy } from './plugins/request-log';
import sameOriginWrites from './plugins/same-origin-writes';
import security, { securityHeaders } from './plugins/security';
import { trustProxyOption } from './plugins/trust-proxy';
import { partAwareValidatorFactory } from './plugins/validator-compilers';
import webApp from './plugins/web-app';
import writeDeadline from './plugins/write-deadline';
import proposals from './proposals/proposals';
import { type RoutingEngine, routingEngineOf } from './routing/routing';
import { type PreparedIndex, stationIndexPlugin, stationRoutes } from './stations/stations';
import { liveStatusPlugin } from './status/status';
import './types.d';

export const APP_VERSION = process.env.npm_package_version ?? '0.1.0';

export interface AppDeps {
  config: Config;
  dbHandle: DbHandle;
  changes: ChangeFeed;
  logger?: FastifyServerOptions['logger'];
  /**
   * The station index's first build, begun before the app was loaded (server.ts: a worker thread reads it
   * meanwhile); without it the index is built when the app is ready, after a test has filled its database.
   */
  firstIndex?: Promise<PreparedIndex>;
  /** The road routing engine; by default the one ROUTING_URL names (null when unset). */
  routingEngine?: RoutingEngine | null;
}

/** Builds the whole server from plugins: external ones, then ours, then routes, then the web app. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const headers = securityHeaders(config.TILE_URL);
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    logController: new RequestLogPolicy(config.LOG_REQUESTS),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 64 * 1024,
    // The station index's first build is awaited in an onReady hook; built in a worker thread (or read from
    // PostgreSQL) it leaves this thread free, so Fastify's default of 10 s would fail a start on a slow
    // machine with 200,000 stations. A plugin that hangs still fails the start, after two minutes.
    pluginTimeout: 120_000,
    // Query strings are text, so their numbers are coerced; JSON bodies are not (see partAwareValidatorFactory).
    ajv: { customOptions: { coerceTypes: 'array', allErrors: false, removeAdditional: false } },
    schemaController: { compilersFactory: { buildValidator: partAwareValidatorFactory() } },
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
    // Longer than any id (80 characters): an over-long id reaches its route and is answered 400 naming it.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  app.decorate('dbHandle', deps.dbHandle);
  app.decorate('db', deps.dbHandle.db);
  app.decorate('changes', deps.changes);
  app.decorate('dbWrites', new DatabaseWrites());
  // Every connection given back is the database at work: a write queued behind a burst is not facing an outage.
  deps.dbHandle.pgPool?.on('release', (err) => {
    if (!err) app.dbWrites.answered();
  });
  // A write answered 2xx reached the database: health stops reporting an earlier failure.
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method === 'POST' && reply.statusCode < 300) app.dbWrites.succeeded();
    done();
  });
  app.decorate('appVersion', APP_VERSION);
  app.decorate(
    'routingEngine',
    deps.routingEngine !== undefined ? deps.routingEngine : routingEngineOf(config),
  );

  await app.register(errorHandler);
  await app.register(queryShape);
  await app.register(security, { headers });
  await app.register(corsPolicy);
  await app.register(sameOriginWrites, { trustedOrigins: config.TRUSTED_ORIGINS });
  // The API's per-address budget; routes may set their own limit (config.rateLimit) or opt out.
  await app.register(apiRateLimit, { max: config.API_RATE_LIMIT_PER_MIN, windowMs: 60_000 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'CNG Navigator API',
        version: APP_VERSION,
        description:
          'Find CNG stations: nearest, in a box, along a route, by id, and live status reported by drivers. ' +
          'Coordinates are WGS84; distances in km; bearings in degrees from true north. Station data keeps its ' +
          'source licence and attribution (OpenStreetMap data © OpenStreetMap contributors, ODbL).',
      },
      components: {
        // Named by the admin and operator routes' `security`; without the definitions the document is invalid.
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'ADMIN_TOKEN of the server (admin routes, off when unset)',
          },
          operatorAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'OPERATOR_TOKEN of the server (official statuses, off when unset)',
          },
        },
      },
      tags: [
        { name: 'stations', description: 'Station search' },
        { name: 'coverage', description: 'How complete the station list is, and who else to ask' },
        { name: 'status', description: 'Live status from drivers' },
        { name: 'contact', description: 'Contact messages' },
        { name: 'proposals', description: 'Drivers add and correct stations; moderators decide' },
        { name: 'candidates', description: 'Fuel stations that may sell CNG: drivers answer, and agree' },
        { name: 'meta', description: 'Service health' },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  setPlaceCacheDir(config.PLACES_CACHE_DIR);
  await app.register(stationIndexPlugin, {
    pollMs: config.STATIONS_POLL_SEC * 1000,
    ...(deps.firstIndex ? { first: deps.firstIndex } : {}),
  });
  await app.register(coveragePlugin);
  await app.register(writeDeadline, { deadlineMs: config.WRITE_DEADLINE_MS });
  await app.register(idempotency);
  await app.register(healthRoutes);
  await app.register(contactRoutes);
  await app.register(adminMessageRoutes);
  await app.register(stationRoutes);
  await app.register(liveStatusPlugin);
  await app.register(proposals);
  await app.register(candidates);
  await app.register(webApp, { webDist: config.WEB_DIST });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
