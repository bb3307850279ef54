import { type Static, Type } from 'typebox';
import { Nullable } from './nullable';
import { CONFIDENCES, REPORT_STATUSES } from './status-words';

const LatestAt = Type.String({
  format: 'date-time',
  description: 'When the latest report that counts was made',
});

/**
 * Why a status is shown, as parts the client words and ages in its own language: how many drivers, how they
 * voted when they disagree, an operator's update, and the times the ages count from (so an age never freezes).
 */
export const StatusWhySchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('none') }, { description: 'No report counts: nothing is known' }),
    Type.Object(
      { kind: Type.Literal('drivers'), drivers: Type.Integer({ minimum: 1 }), latestAt: LatestAt },
      { description: 'Drivers agree (one voice per device and network)' },
    ),
    Type.Object(
      {
        kind: Type.Literal('disagree'),
        votes: Type.Array(
          Type.Object({ status: Type.Enum(REPORT_STATUSES), drivers: Type.Integer({ minimum: 1 }) }),
          { description: 'Each reported status with its drivers, the leading status first' },
        ),
        latestAt: LatestAt,
      },
      { description: 'Drivers disagree' },
    ),
    Type.Object(
      {
        kind: Type.Literal('official'),
        at: Type.String({ format: 'date-time', description: "When the operator's status was given" }),
        dissentingDrivers: Type.Integer({ minimum: 0, description: 'Drivers since who reported otherwise' }),
      },
      { description: "An operator's own status outranks the drivers" },
    ),
  ],
  { description: 'Why this status is shown, in parts' },
);
export type StatusWhy = Static<typeof StatusWhySchema>;

export const StatusSummarySchema = Type.Object({
  status: Type.Enum([...REPORT_STATUSES, 'unknown']),
  confidence: Type.Enum(CONFIDENCES),
  queueMin: Nullable(Type.Number(), { description: 'Estimated queue wait in minutes' }),
  latestReportAt: Nullable(Type.String({ format: 'date-time' })),
  reportCount: Type.Integer({ description: 'Reports that still count (recent enough)' }),
  official: Type.Boolean({ description: 'True when an operator status currently outranks drivers' }),
  why: StatusWhySchema,
  explanation: Type.String({
    deprecated: true,
    description:
      'Deprecated: use `why`. Why this status is shown, in English, e.g. "3 drivers, latest 8 min ago" (the ' +
      'age as of the answer). Sent for one more release.',
  }),
  explanationTemplate: Type.Optional(
    Type.String({
      deprecated: true,
      description: 'Deprecated: use `why`. The explanation with "{ago}" where the age goes, in English.',
    }),
  ),
  agoFrom: Type.Optional(
    Type.String({
      format: 'date-time',
      deprecated: true,
      description: 'Deprecated: use `why`. The time "{ago}" in explanationTemplate counts from.',
    }),
  ),
});
export type StatusSummary = Static<typeof StatusSummarySchema>;
