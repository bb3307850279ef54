import {
  ApiErrorSchema,
  bearingDeg,
  type NearestQuery,
  NearestQuerySchema,
  NearestResponseSchema,
  operatorQueryText,
  STATION_API_LIMITS,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { NearHit } from '../geo/nearest-index';
import { JsonBytes } from '../lib/json-bytes';
import type { RoadLeg } from '../routing/routing';
import {
  addStationJson,
  badInput,
  JSON_CONTENT_TYPE,
  LIST_CACHE_CONTROL,
  RATE_LIMITED_RESPONSE,
} from './present';
import { RoadNearest } from './road-nearest';
import type { StationIndex } from './station-index';
import type { StatusProvider } from './station-index-plugin';

/** The top-level `road` of an answer without a routing server. */
const ROAD_NOT_CONFIGURED = ',"road":{"status":"unavailable","reason":"not_configured"}';

/** A station's `road` field. */
const roadJson = (leg: RoadLeg | null | undefined) =>
  leg ? `,"road":{"distanceKm":${leg.distanceKm},"durationMin":${leg.durationMin}}` : ',"road":null';

/** Straight-line hits first by drive time where there is one (nearest first among equals), then the rest. */
function byDriveTime(
  hits: NearHit[],
  legs: (RoadLeg | null)[],
): { hits: NearHit[]; legs: (RoadLeg | null)[] } {
  const order = hits.map((_, k) => k);
  order.sort((a, b) => {
    const da = legs[a]?.durationMin ?? Number.POSITIVE_INFINITY;
    const db = legs[b]?.durationMin ?? Number.POSITIVE_INFINITY;
    return da - db || a - b;
  });
  return { hits: order.map((k) => hits[k]!), legs: order.map((k) => legs[k] ?? null) };
}

/**
 * The query's filters as one test of a station's position in the index, or undefined when there are none (the
 * index then skips the call). Throws the 400 of an operator text that is only spaces.
 */
function filterOf(
  { openNow, operator, status }: NearestQuery,
  index: StationIndex,
  now: Date,
  statusProvider: StatusProvider,
): ((i: number) => boolean) | undefined {
  const operatorText = operator === undefined ? null : operatorQueryText(operator);
  // Spaces around the text are no part of it (the app trims its filter box the same way): blanks alone
  // would otherwise pass the schema's length and filter nothing.
  if (operatorText !== null && operatorText.length < 2)
    throw badInput('operator', 'must have at least 2 characters besides spaces');
  const statuses = status ? new Set(status.split(',')) : null;
  if (!operatorText && !statuses && openNow === undefined) return undefined;
  return (i: number) =>
    (!operatorText || index.operatorMatches(i, operatorText)) &&
    (openNow === undefined || index.openNow(i, now) === openNow) &&
    (!statuses || statuses.has(statusProvider.summaryFor(index.idOf(i)).status));
}

/** GET /api/stations/nearest: stations by great-circle distance from a point, with filters. */
const nearestRoute: FastifyPluginAsyncTypebox = async (app) => {
  const roads = app.routingEngine ? new RoadNearest(app.routingEngine) : null;
  app.get(
    '/api/stations/nearest',
    {
      schema: {
        tags: ['stations'],
        summary: 'Nearest stations to a point',
        description:
          'Stations within `radiusKm` of (lat, lon), nearest first, by great-circle distance. Each carries ' +
          '`distanceKm`, `bearingDeg` (initial bearing from the query point, true north), `openNow` and its ' +
          'live status. Filters apply before `limit`. With a routing server configured, the first ' +
          `${STATION_API_LIMITS.nearestRoadCandidates} also carry \`road\` (drive distance and time, from one ` +
          'table call); `sort=road` orders by drive time. When the routing server is slow, down or unset the ' +
          'answer is the straight-line one, and the top-level `road` says why. ' +
          '`coverage` says how complete our list is around the point (ADR 0030): where it is `thin` or `none`, a ' +
          'closer station we do not know may exist.',
        querystring: NearestQuerySchema,
        response: { 200: NearestResponseSchema, 400: ApiErrorSchema, 429: RATE_LIMITED_RESPONSE },
      },
    },
    // Not async: without a routing server the answer is ready synchronously, and a promise per request would
    // only add a turn. With one, the answer waits for its table call (at most ROUTING_TIMEOUT_MS).
    (request, reply) => {
      const { lat, lon, sort } = request.query;
      const {
        limit = STATION_API_LIMITS.nearestDefaultLimit,
        radiusKm = STATION_API_LIMITS.nearestDefaultRadiusKm,
      } = request.query;
      const index = app.stationIndex.current;
      const now = new Date();
      const statusProvider = app.statusProvider;
      const keep = filterOf(request.query, index, now, statusProvider);
      if (!roads) {
        const hits = index.nearest.nearest(lon, lat, limit, radiusKm, keep);
        const body = nearestJson(
          index,
          lon,
          lat,
          radiusKm,
          hits,
          now,
          statusProvider,
          undefined,
          ROAD_NOT_CONFIGURED,
          app.coverage.jsonAt(index, lon, lat),
        );
        reply.header('Cache-Control', LIST_CACHE_CONTROL).type(JSON_CONTENT_TYPE);
        reply.send(body as never);
        return;
      }
      // By road: the first nearestRoadCandidates by straight line are asked about in one table call. Ordered by
      // drive time, the road-nearest is among them (ADR 0032), so that many are ranked even for a smaller limit.
      const candidates = STATION_API_LIMITS.nearestRoadCandidates;
      const found = index.nearest.nearest(
        lon,
        lat,
        sort === 'road' ? Math.max(limit, candidates) : limit,
        radiusKm,
        keep,
      );
      const asked = found.slice(0, candidates).map((h) => ({
        id: index.idOf(h.index),
        at: [index.nearest.lonOf(h.index), index.nearest.latOf(h.index)] as const,
      }));
      return roads.legsTo(lon, lat, asked).then((road) => {
        let hits = found;
        let legs = road.legs;
        if (sort === 'road' && road.status.status === 'ok') ({ hits, legs } = byDriveTime(found, legs));
        hits = hits.slice(0, limit);
        const body = nearestJson(
          index,
          lon,
          lat,
          radiusKm,
          hits,
          now,
          statusProvider,
          legs,
          `,"road":${JSON.stringify(road.status)}`,
          app.coverage.jsonAt(index, lon, lat),
        );
        // A fallback is not kept by caches: the next request may get the road figures.
        const cacheControl = road.status.status === 'ok' ? LIST_CACHE_CONTROL : 'no-store';
        reply.header('Cache-Control', cacheControl).type(JSON_CONTENT_TYPE);
        // The reply itself, not undefined: an answer over 64 KB is compressed as a stream, still unsent when
        // this promise settles, and Fastify would send an empty body over it for a handler resolving undefined.
        return reply.send(body as never) as never;
      });
    },
  );
};
export default nearestRoute;

/**
 * The answer's JSON (NearestResponseSchema, field for field), as UTF-8 (see addStationJson). `legs` holds the
 * drive to each hit when a routing server is configured (null where unknown; past its end, null too);
 * undefined without one, when stations carry no `road`. `roadStatus` is the top-level `road` field, `coverage`
 * the point's coverage JSON.
 */
function nearestJson(
  index: StationIndex,
  lon: number,
  lat: number,
  radiusKm: number,
  hits: NearHit[],
  now: Date,
  statusProvider: Parameters<typeof addStationJson>[4],
  legs: (RoadLeg | null)[] | undefined,
  roadStatus: string,
  coverage: Parameters<JsonBytes['add']>[0],
): Buffer {
  const out = new JsonBytes().text(
    `{"lon":${lon},"lat":${lat},"radiusKm":${radiusKm},"count":${hits.length},"stations":[`,
  );
  for (let k = 0; k < hits.length; k++) {
    const { index: i, distanceKm } = hits[k]!;
    const bearing = bearingDeg(lon, lat, index.nearest.lonOf(i), index.nearest.latOf(i));
    if (k > 0) out.text(',');
    const road = legs === undefined ? '' : roadJson(legs[k]);
    addStationJson(
      out,
      index,
      i,
      now,
      statusProvider,
      `,"distanceKm":${distanceKm},"bearingDeg":${bearing}${road}`,
    );
  }
  // The point's coverage, kept as bytes per grid cell and snapshot (ADR 0030).
  return out.text(`]${roadStatus},"coverage":`).add(coverage).text('}').finish();
}
