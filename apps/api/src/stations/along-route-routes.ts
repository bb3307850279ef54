import {
  AlongRouteBodySchema,
  AlongRouteResponseSchema,
  ApiErrorSchema,
  STATION_API_LIMITS,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { alongRoute, RouteError } from '../geo/along-route';
import { decodePolyline, PolylineError } from '../geo/encoded-polyline';
import { answerPreflight, CORS_ALLOW_POST } from '../plugins/cors-policy';
import { badInput, presentStation, RATE_LIMITED_RESPONSE } from './present';

/** Share of the general per-IP budget that along-route gets (600 a minute → 60). */
const ALONG_ROUTE_RATE_SHARE = 10;

type Body = { polyline?: string; line?: { coordinates: number[][] } };

/** The route as `[lon, lat]` vertices from either body form; throws a 400 naming the field at fault. */
function routeLine(body: Body): [number, number][] {
  if (body.polyline !== undefined && body.line !== undefined) {
    throw badInput('polyline', 'cannot be sent together with line: send one route');
  }
  if (body.polyline !== undefined) {
    let points: [number, number][];
    try {
      points = decodePolyline(body.polyline, STATION_API_LIMITS.routeMaxVertices);
    } catch (err) {
      if (err instanceof PolylineError)
        throw badInput('polyline', `is not a valid encoded polyline: ${err.message}`);
      throw err;
    }
    if (points.length < 2) throw badInput('polyline', 'must have at least 2 points');
    return points;
  }
  if (body.line === undefined) throw badInput('polyline', 'is required (or line, a GeoJSON LineString)');
  return body.line.coordinates.map((position, i) => {
    const [lon, lat] = position as [number, number];
    if (
      !(Number.isFinite(lon) && lon >= -180 && lon <= 180 && Number.isFinite(lat) && lat >= -90 && lat <= 90)
    ) {
      throw badInput(`line.coordinates.${i}`, 'must be [lon, lat] with lon in -180..180 and lat in -90..90');
    }
    return [lon, lat];
  });
}

/** POST /api/stations/along-route: stations within a corridor of a route, in route order. */
const alongRouteRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/stations/along-route',
    {
      // A 10,000-point GeoJSON route is ~390 KB at full double precision (JSON.stringify's output), ~250 KB
      // rounded to 6 decimals; the app-wide 64 KB limit would refuse it.
      bodyLimit: 512 * 1024,
      schema: {
        tags: ['stations'],
        summary: 'Stations along a route',
        description:
          'Send the route as `polyline` (Google encoded, precision 5) or `line` (GeoJSON LineString of ' +
          `[lon, lat], at most ${STATION_API_LIMITS.routeMaxVertices} points). Answers the stations within ` +
          '`corridorKm` of the line (great-circle segments), ordered by `alongKm` from the start, each with ' +
          '`detourKm`, its distance from the line.',
        body: AlongRouteBodySchema,
        response: {
          200: AlongRouteResponseSchema,
          400: ApiErrorSchema,
          413: ApiErrorSchema,
          429: RATE_LIMITED_RESPONSE,
        },
      },
      config: {
        // It only reads: a POST because a route is too long for a URL.
        crossOriginWrites: true,
        // Each call may measure up to half a million station–segment pairs: a tighter budget than lookups.
        rateLimit: {
          max: Math.max(1, Math.floor(app.config.API_RATE_LIMIT_PER_MIN / ALONG_ROUTE_RATE_SHARE)),
          timeWindow: '1 minute',
        },
      },
    },
    async (request, reply) => {
      const line = routeLine(request.body);
      const {
        corridorKm = STATION_API_LIMITS.routeDefaultCorridorKm,
        limit = STATION_API_LIMITS.routeDefaultLimit,
      } = request.body;
      const index = app.stationIndex.current;
      let result: ReturnType<typeof alongRoute>;
      try {
        result = alongRoute(index.nearest, line, corridorKm, STATION_API_LIMITS.routeMaxKm);
      } catch (err) {
        if (err instanceof RouteError)
          throw badInput(request.body.polyline ? 'polyline' : 'line', err.message);
        throw err;
      }
      const now = new Date();
      const stations = result.hits.slice(0, limit).map((hit) => ({
        ...presentStation(index, hit.index, now, app.statusProvider),
        alongKm: hit.alongKm,
        detourKm: hit.detourKm,
      }));
      reply.header('Cache-Control', 'no-store');
      return {
        routeKm: result.routeKm,
        corridorKm,
        toleranceKm: result.toleranceKm,
        count: stations.length,
        stations,
      };
    },
  );

  // The preflight of this address: other origins may POST here (and only here). Not counted against the budget.
  app.options(
    '/api/stations/along-route',
    { schema: { hide: true }, config: { corsMethods: CORS_ALLOW_POST, rateLimit: false } },
    answerPreflight,
  );

  // Without this, GET would read "along-route" as a station id and answer 404.
  app.get('/api/stations/along-route', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Allow', 'POST');
    throw badInput('method', 'must be POST, with the route in a JSON body', 405);
  });
};

export default alongRouteRoute;
