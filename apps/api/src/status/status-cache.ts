import { type StatusSummary, UNKNOWN_STATUS } from '@cng/shared';
import type { Db } from '../db/database';
import { loadCountingReports, modelReportFromRow, type ReportRow } from './report-repository';
import { type ModelReport, STATUS_MODEL, summarizeStatus } from './status-model';

interface Entry {
  reports: ModelReport[];
  /** Highest report id seen for the station: the live event sequence. */
  seq: number;
  lon: number;
  lat: number;
}

/** A status change, as the event streams send it. */
export interface StatusChange {
  stationId: string;
  seq: number;
  lon: number;
  lat: number;
  status: StatusSummary;
}

/**
 * The reports that still count, per station, kept in memory so every station in every API answer can
 * carry its status without a query. The database stays the source of truth: the cache is filled from it
 * at start-up and a station is re-read from it on every 'status-changed' event, so instances agree.
 * Summaries are computed at read time, because a status decays with the clock, not only with new reports.
 */
export class StatusCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(change: StatusChange) => void>();

  constructor(private readonly db: Db) {}

  /** Fills the cache with every report that may still count. */
  async loadAll(now = new Date()): Promise<void> {
    const rows = await loadCountingReports(this.db, STATUS_MODEL.maxAgeMin, now);
    const byStation = groupByStation(rows);
    const positions = await this.positionsOf([...byStation.keys()]);
    this.entries.clear();
    for (const [stationId, stationRows] of byStation) {
      const pos = positions.get(stationId);
      if (pos) this.entries.set(stationId, entryFrom(stationRows, pos));
    }
  }

  /**
   * Re-reads one station from the database; tells the listeners its new status unless `notify` is false
   * (the writer refreshes quietly for its answer; the change feed's event then notifies every instance once).
   */
  async refresh(stationId: string, { notify = true, now = new Date() } = {}): Promise<StatusChange | null> {
    const rows = await loadCountingReports(this.db, STATUS_MODEL.maxAgeMin, now, stationId);
    const pos = (await this.positionsOf([stationId])).get(stationId);
    if (!pos) return null;
    const fresh = entryFrom(rows, pos);
    const current = this.entries.get(stationId);
    // Two refreshes of one station can finish out of order; never let an older read replace a newer one.
    if (current && current.seq > fresh.seq) return this.changeOf(stationId, current, now);
    if (rows.length) this.entries.set(stationId, fresh);
    else this.entries.delete(stationId);
    const change = this.changeOf(stationId, fresh, now);
    if (notify) for (const listener of this.listeners) listener(change);
    return change;
  }

  /** The status of a station now (UNKNOWN_STATUS when nothing counts). */
  summaryFor(stationId: string, nowMs = Date.now()): StatusSummary {
    const entry = this.entries.get(stationId);
    return entry ? summarizeStatus(entry.reports, nowMs) : UNKNOWN_STATUS;
  }

  /** The current change record of a station, for replaying to a reconnecting client. */
  snapshot(stationId: string, seq: number, nowMs = Date.now()) {
    const entry = this.entries.get(stationId);
    return { stationId, seq: Math.max(seq, entry?.seq ?? 0), status: this.summaryFor(stationId, nowMs) };
  }

  /** Subscribes to status changes; returns the unsubscribe function. */
  onChange(listener: (change: StatusChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drops reports that no longer count, to keep memory bounded. */
  prune(nowMs = Date.now()): void {
    const horizon = nowMs - STATUS_MODEL.maxAgeMin * 60_000;
    for (const [id, entry] of this.entries) {
      entry.reports = entry.reports.filter(
        (r) => r.createdAtMs > horizon || (r.validUntilMs !== null && r.validUntilMs > nowMs),
      );
      if (!entry.reports.length) this.entries.delete(id);
    }
  }

  /** Number of stations with reports that count. */
  get size(): number {
    return this.entries.size;
  }

  private changeOf(stationId: string, entry: Entry, now: Date): StatusChange {
    return {
      stationId,
      seq: entry.seq,
      lon: entry.lon,
      lat: entry.lat,
      status: summarizeStatus(entry.reports, now.getTime()),
    };
  }

  /** Station positions by id (stations that no longer exist are missing). */
  async positionsOf(ids: string[]): Promise<Map<string, { lon: number; lat: number }>> {
    const out = new Map<string, { lon: number; lat: number }>();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await this.db
        .selectFrom('stations')
        .select(['id', 'lon', 'lat'])
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const r of rows) out.set(r.id, { lon: Number(r.lon), lat: Number(r.lat) });
    }
    return out;
  }
}

function groupByStation(rows: ReportRow[]): Map<string, ReportRow[]> {
  const out = new Map<string, ReportRow[]>();
  for (const row of rows) {
    const list = out.get(row.station_id);
    if (list) list.push(row);
    else out.set(row.station_id, [row]);
  }
  return out;
}

function entryFrom(rows: ReportRow[], pos: { lon: number; lat: number }): Entry {
  const reports = rows.map(modelReportFromRow);
  return { reports, seq: Math.max(0, ...reports.map((r) => r.id)), ...pos };
}
