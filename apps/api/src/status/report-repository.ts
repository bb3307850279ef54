import type { PublicReport, ReportStatus } from '@cng/shared';
import { type Selectable, SqliteAdapter, sql } from 'kysely';
import type { Db } from '../db/database';
import type { StationReportsTable } from '../db/schema';
import type { WriteClaim } from '../idempotency/idempotency';
import type { ModelReport } from './status-model';
import type { StreamFilter } from './stream-filter';

export type ReportRow = Selectable<StationReportsTable>;

export interface NewDriverReport {
  stationId: string;
  deviceId: string;
  /** Keyed hash of the reporter's network (network-hash.ts); null when the address is unusable. */
  networkHash: string | null;
  status: ReportStatus;
  queueMin: number | null;
  note: string | null;
  position: { lon: number; lat: number; accuracyM: number | null; distanceM: number } | null;
}

export type InsertDriverResult =
  | { kind: 'created'; row: ReportRow }
  | { kind: 'cooldown'; by: 'device' | 'network'; retryAtMs: number };

/** How often one station may be reported: per device, and per network (REPORT_LIMITS). */
export interface ReportCooldown {
  cooldownMin: number;
  /** Reports one network may send for one station within `cooldownMin`. */
  perNetwork: number;
}

/**
 * Appends a driver report unless the device reported this station within `cooldownMin`, or its network
 * already sent `perNetwork` reports for it in that window. The checks and the insert share one transaction;
 * on PostgreSQL an advisory lock on the station makes simultaneous reports of one station take turns, so
 * two requests from one device or network cannot both pass the checks. (On SQLite, Kysely runs
 * transactions one at a time on its single connection.) `claim` (an Idempotency-Key) is stored in the same
 * transaction, right after the insert.
 */
export async function insertDriverReport(
  db: Db,
  report: NewDriverReport,
  limits: ReportCooldown,
  now = new Date(),
  claim?: WriteClaim,
): Promise<InsertDriverResult> {
  const windowMs = limits.cooldownMin * 60_000;
  return db.transaction().execute(async (trx) => {
    if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) {
      await sql`select pg_advisory_xact_lock(hashtext(${`station-report|${report.stationId}`}))`.execute(trx);
    }
    const since = new Date(now.getTime() - windowMs).toISOString();
    // One rule for both: at most `max` reports per key and station in the window; the key may report again
    // once the oldest of them leaves it (a device may send 1, a network `perNetwork`).
    const fullUntil = async (column: 'device_id' | 'network_hash', value: string, max: number) => {
      const recent = await trx
        .selectFrom('station_reports')
        .select('created_at')
        .where(column, '=', value)
        .where('station_id', '=', report.stationId)
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .limit(max)
        .execute();
      return recent.length >= max ? Date.parse(recent[recent.length - 1]!.created_at) + windowMs : null;
    };
    const deviceUntil = await fullUntil('device_id', report.deviceId, 1);
    if (deviceUntil !== null) return { kind: 'cooldown', by: 'device', retryAtMs: deviceUntil };
    if (report.networkHash !== null) {
      const networkUntil = await fullUntil('network_hash', report.networkHash, limits.perNetwork);
      if (networkUntil !== null) return { kind: 'cooldown', by: 'network', retryAtMs: networkUntil };
    }
    const row = await trx
      .insertInto('station_reports')
      .values({
        station_id: report.stationId,
        status: report.status,
        queue_min: report.queueMin,
        note: report.note,
        source: 'driver',
        device_id: report.deviceId,
        network_hash: report.networkHash,
        lon: report.position?.lon ?? null,
        lat: report.position?.lat ?? null,
        accuracy_m: report.position?.accuracyM ?? null,
        distance_m: report.position?.distanceM ?? null,
        created_at: now.toISOString(),
        valid_until: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await claim?.(trx, Number(row.id));
    return { kind: 'created', row };
  });
}

/** One report by id, or undefined. */
export async function findReport(db: Db, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('station_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Appends an official status valid until `validUntil`. */
export async function insertOfficialStatus(
  db: Db,
  input: {
    stationId: string;
    status: ReportStatus;
    queueMin: number | null;
    note: string | null;
    validUntil: Date;
  },
  now = new Date(),
): Promise<ReportRow> {
  return db
    .insertInto('station_reports')
    .values({
      station_id: input.stationId,
      status: input.status,
      queue_min: input.queueMin,
      note: input.note,
      source: 'official',
      device_id: 'operator',
      lon: null,
      lat: null,
      accuracy_m: null,
      distance_m: null,
      created_at: now.toISOString(),
      valid_until: input.validUntil.toISOString(),
      network_hash: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Reports that may still count at `now`: newer than `maxAgeMin`, or official and still valid. */
export async function loadCountingReports(
  db: Db,
  maxAgeMin: number,
  now = new Date(),
  stationId?: string,
): Promise<ReportRow[]> {
  const since = new Date(now.getTime() - maxAgeMin * 60_000).toISOString();
  let query = db
    .selectFrom('station_reports')
    .selectAll()
    .where((eb) => eb.or([eb('created_at', '>', since), eb('valid_until', '>', now.toISOString())]));
  if (stationId !== undefined) query = query.where('station_id', '=', stationId);
  return query.orderBy('id').execute();
}

/** The newest `limit` reports of a station, newest first. */
export async function listStationReports(db: Db, stationId: string, limit: number): Promise<ReportRow[]> {
  return db
    .selectFrom('station_reports')
    .selectAll()
    .where('station_id', '=', stationId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Stations passing `filter` (some ids, or a box that may cross the antimeridian) with a report whose id is
 * above `afterId`, with their highest id, oldest change first, at most `limit`. The filter runs in SQL, so
 * a client's stations are found however many other stations changed meanwhile.
 */
export async function stationsChangedAfter(
  db: Db,
  afterId: number,
  limit: number,
  filter: StreamFilter,
): Promise<{ stationId: string; seq: number }[]> {
  let query = db
    .selectFrom('station_reports as r')
    .select(['r.station_id', (eb) => eb.fn.max('r.id').as('seq')])
    .where('r.id', '>', afterId);
  if ('stationIds' in filter) {
    query = query.where('r.station_id', 'in', [...filter.stationIds]);
  } else {
    const [minLon, minLat, maxLon, maxLat] = filter.bbox;
    query = query
      .innerJoin('stations as s', 's.id', 'r.station_id')
      .where('s.lat', '>=', minLat)
      .where('s.lat', '<=', maxLat)
      .where((eb) =>
        minLon <= maxLon
          ? eb.and([eb('s.lon', '>=', minLon), eb('s.lon', '<=', maxLon)])
          : eb.or([eb('s.lon', '>=', minLon), eb('s.lon', '<=', maxLon)]),
      );
  }
  const rows = await query.groupBy('r.station_id').orderBy('seq').limit(limit).execute();
  return rows.map((r) => ({ stationId: r.station_id, seq: Number(r.seq) }));
}

/** The highest report id so far (0 when none). */
export async function latestReportId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('station_reports')
    .select((eb) => eb.fn.max('id').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The model's view of a stored row. */
export function modelReportFromRow(row: ReportRow): ModelReport {
  return {
    id: Number(row.id),
    status: row.status as ReportStatus,
    queueMin: row.queue_min === null ? null : Number(row.queue_min),
    createdAtMs: Date.parse(row.created_at),
    deviceId: row.device_id,
    networkHash: row.network_hash ?? null,
    withPosition: row.lon !== null,
    official: row.source === 'official',
    validUntilMs: row.valid_until ? Date.parse(row.valid_until) : null,
  };
}

/** The public view of a stored row: no device id, no position. */
export function publicReportFromRow(row: ReportRow): PublicReport {
  return {
    id: Number(row.id),
    stationId: row.station_id,
    status: row.status as ReportStatus,
    queueMin: row.queue_min === null ? null : Number(row.queue_min),
    note: row.note,
    createdAt: row.created_at,
    official: row.source === 'official',
    withPosition: row.lon !== null,
    validUntil: row.valid_until,
  };
}
