import { ApiErrorSchema, REPORT_LIMITS, RetryLaterErrorSchema } from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { badInput } from '../lib/http-errors';
import { type EventStreams, formatStatusEvent, matchesFilter, type StreamFilter } from './event-streams';
import { latestReportId, stationsChangedAfter } from './report-repository';
import type { StatusCache } from './status-cache';

const ID = '[A-Za-z0-9_-]{1,80}';
const NUM = '-?\\d+(\\.\\d+)?';
// Events carry whole states, not deltas, so replaying a little too much is harmless; the slack covers
// reports whose ids were allocated before, but committed after, the last id a client saw (PostgreSQL).
const REPLAY_SLACK_IDS = 100;
const REPLAY_MAX_STATIONS = 1000;

const EventsQuerySchema = Type.Object({
  stations: Type.Optional(
    Type.String({
      pattern: `^${ID}(,${ID}){0,${REPORT_LIMITS.eventsMaxStations - 1}}$`,
      maxLength: REPORT_LIMITS.eventsMaxStations * 81,
      description: `Comma-separated station ids (at most ${REPORT_LIMITS.eventsMaxStations})`,
    }),
  ),
  bbox: Type.Optional(
    Type.String({
      pattern: `^${NUM},${NUM},${NUM},${NUM}$`,
      description: 'minLon,minLat,maxLon,maxLat (WGS84); minLon > maxLon crosses the antimeridian',
    }),
  ),
  lastEventId: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Resume point for clients that cannot send Last-Event-ID' }),
  ),
});

function parseFilter(query: { stations?: string; bbox?: string }): StreamFilter {
  if (query.stations && query.bbox) throw badInput('stations', 'cannot be combined with bbox');
  if (query.stations) return { stationIds: new Set(query.stations.split(',')) };
  if (!query.bbox) throw badInput('stations', 'is required (or give bbox)');
  const [minLon, minLat, maxLon, maxLat] = query.bbox.split(',').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const lonOk = (v: number) => v >= -180 && v <= 180;
  if (!lonOk(minLon) || !lonOk(maxLon) || minLat < -90 || maxLat > 90 || minLat > maxLat)
    throw badInput('bbox', 'must be minLon,minLat,maxLon,maxLat inside WGS84 with minLat <= maxLat');
  return { bbox: [minLon, minLat, maxLon, maxLat] };
}

/** GET /api/events: server-sent events of status changes for some stations or a box, resumable. */
export function eventRoutes(cache: StatusCache, streams: EventStreams): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/events',
      {
        schema: {
          tags: ['status'],
          summary: 'Live status changes (Server-Sent Events)',
          description:
            'text/event-stream of `status` events (id = report sequence; data = StatusEvent JSON), a ' +
            '`ready` event on connect, and `: ping` comments every ~15 s. Reconnect with Last-Event-ID ' +
            'to receive the changes you missed.',
          querystring: EventsQuerySchema,
          response: { 400: ApiErrorSchema, 429: RetryLaterErrorSchema },
        },
      },
      async (request, reply) => {
        const filter = parseFilter(request.query);
        if (!streams.canOpen(request.ip)) {
          reply.header('Retry-After', '30');
          return reply.code(429).send({
            error: 'Too Many Requests',
            message: 'Too many open event streams from your network. Close one or try again in 30 s.',
            retryAfterSec: 30,
            retryAt: new Date(Date.now() + 30_000).toISOString(),
          });
        }
        const header = request.headers['last-event-id'];
        const resumeFrom =
          header !== undefined && /^\d+$/.test(String(header)) ? Number(header) : request.query.lastEventId;

        // Answer outside Fastify's reply pipeline: nothing may buffer or compress a stream.
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write('retry: 3000\n\n');
        const write = streams.add(request.ip, filter, res);

        try {
          if (resumeFrom === undefined) {
            const seq = await latestReportId(app.db);
            write(`id: ${seq}\nevent: ready\ndata: ${JSON.stringify({ seq })}\n\n`);
            return;
          }
          const changed = await stationsChangedAfter(
            app.db,
            Math.max(0, resumeFrom - REPLAY_SLACK_IDS),
            REPLAY_MAX_STATIONS,
          );
          const positions = await cache.positionsOf(changed.map((c) => c.stationId));
          let last = resumeFrom;
          for (const { stationId, seq } of changed) {
            const pos = positions.get(stationId);
            if (!pos || !matchesFilter(filter, stationId, pos.lon, pos.lat)) continue;
            if (!write(formatStatusEvent(cache.snapshot(stationId, seq)))) return;
            last = Math.max(last, seq);
          }
          write(
            `id: ${last}\nevent: ready\ndata: ${JSON.stringify({ seq: last, resumedFrom: resumeFrom })}\n\n`,
          );
        } catch (err) {
          request.log.error({ err }, 'event stream replay failed');
          res.end();
        }
      },
    );
  };
}
