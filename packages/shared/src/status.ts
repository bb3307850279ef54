import { type Static, Type } from 'typebox';
import { Nullable } from './nullable';

/** What a driver can report about a station. */
export const REPORT_STATUSES = ['available', 'no_gas', 'low_pressure', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const CONFIDENCES = ['high', 'medium', 'low', 'mixed', 'unknown'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

export const StatusSummarySchema = Type.Object({
  status: Type.Enum([...REPORT_STATUSES, 'unknown']),
  confidence: Type.Enum(CONFIDENCES),
  queueMin: Nullable(Type.Number(), { description: 'Estimated queue wait in minutes' }),
  latestReportAt: Nullable(Type.String({ format: 'date-time' })),
  reportCount: Type.Integer({ description: 'Reports that still count (recent enough)' }),
  official: Type.Boolean({ description: 'True when an operator status currently outranks drivers' }),
  explanation: Type.String({ description: 'Why this status is shown, e.g. "3 drivers, latest 8 min ago"' }),
});
export type StatusSummary = Static<typeof StatusSummarySchema>;

/** The status shown when nothing recent is known. */
export const UNKNOWN_STATUS: StatusSummary = {
  status: 'unknown',
  confidence: 'unknown',
  queueMin: null,
  latestReportAt: null,
  reportCount: 0,
  official: false,
  explanation: 'No recent reports',
};
