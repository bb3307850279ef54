import {
  ApiErrorSchema,
  RetryLaterErrorSchema,
  StationIdListSchema,
  type StreamReadyEvent,
  type StreamResetEvent,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@fastify/type-provider-typebox';
import { MAX_INTEGER_ID } from '../db/dialect';
import { badInput } from '../lib/http-errors';
import { type EventStreams, formatStatusEvent } from './event-streams';
import { latestReportId, stationsChangedAfter } from './report-repository';
import type { StatusCache } from './status-cache';
import type { StreamFilter } from './stream-filter';

const NUM = '-?\\d+(\\.\\d+)?';
// Events carry whole states, not deltas, so replaying a little too much is harmless; the slack covers
// reports whose ids were allocated before, but committed after, the last id a client saw (PostgreSQL).
const REPLAY_SLACK_IDS = 100;
/**
 * The most stations a resume replays; past it the client gets a `reset` and refetches. Below the queue a lagging
 * stream may hold (live-status-plugin.ts), so a replay to a slow link never overflows it and drops the client.
 */
const REPLAY_MAX_STATIONS = 200;
/** A resume point: a report id; 15 digits stay exact as a JavaScript number. */
const RESUME_ID = '^\\d{1,15}$';
const RESUME_ID_REGEX = new RegExp(RESUME_ID);

const EventsQuerySchema = Type.Object(
  {
    stations: Type.Optional(StationIdListSchema),
    bbox: Type.Optional(
      Type.String({
        pattern: `^${NUM},${NUM},${NUM},${NUM}$`,
        description: 'minLon,minLat,maxLon,maxLat (WGS84); minLon > maxLon crosses the antimeridian',
      }),
    ),
    lastEventId: Type.Optional(
      Type.String({
        pattern: RESUME_ID,
        description: 'Resume point (a report id, up to 15 digits) for clients that cannot send Last-Event-ID',
      }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The report id to resume after, from the Last-Event-ID header or else the lastEventId parameter. A header
 * that is not an id counts as absent (browsers resend whatever id they last saw); ids past the id column's
 * range are capped to it, so they compare as "newer than anything stored".
 */
function resumePoint(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const raw = typeof header === 'string' && RESUME_ID_REGEX.test(header) ? header : query;
  return raw === undefined ? undefined : Math.min(Number(raw), MAX_INTEGER_ID);
}

/** A `ready` server-sent event (StreamReadyEventSchema); its id is the sequence the stream is live from. */
const readyEvent = (ready: StreamReadyEvent) =>
  `id: ${ready.seq}\nevent: ready\ndata: ${JSON.stringify(ready)}\n\n`;

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

/**
 * GET /api/events: server-sent events of status changes for some stations or a box, resumable.
 * `replayMaxStations`: the most stations a resume replays; past it the client gets a `reset` instead.
 */
export function eventRoutes(
  cache: StatusCache,
  streams: EventStreams,
  replayMaxStations = REPLAY_MAX_STATIONS,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/events',
      {
        schema: {
          tags: ['status'],
          summary: 'Live status changes (Server-Sent Events)',
          description:
            'text/event-stream of `status` events (id = report sequence; data = StatusEvent JSON), a ' +
            '`ready` event (data = StreamReadyEvent JSON) on connect and after a replay, and `: ping` comments every ~15 s. Reconnect with Last-Event-ID ' +
            'to receive the changes you missed; when too many stations changed to replay them, a `reset` ' +
            'event (data = StreamResetEvent JSON) asks you to fetch the statuses you show again.',
          querystring: EventsQuerySchema,
          response: { 400: ApiErrorSchema, 429: RetryLaterErrorSchema, 503: RetryLaterErrorSchema },
        },
      },
      async (request, reply) => {
        const filter = parseFilter(request.query);
        const refusal = streams.refusal(request.ip);
        if (refusal) {
          reply.header('Retry-After', '30');
          const retry = { retryAfterSec: 30, retryAt: new Date(Date.now() + 30_000).toISOString() };
          if (refusal === 'instance') {
            return reply.code(503).send({
              error: 'Service Unavailable',
              message: 'This server holds as many live streams as it can. Try again in 30 s.',
              ...retry,
            });
          }
          return reply.code(429).send({
            error: 'Too Many Requests',
            message: 'Too many open event streams from your network. Close one or try again in 30 s.',
            ...retry,
            details: [{ field: 'ip', problem: 'has as many open event streams as one network may' }],
          });
        }
        const resumeFrom = resumePoint(request.headers['last-event-id'], request.query.lastEventId);

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
        // Node sends no body to HEAD, so its headers would never flush: answer them and hold no stream slot.
        if (request.method === 'HEAD') {
          res.end();
          return;
        }
        res.write('retry: 3000\n\n');
        const write = streams.add(request.ip, filter, res);

        try {
          // Read before any replay: anything committed later reaches this stream live (it is registered).
          const latest = await latestReportId(app.db);
          if (resumeFrom === undefined) {
            write(readyEvent({ seq: latest }));
            return;
          }
          // An id past the newest report comes from another database (restored, or a different server):
          // what this client shows may be stale in ways no replay can tell, so it must refetch.
          const unknownId = resumeFrom > latest;
          const changed = unknownId
            ? []
            : await stationsChangedAfter(
                app.db,
                Math.max(0, resumeFrom - REPLAY_SLACK_IDS),
                replayMaxStations + 1,
                filter,
              );
          if (unknownId || changed.length > replayMaxStations) {
            // The client refetches the statuses it shows and resumes from `latest`.
            const reason = unknownId
              ? `last event id ${resumeFrom} is newer than the latest report`
              : `more than ${replayMaxStations} stations changed`;
            const reset: StreamResetEvent = { seq: latest, reason };
            write(`id: ${latest}\nevent: reset\ndata: ${JSON.stringify(reset)}\n\n`);
            write(readyEvent({ seq: latest, resumedFrom: resumeFrom }));
            return;
          }
          let last = resumeFrom;
          for (const { stationId, seq } of changed) {
            if (!write(formatStatusEvent(cache.snapshot(stationId, seq)), stationId)) return;
            last = Math.max(last, seq);
          }
          write(readyEvent({ seq: last, resumedFrom: resumeFrom }));
        } catch (err) {
          request.log.error({ err }, 'event stream replay failed');
          res.end();
        }
      },
    );
  };
}
