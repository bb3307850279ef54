import { type Static, Type } from 'typebox';
import { Nullable } from './nullable';
import { CONFIDENCES, REPORT_STATUSES } from './status-words';

export const StatusSummarySchema = Type.Object({
  status: Type.Enum([...REPORT_STATUSES, 'unknown']),
  confidence: Type.Enum(CONFIDENCES),
  queueMin: Nullable(Type.Number(), { description: 'Estimated queue wait in minutes' }),
  latestReportAt: Nullable(Type.String({ format: 'date-time' })),
  reportCount: Type.Integer({ description: 'Reports that still count (recent enough)' }),
  official: Type.Boolean({ description: 'True when an operator status currently outranks drivers' }),
  explanation: Type.String({
    description: 'Why this status is shown, e.g. "3 drivers, latest 8 min ago" (the age as of the answer)',
  }),
  explanationTemplate: Type.Optional(
    Type.String({
      description:
        'The explanation with "{ago}" where the age goes, e.g. "3 drivers, latest {ago}": clients fill in ' +
        'the age from `agoFrom` when they show it, so it does not freeze',
    }),
  ),
  agoFrom: Type.Optional(
    Type.String({ format: 'date-time', description: 'The time "{ago}" in explanationTemplate counts from' }),
  ),
});
export type StatusSummary = Static<typeof StatusSummarySchema>;
