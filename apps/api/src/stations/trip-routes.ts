import {
  ApiErrorSchema,
  distanceKm,
  type RoadStatus,
  STATION_API_LIMITS,
  TripQuerySchema,
  TripResponseSchema,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { alongRoute, RouteError } from '../geo/along-route';
import { type LonLat, type RoadLeg, type RoutingEngine, RoutingUnavailable } from '../routing/routing';
import { badInput, parseLatLon, presentStation, RATE_LIMITED_RESPONSE } from './present';

/** Share of the general per-IP budget a trip gets (600 a minute → 60): each may make three routing calls. */
const TRIP_RATE_SHARE = 10;

const NOT_CONFIGURED: RoadStatus = { status: 'unavailable', reason: 'not_configured' };
const OK: RoadStatus = { status: 'ok' };

const unavailable = (err: unknown): RoadStatus => ({
  status: 'unavailable',
  reason: err instanceof RoutingUnavailable ? err.reason : 'error',
});

/**
 * Extra minutes of a stop at each station: t(start → station) + t(station → end) − t(start → end), from two
 * table calls made together, a row from the start (to the stations and the end) and a column to the end
 * (from the stations): 2(n + 1) cells instead of OSRM's full (n + 2)² matrix, and exact, one-way streets
 * included. t(start → end) is the table's, so all three are measured between the same snapped points.
 */
async function detourMinutes(
  engine: RoutingEngine,
  start: LonLat,
  end: LonLat,
  stations: readonly LonLat[],
): Promise<(number | null)[]> {
  const [fromStart, toEnd] = await Promise.all([
    engine.table(start, [...stations, end], 'from'),
    engine.table(end, stations, 'to'),
  ]);
  const direct = fromStart[stations.length];
  return stations.map((_, k) => {
    const there: RoadLeg | null | undefined = fromStart[k];
    const back = toEnd[k];
    if (!direct || !there || !back) return null;
    return Math.max(0, there.durationMin + back.durationMin - direct.durationMin);
  });
}

/** GET /api/trip: a route from start to end and the stations along it, with their detours. */
const tripRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/trip',
    {
      schema: {
        tags: ['stations'],
        summary: 'A trip and the stations along it',
        description:
          'The fastest road route from `from` to `to` (`mode: road`) when a routing server is configured and ' +
          'answers, else the great circle between them (`mode: straight_line`, with `road` saying why). Lists ' +
          'the stations within `corridorKm` of the line in the order the trip passes them, each with `alongKm` ' +
          '(from the start, along the line), `detourKm` (from the line) and, in road mode, `detourMin`. Each ' +
          'routing call is given ROUTING_TIMEOUT_MS: the route first, then the two detour tables together.',
        querystring: TripQuerySchema,
        response: { 200: TripResponseSchema, 400: ApiErrorSchema, 429: RATE_LIMITED_RESPONSE },
      },
      config: {
        rateLimit: {
          max: Math.max(1, Math.floor(app.config.API_RATE_LIMIT_PER_MIN / TRIP_RATE_SHARE)),
          timeWindow: '1 minute',
        },
      },
    },
    async (request, reply) => {
      const from = parseLatLon(request.query.from, 'from');
      const to = parseLatLon(request.query.to, 'to');
      const {
        corridorKm = STATION_API_LIMITS.routeDefaultCorridorKm,
        limit = STATION_API_LIMITS.tripDefaultLimit,
      } = request.query;
      const start: LonLat = [from.lon, from.lat];
      const end: LonLat = [to.lon, to.lat];
      const engine = app.routingEngine;

      let road = engine ? OK : NOT_CONFIGURED;
      let line: [number, number][] = [
        [from.lon, from.lat],
        [to.lon, to.lat],
      ];
      let routeKm = distanceKm(from.lon, from.lat, to.lon, to.lat);
      let durationMin: number | null = null;
      if (engine) {
        try {
          const route = await engine.route(start, end);
          line = route.coordinates.length >= 2 ? route.coordinates : line;
          routeKm = route.distanceKm;
          durationMin = route.durationMin;
        } catch (err) {
          road = unavailable(err);
        }
      }
      const mode: 'road' | 'straight_line' = road.status === 'ok' ? 'road' : 'straight_line';

      const index = app.stationIndex.current;
      let found: ReturnType<typeof alongRoute>;
      try {
        found = alongRoute(index.nearest, line, corridorKm, STATION_API_LIMITS.routeMaxKm);
      } catch (err) {
        if (err instanceof RouteError) throw badInput('to', `makes a trip that ${err.message}`);
        throw err;
      }
      const hits = found.hits.slice(0, limit);

      let detours = mode === 'road' ? OK : road;
      let minutes: (number | null)[] = hits.map(() => null);
      if (engine && mode === 'road' && hits.length > 0) {
        try {
          minutes = await detourMinutes(
            engine,
            start,
            end,
            hits.map((h) => [index.nearest.lonOf(h.index), index.nearest.latOf(h.index)] as const),
          );
        } catch (err) {
          detours = unavailable(err);
        }
      }

      const now = new Date();
      const stations = hits.map((hit, k) => ({
        ...presentStation(index, hit.index, now, app.statusProvider),
        alongKm: hit.alongKm,
        detourKm: hit.detourKm,
        detourMin: minutes[k] ?? null,
      }));
      reply.header('Cache-Control', 'no-store');
      return {
        mode,
        road,
        detours,
        from,
        to,
        // In road mode the engine's length; alongKm is measured on its line, within a few metres of it.
        distanceKm: mode === 'road' ? routeKm : found.routeKm,
        durationMin,
        geometry: { type: 'LineString' as const, coordinates: line },
        corridorKm,
        toleranceKm: found.toleranceKm,
        count: stations.length,
        stations,
      };
    },
  );
};

export default tripRoute;
