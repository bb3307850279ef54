import type { Rejection } from './importers/station-record';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. Text that a spreadsheet
 * would run as a formula (starting with = + - @, or a tab or carriage return before one, OWASP's list) gets a
 * leading apostrophe: details quote open data.
 */
function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every rejected row as CSV: where it was, its source and id, the reason and what was wrong. */
export function rejectionCsv(rows: readonly Rejection[]): string {
  const lines = [['where', 'source', 'source_id', 'reason', 'detail'].join(',')];
  for (const r of rows)
    lines.push([r.where, r.source, r.sourceId ?? '', r.reason, r.detail ?? ''].map(csvField).join(','));
  return `${lines.join('\n')}\n`;
}

/** One line for the terminal: `stations.json#12  non-numeric-coordinates  latitude "abc"`. */
export function rejectionLine(r: Rejection): string {
  return [r.where, r.reason, r.detail ?? ''].filter(Boolean).join('  ');
}
