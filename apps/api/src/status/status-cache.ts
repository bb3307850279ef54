import { type StatusSummary, UNKNOWN_STATUS } from '@cng/shared';
import type { Db } from '../db/database';
import type { PositionsOf } from '../stations/stations';
import { DeadlineTimers } from './deadline-timers';
import { latestReportId, loadCountingReports, modelReportFromRow, type ReportRow } from './report-repository';
import { type ModelReport, STATUS_MODEL, summarizeStatus } from './status-model';

interface Entry {
  reports: ModelReport[];
  /** Highest report id seen for the station: the live event sequence. */
  seq: number;
  lon: number;
  lat: number;
  /** The summary the streams last heard (or the one at load time): the base for "did it change?". */
  shown: StatusSummary;
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
 * True when two summaries differ in what a page shows: status, confidence, official, queue, or why (drivers,
 * votes, the time an age counts from). The age itself ("8 min ago") is not a change: clients count it.
 */
export function shownDiffers(a: StatusSummary, b: StatusSummary): boolean {
  return (
    a.status !== b.status ||
    a.confidence !== b.confidence ||
    a.official !== b.official ||
    a.queueMin !== b.queueMin ||
    a.reportCount !== b.reportCount ||
    JSON.stringify(a.why) !== JSON.stringify(b.why)
  );
}

/**
 * The reports that still count, per station, kept in memory so every station in every API answer can
 * carry its status without a query. The database stays the source of truth: the cache is filled from it
 * at start-up (and again on a change-feed resync) and a station is re-read from it on every
 * 'status-changed' event, so instances agree. Summaries are computed at read time, because a status decays
 * with the clock; `recomputeAll` (every minute) and a timer at each official status's end tell the
 * listeners about changes that only the clock caused.
 */
export class StatusCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(change: StatusChange) => void>();
  private readonly expiries = new DeadlineTimers();

  /**
   * `positionsOf` answers where stations are (the station index, see stations/station-lookup.ts): the cache
   * keeps each station's position so a stream following a box can tell whether a change is inside it.
   */
  constructor(
    private readonly db: Db,
    private readonly positionsOf: PositionsOf,
  ) {}

  /**
   * Fills the cache with every report that may still count. With `notify`, tells the listeners about every
   * station whose status differs from what they last heard (a resync after missed change events).
   */
  async loadAll({ notify = false, now = new Date() } = {}): Promise<StatusChange[]> {
    // Entries newer than this came from refreshes that ran during the load: they are not stale.
    const upTo = await latestReportId(this.db);
    const rows = await loadCountingReports(this.db, STATUS_MODEL.maxAgeMin, now);
    const byStation = groupByStation(rows);
    const positions = await this.positionsOf([...byStation.keys()]);
    const changes: StatusChange[] = [];
    for (const id of new Set([...this.entries.keys(), ...byStation.keys()])) {
      const old = this.entries.get(id);
      const stationRows = byStation.get(id);
      const pos = positions.get(id);
      if (stationRows && pos) {
        const fresh = entryFrom(stationRows, pos, now.getTime());
        if (old && old.seq > fresh.seq) continue;
        this.entries.set(id, fresh);
        this.scheduleExpiry(id, fresh, now.getTime());
        if (!old || old.seq !== fresh.seq || shownDiffers(old.shown, fresh.shown))
          changes.push(changeOf(id, fresh, fresh.shown));
      } else if (old && old.seq <= upTo) {
        this.forget(id);
        if (old.shown.status !== 'unknown') changes.push(changeOf(id, old, UNKNOWN_STATUS));
      }
    }
    if (notify) for (const change of changes) this.emit(change);
    return changes;
  }

  /**
   * Re-reads one station from the database; tells the listeners its new status unless `notify` is false
   * (the writer refreshes quietly for its answer; the change feed's event then notifies every instance once).
   */
  async refresh(stationId: string, { notify = true, now = new Date() } = {}): Promise<StatusChange | null> {
    const rows = await loadCountingReports(this.db, STATUS_MODEL.maxAgeMin, now, stationId);
    const pos = (await this.positionsOf([stationId])).get(stationId);
    if (!pos) return null;
    const fresh = entryFrom(rows, pos, now.getTime());
    const status = fresh.shown; // before a quiet refresh puts the old status back into the entry
    const current = this.entries.get(stationId);
    // Two refreshes of one station can finish out of order; never let an older read replace a newer one.
    if (current && current.seq > fresh.seq)
      return changeOf(stationId, current, summarizeStatus(current.reports, now.getTime()));
    if (rows.length) {
      // A quiet refresh tells no stream: they still know only the old state (a resync compares with it).
      if (!notify) fresh.shown = current?.shown ?? UNKNOWN_STATUS;
      this.entries.set(stationId, fresh);
      this.scheduleExpiry(stationId, fresh, now.getTime());
    } else this.forget(stationId);
    const change = changeOf(stationId, fresh, status);
    if (notify) this.emit(change);
    return change;
  }

  /**
   * Recomputes every station's summary at `nowMs`, tells the listeners about those the clock changed
   * (decay, an official status ending, reports passing the horizon), and drops reports that no longer count.
   */
  recomputeAll(nowMs = Date.now()): void {
    for (const id of [...this.entries.keys()]) this.recompute(id, nowMs);
  }

  /** Recomputes one station at `nowMs`; see recomputeAll. */
  recompute(stationId: string, nowMs = Date.now()): void {
    const entry = this.entries.get(stationId);
    if (!entry) return;
    const horizon = nowMs - STATUS_MODEL.maxAgeMin * 60_000;
    entry.reports = entry.reports.filter(
      (r) => r.createdAtMs > horizon || (r.validUntilMs !== null && r.validUntilMs > nowMs),
    );
    const now = summarizeStatus(entry.reports, nowMs);
    if (shownDiffers(entry.shown, now)) this.emit(changeOf(stationId, entry, now));
    if (!entry.reports.length) this.forget(stationId);
    // The next official status to end gets its timer (a timer that just fired was the earliest one's).
    else this.scheduleExpiry(stationId, entry, nowMs);
  }

  /**
   * Takes the stations' positions again from `positionsOf` (after the station index was rebuilt: a moderator may
   * have moved a station), so the changes the clock makes later are sent from where each station is now and
   * reach the streams following the box it is in. A station no longer found keeps its last position.
   */
  async updatePositions(): Promise<void> {
    const positions = await this.positionsOf([...this.entries.keys()]);
    for (const [id, pos] of positions) {
      const entry = this.entries.get(id);
      if (entry) {
        entry.lon = pos.lon;
        entry.lat = pos.lat;
      }
    }
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

  /** Number of stations with reports that count. */
  get size(): number {
    return this.entries.size;
  }

  /** Stops the timers (server shutdown). */
  close(): void {
    this.expiries.clearAll();
  }

  /** When the station's next official status ends, if a timer waits for it (for tests). */
  nextExpiryAt(stationId: string): number | undefined {
    return this.expiries.dueAt(stationId);
  }

  private emit(change: StatusChange): void {
    const entry = this.entries.get(change.stationId);
    if (entry) entry.shown = change.status;
    for (const listener of this.listeners) listener(change);
  }

  private forget(stationId: string): void {
    this.entries.delete(stationId);
    this.expiries.clear(stationId);
  }

  /** A timer at the end of the station's earliest official status still running: the status changes then. */
  private scheduleExpiry(stationId: string, entry: Entry, nowMs: number): void {
    const ends = entry.reports
      .map((r) => (r.official ? r.validUntilMs : null))
      .filter((ms): ms is number => ms !== null && ms > nowMs);
    if (!ends.length) {
      this.expiries.clear(stationId);
      return;
    }
    const next = Math.min(...ends);
    // recompute runs for every station each minute: a timer already waiting for that end stays as it is.
    if (this.expiries.dueAt(stationId) === next) return;
    this.expiries.set(stationId, next, (atMs) => this.recompute(stationId, Math.max(Date.now(), atMs)));
  }
}

function changeOf(stationId: string, entry: Entry, status: StatusSummary): StatusChange {
  return { stationId, seq: entry.seq, lon: entry.lon, lat: entry.lat, status };
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

function entryFrom(rows: ReportRow[], pos: { lon: number; lat: number }, nowMs: number): Entry {
  const reports = rows.map(modelReportFromRow);
  const seq = Math.max(0, ...reports.map((r) => r.id));
  return { reports, seq, ...pos, shown: summarizeStatus(reports, nowMs) };
}
