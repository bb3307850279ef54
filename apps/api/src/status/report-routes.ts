import {
  ApiErrorSchema,
  distanceKm,
  formatDistance,
  REPORT_LIMITS,
  ReportCreatedSchema,
  ReportListQuerySchema,
  ReportListSchema,
  ReportRequestSchema,
  RetryLaterErrorSchema,
  StationIdParamsSchema,
  TooFarErrorSchema,
} from '@cng/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { ReplayWrite } from '../idempotency/idempotency';
import { plainNote } from '../lib/unsafe-text';
import { requireStation } from '../stations/stations';
import {
  findReport,
  insertDriverReport,
  listStationReports,
  type NewDriverReport,
  publicReportFromRow,
} from './report-repository';
import type { StatusCache } from './status-cache';

/** What a stored report is followed by: its status announced, and its answer rebuilt when it was lost. */
function reportAnswers(app: FastifyInstance, cache: StatusCache) {
  /** After a report's commit: the station's status again, and every instance told; failures only logged. */
  const announce = async (request: FastifyRequest, stationId: string) => {
    const change = await cache.refresh(stationId, { notify: false }).catch((err) => {
      request.log.error({ err, stationId }, 'status refresh failed after a stored report');
      return null;
    });
    await app.changes.publish('status-changed', { stationId }).catch((err) => {
      request.log.error({ err, stationId }, 'status change not published');
    });
    return change?.status ?? cache.summaryFor(stationId);
  };
  // A repeat of a report whose answer was lost (a crash after the commit): announced again, answered from the row.
  const replayWrite: ReplayWrite = async (request, id) => {
    const row = await findReport(app.db, id);
    if (!row) throw new Error(`report ${id} of a stored Idempotency-Key is missing`);
    const status = await announce(request, row.station_id);
    request.log.info({ report: id }, 'answered a lost report answer from the stored report');
    return { statusCode: 201, body: { report: publicReportFromRow(row), status } };
  };
  return { announce, replayWrite };
}

/** The 429 of the per-network report limit: when the network may report again, in the API's error shape. */
function reportLimitError(_request: FastifyRequest, ctx: { ttl: number; after: string }) {
  const retryAt = new Date(Date.now() + ctx.ttl).toISOString();
  return Object.assign(
    new Error(`Too many reports from your network. Try again in ${ctx.after} (at ${retryAt}).`),
    {
      statusCode: 429,
      details: [{ field: 'ip', problem: `is over the limit until ${retryAt}` }],
    },
  );
}

type ReportBody = Static<typeof ReportRequestSchema>;
type StoredPosition = NonNullable<NewDriverReport['position']>;

/**
 * Where the driver reported from, checked against the station: the position to store, or the 422 answer when
 * the driver is farther than REPORT_LIMITS.maxDistanceM (a report from afar is not what the driver sees).
 */
function reportPosition(
  body: ReportBody,
  station: { lon: number; lat: number },
):
  | { position: StoredPosition | null; tooFar?: undefined }
  | { position?: undefined; tooFar: Static<typeof TooFarErrorSchema> } {
  if (!body.position) return { position: null };
  const distanceM = Math.round(
    distanceKm(body.position.lon, body.position.lat, station.lon, station.lat) * 1000,
  );
  if (distanceM > REPORT_LIMITS.maxDistanceM)
    return {
      tooFar: {
        error: 'Unprocessable Entity',
        message: `You are ${formatDistance(distanceM / 1000)} from this station; reports are accepted within ${REPORT_LIMITS.maxDistanceM} m.`,
        distanceM,
        maxDistanceM: REPORT_LIMITS.maxDistanceM,
        details: [{ field: 'position', problem: `is ${distanceM} m from the station` }],
      },
    };
  return { position: { ...body.position, accuracyM: body.position.accuracyM ?? null, distanceM } };
}

/** The 429 of a device or network that reported this station too recently, with when it may again. */
function cooldownAnswer(by: 'device' | 'network', retryAtMs: number) {
  const retryAfterSec = Math.max(1, Math.ceil((retryAtMs - Date.now()) / 1000));
  const inMin = `You can report it again in ${Math.ceil(retryAfterSec / 60)} min.`;
  const retryAt = new Date(retryAtMs).toISOString();
  return {
    retryAfterSec,
    body: {
      error: 'Too Many Requests',
      message:
        by === 'device'
          ? `You reported this station less than ${REPORT_LIMITS.deviceCooldownMin} minutes ago. ${inMin}`
          : `This station got ${REPORT_LIMITS.networkReportsPerCooldown} reports from your network in the last ${REPORT_LIMITS.deviceCooldownMin} minutes. ${inMin}`,
      retryAfterSec,
      retryAt,
      details: [{ field: by, problem: `reported this station too recently; retry at ${retryAt}` }],
    },
  };
}

/** POST and GET /api/stations/:id/reports: drivers report what they see; the timeline lists reports. */
export function reportRoutes(
  cache: StatusCache,
  hashNetwork: (ip: string) => string | null,
): FastifyPluginAsyncTypebox {
  return async (app) => {
    const { announce, replayWrite } = reportAnswers(app, cache);

    app.post(
      '/api/stations/:id/reports',
      {
        schema: {
          tags: ['status'],
          summary: 'Report what a station is like now (anonymous; one per station per device per 10 min)',
          params: StationIdParamsSchema,
          body: ReportRequestSchema,
          response: {
            201: ReportCreatedSchema,
            400: ApiErrorSchema,
            404: ApiErrorSchema,
            422: TooFarErrorSchema,
            429: RetryLaterErrorSchema,
          },
        },
        config: {
          idempotent: true,
          replayWrite,
          // Counted in preHandler, after validation: a 400 stores nothing, so it must not use up the budget.
          rateLimit: {
            max: app.config.REPORT_RATE_LIMIT_PER_MIN,
            timeWindow: '1 minute',
            hook: 'preHandler',
            errorResponseBuilder: reportLimitError,
          },
        },
        preHandler: app.requireDeviceId,
      },
      async (request, reply) => {
        const { id } = request.params;
        const body = request.body;
        const station = await requireStation(request, id);
        const checked = reportPosition(body, station);
        if (checked.tooFar) return reply.code(422).send(checked.tooFar);
        const result = await insertDriverReport(
          app.db,
          {
            stationId: id,
            deviceId: request.deviceId,
            networkHash: hashNetwork(request.ip),
            status: body.status,
            queueMin: body.queueMin ?? null,
            note: plainNote(body.note),
            position: checked.position ?? null,
          },
          {
            cooldownMin: REPORT_LIMITS.deviceCooldownMin,
            perNetwork: REPORT_LIMITS.networkReportsPerCooldown,
          },
          new Date(),
          request.idempotencyClaim,
        );
        if (result.kind === 'cooldown') {
          const refused = cooldownAnswer(result.by, result.retryAtMs);
          reply.header('Retry-After', String(refused.retryAfterSec));
          return reply.code(429).send(refused.body);
        }
        // The report is committed: from here on, failures must not turn the answer into an error.
        const status = await announce(request, id);
        return reply.code(201).send({ report: publicReportFromRow(result.row), status });
      },
    );

    app.get(
      '/api/stations/:id/reports',
      {
        schema: {
          tags: ['status'],
          summary: 'Recent reports of a station, newest first (no device ids or positions)',
          params: StationIdParamsSchema,
          querystring: ReportListQuerySchema,
          response: { 200: ReportListSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        await requireStation(request, id);
        const rows = await listStationReports(app.db, id, request.query.limit);
        reply.header('Cache-Control', 'no-cache');
        return { stationId: id, status: cache.summaryFor(id), reports: rows.map(publicReportFromRow) };
      },
    );
  };
}
