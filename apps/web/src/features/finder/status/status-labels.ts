import {
  AGO_PLACEHOLDER,
  type Confidence,
  explanationAt,
  type ReportStatus,
  type StatusSummary,
} from '@cng/shared/client';
import { type MessageId, t } from '../../../i18n/i18n';
import { formatCount } from '../../../lib/formatters';

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

/**
 * An age for a status explanation, as the server words it in English (@cng/shared formatAgo): "just now" under a
 * minute, "8 min ago", "1 h 05 min ago".
 */
export function formatAgo(ageMs: number): string {
  const min = Math.floor(Math.max(0, ageMs) / 60_000);
  if (min < 1) return t('report.ago.justNow');
  if (min < 60) return t('report.ago.minutes', { min });
  return t('report.ago.hoursMinutes', {
    h: formatCount(Math.floor(min / 60)),
    mm: formatCount(min % 60, { minimumIntegerDigits: 2 }),
  });
}

/** "8 min ago" from an ISO time, for timelines; "just now" under a minute. */
export function timeAgo(iso: string, nowMs = Date.now()): string {
  const min = Math.floor((nowMs - Date.parse(iso)) / 60_000);
  if (min < 1) return t('report.ago.justNow');
  if (min < 60) return t('report.ago.minutes', { min });
  const h = Math.floor(min / 60);
  if (h < 24) return t('report.ago.hours', { h });
  return t('report.ago.days', { d: Math.floor(h / 24) });
}

const VOTE_IDS: Record<string, MessageId> = {
  available: 'report.why.vote.available',
  'no gas': 'report.why.vote.no_gas',
  'low pressure': 'report.why.vote.low_pressure',
  closed: 'report.why.vote.closed',
};

/**
 * The server's explanation template (apps/api status-model.ts words it in English, with "{ago}" for the age) in the
 * page's language; null for a sentence this page does not know (it is then shown as the server wrote it).
 */
function translateTemplate(template: string, ago: string): string | null {
  if (template === '1 driver, {ago}') return t('report.why.oneDriver', { ago });
  let m = /^(\d+) drivers, latest \{ago\}$/.exec(template);
  if (m) return t('report.why.drivers', { count: Number(m[1]), ago });
  m = /^Official: operator update \{ago\}(?:; (\d+) drivers? since disagree)?$/.exec(template);
  if (m)
    return m[1] === undefined
      ? t('report.why.official', { ago })
      : t('report.why.officialDissent', { count: Number(m[1]), ago });
  m = /^Drivers disagree: (.+); latest \{ago\}$/.exec(template);
  if (m) {
    const votes: string[] = [];
    for (const vote of (m[1] as string).split(', ')) {
      const v = /^(\d+) says? (.+)$/.exec(vote);
      const id = v && VOTE_IDS[v[2] as string];
      if (!v || !id) return null;
      votes.push(t(id, { count: Number(v[1]) }));
    }
    return t('report.why.disagree', { votes: votes.join(', '), ago });
  }
  return null;
}

/**
 * Why a status is shown ("3 drivers, latest 8 min ago"), in the page's language, with its age counted to `nowMs`
 * (so a page left open does not keep saying "just now"). Falls back to the server's English sentence
 * (@cng/shared explanationAt) for a wording this page does not know.
 */
export function statusExplanation(status: StatusSummary, nowMs: number): string {
  if (
    status.status === 'unknown' &&
    !status.explanationTemplate &&
    status.explanation === 'No recent reports'
  )
    return t('report.status.unknown');
  const template = status.explanationTemplate;
  const from = status.agoFrom ? Date.parse(status.agoFrom) : Number.NaN;
  if (template && !Number.isNaN(from) && template.includes(AGO_PLACEHOLDER)) {
    const said = translateTemplate(template, formatAgo(nowMs - from));
    if (said !== null) return said;
  }
  return explanationAt(status, nowMs);
}

/** The server's English age ("just now", "8 min ago", "1 h 05 min ago") in the page's language. */
function translateAgo(english: string): string | null {
  if (english === 'just now') return t('report.ago.justNow');
  let m = /^(\d+) min ago$/.exec(english);
  if (m) return t('report.ago.minutes', { min: Number(m[1]) });
  m = /^(\d+) h (\d+) min ago$/.exec(english);
  if (m)
    return t('report.ago.hoursMinutes', {
      h: formatCount(Number(m[1])),
      mm: formatCount(Number(m[2]), { minimumIntegerDigits: 2 }),
    });
  return null;
}

/**
 * Why a status is shown, with the age the server counted when it answered (a report just made says "just now"
 * whatever this device's clock says), in the page's language; the server's sentence when it cannot be translated.
 */
export function statusExplanationAsSent(status: StatusSummary): string {
  const template = status.explanationTemplate;
  if (!template) return statusExplanation(status, Date.now());
  const [before, after] = template.split(AGO_PLACEHOLDER) as [string, string | undefined];
  const { explanation } = status;
  if (
    after === undefined ||
    !explanation.startsWith(before) ||
    !explanation.endsWith(after) ||
    explanation.length < before.length + after.length
  )
    return explanation;
  const ago = translateAgo(explanation.slice(before.length, explanation.length - after.length));
  return (ago !== null && translateTemplate(template, ago)) || explanation;
}
