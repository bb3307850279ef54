import type { ParsedImport, RejectReason } from './importers/station-record';

/** The closing table of a run, as stored in import_runs.counts. */
export interface ImportCounts {
  /** Rows read from the inputs. */
  read: number;
  /** Rows that passed validation. */
  accepted: number;
  /** Rejected rows by reason. */
  rejected: Partial<Record<RejectReason, number>>;
  /** Accepted records that became a new station. */
  new: number;
  /** Accepted records new to this source that joined an existing station (another source's). */
  merged: number;
  /** Known records whose content changed (or that came back after being absent). */
  updated: number;
  /** Known records identical to what is stored. */
  unchanged: number;
  /** Stations that became inactive: no source lists them any more. */
  deactivated: number;
  /** Inactive stations a source lists again. */
  reactivated: number;
  /** Station rows inserted or rewritten. */
  stationsWritten: number;
}

/** Counts before planning: what the importer read, accepted and rejected. */
export function emptyCounts(parsed: ParsedImport): ImportCounts {
  const rejected: ImportCounts['rejected'] = {};
  for (const r of parsed.rejected) rejected[r.reason] = (rejected[r.reason] ?? 0) + 1;
  return {
    read: parsed.read,
    accepted: parsed.candidates.length,
    rejected,
    new: 0,
    merged: 0,
    updated: 0,
    unchanged: 0,
    deactivated: 0,
    reactivated: 0,
    stationsWritten: 0,
  };
}

/** True when the run changed station data (and the in-memory indexes must reload). */
export const countsChangedData = (c: ImportCounts): boolean =>
  c.new + c.merged + c.updated + c.deactivated + c.reactivated + c.stationsWritten > 0;

/** The closing table as aligned text lines. */
export function formatCountsTable(c: ImportCounts): string {
  const rejectedTotal = Object.values(c.rejected).reduce((a, b) => a + (b ?? 0), 0);
  const rows: [string, number][] = [
    ['read', c.read],
    ['accepted', c.accepted],
    ['rejected', rejectedTotal],
    ...Object.entries(c.rejected)
      .sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0))
      .map(([reason, n]): [string, number] => [`  ${reason}`, n ?? 0]),
    ['merged into existing', c.merged],
    ['new', c.new],
    ['updated', c.updated],
    ['unchanged', c.unchanged],
    ['deactivated', c.deactivated],
    ['reactivated', c.reactivated],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, n]) => `${k.padEnd(width)}  ${String(n).padStart(7)}`).join('\n');
}
