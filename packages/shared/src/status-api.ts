import { type Static, Type } from 'typebox';
import { REPORT_LIMITS } from './limits';
import { StatusSummarySchema } from './status-summary';
import { REPORT_STATUSES } from './status-words';

const ReportStatusSchema = Type.Enum([...REPORT_STATUSES], {
  description: `One of ${REPORT_STATUSES.join(', ')}`,
});

export const ReportPositionSchema = Type.Object(
  {
    lon: Type.Number({ minimum: -180, maximum: 180, description: 'Reporter longitude, degrees (WGS84)' }),
    lat: Type.Number({ minimum: -90, maximum: 90, description: 'Reporter latitude, degrees (WGS84)' }),
    accuracyM: Type.Optional(
      Type.Number({ minimum: 0, maximum: 100_000, description: 'GPS accuracy radius, metres' }),
    ),
  },
  { additionalProperties: false },
);
export type ReportPosition = Static<typeof ReportPositionSchema>;

const QueueMinSchema = Type.Integer({
  minimum: 0,
  maximum: REPORT_LIMITS.queueMaxMin,
  description: 'Queue wait in minutes',
});
const NoteSchema = Type.String({
  maxLength: REPORT_LIMITS.noteMaxChars,
  description: 'Plain text; stored and shown as text, never as HTML',
});

/** Body of POST /api/stations/:id/reports. */
export const ReportRequestSchema = Type.Object(
  {
    status: ReportStatusSchema,
    queueMin: Type.Optional(QueueMinSchema),
    note: Type.Optional(NoteSchema),
    position: Type.Optional(ReportPositionSchema),
  },
  { additionalProperties: false },
);
export type ReportRequest = Static<typeof ReportRequestSchema>;

/** A report as the public sees it: no device id, no position. */
export const PublicReportSchema = Type.Object({
  id: Type.Integer({ description: 'Monotonic report id (also the live event sequence)' }),
  stationId: Type.String(),
  status: ReportStatusSchema,
  queueMin: Type.Union([Type.Integer(), Type.Null()]),
  note: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  official: Type.Boolean({ description: 'Posted by the operator or the site staff' }),
  withPosition: Type.Boolean({ description: 'The reporter shared a position within 500 m' }),
  validUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'End of an official status; null for drivers',
  }),
});
export type PublicReport = Static<typeof PublicReportSchema>;

/** Answer of a stored report: the report and the station status it leads to. */
export const ReportCreatedSchema = Type.Object({
  report: PublicReportSchema,
  status: StatusSummarySchema,
});
export type ReportCreated = Static<typeof ReportCreatedSchema>;

export const ReportListQuerySchema = Type.Object(
  {
    limit: Type.Integer({
      minimum: 1,
      maximum: REPORT_LIMITS.timelineMaxLimit,
      default: REPORT_LIMITS.timelineDefaultLimit,
    }),
  },
  { additionalProperties: false },
);

export const ReportListSchema = Type.Object({
  stationId: Type.String(),
  status: StatusSummarySchema,
  reports: Type.Array(PublicReportSchema, { description: 'Newest first' }),
});
export type ReportList = Static<typeof ReportListSchema>;

/** Body of POST /api/stations/:id/official-status (Bearer OPERATOR_TOKEN). */
export const OfficialStatusRequestSchema = Type.Object(
  {
    status: ReportStatusSchema,
    queueMin: Type.Optional(QueueMinSchema),
    note: Type.Optional(NoteSchema),
    validUntil: Type.Optional(
      Type.String({ format: 'date-time', description: 'End of the status; at most 7 days ahead' }),
    ),
    ttlMin: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: REPORT_LIMITS.officialMaxTtlMin,
        description: 'Lifetime in minutes when validUntil is not given (default 120)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type OfficialStatusRequest = Static<typeof OfficialStatusRequestSchema>;

/** 422 body: the reporter is too far from the station. */
export const TooFarErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  distanceM: Type.Integer({ description: 'Reporter distance from the station, metres' }),
  maxDistanceM: Type.Integer(),
  details: Type.Array(Type.Object({ field: Type.String(), problem: Type.String() })),
});
export type TooFarError = Static<typeof TooFarErrorSchema>;

/**
 * 429 body. The Retry-After header always gives the wait in seconds; the per-device limit also answers
 * `retryAfterSec` and `retryAt`, the per-network limit says when in `message`.
 */
export const RetryLaterErrorSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  retryAfterSec: Type.Optional(Type.Integer()),
  retryAt: Type.Optional(Type.String({ format: 'date-time' })),
  details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), problem: Type.String() }))),
});
export type RetryLaterError = Static<typeof RetryLaterErrorSchema>;

/** Data of a `status` server-sent event on GET /api/events. */
export const StatusEventSchema = Type.Object({
  stationId: Type.String(),
  seq: Type.Integer({ description: 'Latest report id of the station; the event id' }),
  status: StatusSummarySchema,
});
export type StatusEvent = Static<typeof StatusEventSchema>;

const ONE_ID = '[A-Za-z0-9_-]{1,80}';

/** Comma-separated station ids, at most REPORT_LIMITS.eventsMaxStations (GET /api/status and /api/events). */
export const StationIdListSchema = Type.String({
  pattern: `^${ONE_ID}(,${ONE_ID}){0,${REPORT_LIMITS.eventsMaxStations - 1}}$`,
  maxLength: REPORT_LIMITS.eventsMaxStations * 81,
  description: `Comma-separated station ids (at most ${REPORT_LIMITS.eventsMaxStations})`,
});

/** Query of GET /api/status: the stations whose current status the client wants. */
export const StatusListQuerySchema = Type.Object(
  { stations: StationIdListSchema },
  { additionalProperties: false },
);

/** Answer of GET /api/status: the current status of each asked station (unknown ids: "unknown"). */
export const StatusListSchema = Type.Object({
  statuses: Type.Record(Type.String(), StatusSummarySchema),
});
export type StatusList = Static<typeof StatusListSchema>;

/**
 * Data of a `reset` server-sent event: the server could not replay everything the client missed (too many
 * changes since its Last-Event-ID), so the client must fetch the statuses it shows again.
 */
export const StreamResetEventSchema = Type.Object({
  seq: Type.Integer({ description: 'Latest report id when the reset was sent; the event id' }),
  reason: Type.String(),
});
export type StreamResetEvent = Static<typeof StreamResetEventSchema>;

/**
 * Data of a `ready` server-sent event, sent once a stream is open (and after a replay): the stream is live from
 * `seq` on.
 */
export const StreamReadyEventSchema = Type.Object({
  seq: Type.Integer({ description: 'Latest report id the stream has covered; the event id' }),
  resumedFrom: Type.Optional(
    Type.Integer({ description: 'The resume point asked for (Last-Event-ID or lastEventId), when one was' }),
  ),
});
export type StreamReadyEvent = Static<typeof StreamReadyEventSchema>;
