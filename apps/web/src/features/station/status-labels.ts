import type { Confidence, ReportStatus, StatusSummary } from '@cng/shared/client';
import { intlLocale, type MessageId, t } from '../../i18n/i18n';
import { formatAgo } from '../../lib/format';

type ShownStatus = StatusSummary['status'];

/** Message ids of the words for each status: the badge never relies on colour alone. */
export const STATUS_LABELS: Record<ShownStatus, MessageId> = {
  available: 'report.status.available',
  no_gas: 'report.status.no_gas',
  low_pressure: 'report.status.low_pressure',
  closed: 'report.status.closed',
  unknown: 'report.status.unknown',
};

/** The words for a status in the page's language ("Gas available", "गैस मिल रही है"). */
export const statusLabel = (status: ShownStatus): string => t(STATUS_LABELS[status]);

/** Short words for the one-tap report buttons (the same words as the status they report). */
export const reportButtonLabel = (status: ReportStatus): string => t(STATUS_LABELS[status]);

const CONFIDENCE_LABELS: Record<Confidence, MessageId | null> = {
  high: 'report.confidence.high',
  medium: 'report.confidence.medium',
  low: 'report.confidence.low',
  mixed: 'report.confidence.mixed',
  unknown: null,
};

/** "sure", "likely", "unsure", "drivers disagree"; '' when nothing is known. */
export function confidenceLabel(confidence: Confidence): string {
  const id = CONFIDENCE_LABELS[confidence];
  return id ? t(id) : '';
}

/** Stroke paths on a 24×24 grid, one shape per status (shape and text carry the meaning, colour helps). */
export const STATUS_ICON_PATHS: Record<ShownStatus, string> = {
  available: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM7.5 12.5l3 3 6-6.5',
  no_gas: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8.5 8.5l7 7M15.5 8.5l-7 7',
  low_pressure: 'M3.5 16.5a8.5 8.5 0 1 1 17 0zM12 16.5l-4.5-5M7.5 8.2l.6.8M12 6.5v1M16.5 8.2l-.6.8',
  closed: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM7.5 12h9',
  unknown: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.6M12 17v.01',
};

/** A number in the page's language (its digits and grouping). */

/** The estimated queue for a badge: "queue ~15 min". */
export const queueEstimate = (min: number): string => t('report.badge.queue', { min });

/** A report's queue in a timeline: "queue 10 min". */
export const reportedQueue = (min: number): string => t('report.timeline.queue', { min });

/** An age in the page's language ("now", "8 min. ago"): lib/format.ts, the page's one formatAgo. */
const ago = (atIso: string, nowMs: number) => formatAgo(Date.parse(atIso), nowMs, intlLocale());

/** "8 min. ago" from an ISO time, for timelines. */
export const timeAgo = (iso: string, nowMs = Date.now()): string => ago(iso, nowMs);

const VOTE_IDS: Record<ReportStatus, MessageId> = {
  available: 'report.why.vote.available',
  no_gas: 'report.why.vote.no_gas',
  low_pressure: 'report.why.vote.low_pressure',
  closed: 'report.why.vote.closed',
};

/**
 * Why a status is shown ("3 drivers, latest 8 min. ago"), in the page's language, from the parts the server
 * sends (`why`), with the age counted to `nowMs`, so a page left open does not keep saying "now". A copy saved
 * before the server sent parts shows the English sentence it came with.
 */
export function statusExplanation(status: StatusSummary, nowMs: number): string {
  const why = status.why;
  if (!why) return status.explanation;
  switch (why.kind) {
    case 'none':
      return t('report.status.unknown');
    case 'drivers':
      return why.drivers === 1
        ? t('report.why.oneDriver', { ago: ago(why.latestAt, nowMs) })
        : t('report.why.drivers', { count: why.drivers, ago: ago(why.latestAt, nowMs) });
    case 'disagree': {
      const votes = why.votes.map((v) => t(VOTE_IDS[v.status], { count: v.drivers })).join(', ');
      return t('report.why.disagree', { votes, ago: ago(why.latestAt, nowMs) });
    }
    case 'official':
      return why.dissentingDrivers === 0
        ? t('report.why.official', { ago: ago(why.at, nowMs) })
        : t('report.why.officialDissent', { count: why.dissentingDrivers, ago: ago(why.at, nowMs) });
  }
}

/**
 * Why a status is shown, right after the driver's own report made it: counted to the report's own time, so a
 * phone whose clock runs ahead of the server's still says "now".
 */
export function statusExplanationAsSent(status: StatusSummary): string {
  const why = status.why;
  const at = why?.kind === 'official' ? why.at : why && 'latestAt' in why ? why.latestAt : null;
  return statusExplanation(status, at ? Math.max(Date.parse(at), Date.now() - 60_000) : Date.now());
}
