import { ApiErrorSchema, BboxQuerySchema, BboxResponseSchema, STATION_API_LIMITS } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JsonBytes } from '../lib/json-bytes';
import {
  addStationJson,
  badInput,
  JSON_CONTENT_TYPE,
  LIST_CACHE_CONTROL,
  parseNumberList,
  RATE_LIMITED_RESPONSE,
} from './present';
import type { Bbox } from './station-clusters';

/** Parses and checks `minLon,minLat,maxLon,maxLat`; throws a 400 naming `bbox` and the broken rule. */
export function parseBbox(raw: string): Bbox {
  const numbers = parseNumberList(raw, 4);
  if (!numbers) throw badInput('bbox', 'must be 4 comma-separated numbers: minLon,minLat,maxLon,maxLat');
  const [minLon, minLat, maxLon, maxLat] = numbers as [number, number, number, number];
  if (minLon < -180 || minLon > 180 || maxLon < -180 || maxLon > 180) {
    throw badInput('bbox', 'longitudes must be between -180 and 180');
  }
  if (minLat < -90 || minLat > 90 || maxLat < -90 || maxLat > 90) {
    throw badInput('bbox', 'latitudes must be between -90 and 90');
  }
  if (minLat > maxLat) throw badInput('bbox', 'minLat must not be greater than maxLat');
  return { minLon, minLat, maxLon, maxLat };
}

/** GET /api/stations?bbox=&zoom=: what a map viewport shows — clusters at low zoom, stations at high zoom. */
const bboxRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/stations',
    {
      schema: {
        tags: ['stations'],
        summary: 'Stations and clusters in a map viewport',
        description:
          'Clusters with counts (Supercluster) at low zoom and single stations at high zoom, inside ' +
          '`bbox`. A box with minLon > maxLon crosses the antimeridian. At most ' +
          `${STATION_API_LIMITS.bboxMaxStations} single stations are returned (then \`truncated\` is true).`,
        querystring: BboxQuerySchema,
        response: { 200: BboxResponseSchema, 400: ApiErrorSchema, 429: RATE_LIMITED_RESPONSE },
      },
    },
    async (request, reply) => {
      const bbox = parseBbox(request.query.bbox);
      const { zoom } = request.query;
      const index = app.stationIndex.current;
      const { clusters, stations } = index.clusters.query(bbox, zoom);
      const now = new Date();
      const shown = stations.slice(0, STATION_API_LIMITS.bboxMaxStations);
      // Serialised here, as UTF-8 (see addStationJson): BboxResponseSchema, field for field.
      const out = new JsonBytes().text(`{"zoom":${zoom},"clusters":${JSON.stringify(clusters)},"stations":[`);
      shown.forEach((i, k) => {
        if (k > 0) out.text(',');
        addStationJson(out, index, i, now, app.statusProvider);
      });
      reply.header('Cache-Control', LIST_CACHE_CONTROL).type(JSON_CONTENT_TYPE);
      return reply.send(out.text(`],"truncated":${shown.length < stations.length}}`).finish() as never);
    },
  );
};
export default bboxRoute;
