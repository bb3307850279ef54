import type { Confidence, ReportStatus, StatusSummary } from '@cng/shared';

type ShownStatus = StatusSummary['status'];

/** Words for each status: the badge never relies on colour alone. */
export const STATUS_LABELS: Record<ShownStatus, string> = {
  available: 'Gas available',
  no_gas: 'No gas',
  low_pressure: 'Low pressure',
  closed: 'Closed',
  unknown: 'No recent reports',
};

/** Short words for the one-tap report buttons. */
export const REPORT_BUTTON_LABELS: Record<ReportStatus, string> = {
  available: 'Gas available',
  no_gas: 'No gas',
  low_pressure: 'Low pressure',
  closed: 'Closed',
};

export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  high: 'sure',
  medium: 'likely',
  low: 'unsure',
  mixed: 'drivers disagree',
  unknown: '',
};

/** Stroke paths on a 24×24 grid, one shape per status (shape and text carry the meaning, colour helps). */
export const STATUS_ICON_PATHS: Record<ShownStatus, string> = {
  available: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM7.5 12.5l3 3 6-6.5',
  no_gas: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8.5 8.5l7 7M15.5 8.5l-7 7',
  low_pressure: 'M3.5 16.5a8.5 8.5 0 1 1 17 0zM12 16.5l-4.5-5M7.5 8.2l.6.8M12 6.5v1M16.5 8.2l-.6.8',
  closed: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM7.5 12h9',
  unknown: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.6M12 17v.01',
};

/** "8 min ago" from an ISO time, for timelines; "just now" under a minute. */
export function timeAgo(iso: string, nowMs = Date.now()): string {
  const min = Math.floor((nowMs - Date.parse(iso)) / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  if (h < 24) return `${h} h ago`;
  return `${Math.floor(h / 24)} d ago`;
}
