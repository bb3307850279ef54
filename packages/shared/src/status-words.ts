import { formatDurationMin } from './format';
import type { StatusSummary } from './status-summary';

// Status words and explanations without schemas (the web app imports them via '@cng/shared/client').

/** What a driver can report about a station. */
export const REPORT_STATUSES = ['available', 'no_gas', 'low_pressure', 'closed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const CONFIDENCES = ['high', 'medium', 'low', 'mixed', 'unknown'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** The placeholder in `explanationTemplate` where the age goes. */
export const AGO_PLACEHOLDER = '{ago}';

/** The status shown when nothing recent is known. */
export const UNKNOWN_STATUS: StatusSummary = {
  status: 'unknown',
  confidence: 'unknown',
  queueMin: null,
  latestReportAt: null,
  reportCount: 0,
  official: false,
  why: { kind: 'none' },
  explanation: 'No recent reports',
};

/** An age for people: "just now" under a minute, "8 min ago", "1 h 05 min ago". */
export function formatAgo(ageMs: number): string {
  const min = Math.floor(Math.max(0, ageMs) / 60_000);
  return min < 1 ? 'just now' : `${formatDurationMin(min)} ago`;
}

/**
 * The explanation of a status with its age counted to `nowMs` (ms since the epoch), so a page left open
 * does not keep saying "just now"; the server's own sentence when it sent no template.
 */
export function explanationAt(status: StatusSummary, nowMs: number): string {
  if (!status.explanationTemplate || !status.agoFrom) return status.explanation;
  const from = Date.parse(status.agoFrom);
  if (Number.isNaN(from)) return status.explanation;
  return status.explanationTemplate.replace(AGO_PLACEHOLDER, formatAgo(nowMs - from));
}
