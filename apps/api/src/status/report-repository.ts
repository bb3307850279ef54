import type { PublicReport, ReportStatus } from '@cng/shared';
import { type Selectable, SqliteAdapter, sql } from 'kysely';
import type { Db } from '../db/database';
import type { StationReportsTable } from '../db/schema';
import type { ModelReport } from './status-model';

export type ReportRow = Selectable<StationReportsTable>;

export interface NewDriverReport {
  stationId: string;
  deviceId: string;
  status: ReportStatus;
  queueMin: number | null;
  note: string | null;
  position: { lon: number; lat: number; accuracyM: number | null; distanceM: number } | null;
}

export type InsertDriverResult =
  | { kind: 'created'; row: ReportRow }
  | { kind: 'cooldown'; retryAtMs: number };

/**
 * Appends a driver report unless the device reported this station within `cooldownMin`.
 * The check and the insert share one transaction; on PostgreSQL an advisory lock on (device, station)
 * makes two simultaneous requests from one device take turns, so only one of them can pass the check.
 * (On SQLite, Kysely runs transactions one at a time on its single connection.)
 */
export async function insertDriverReport(
  db: Db,
  report: NewDriverReport,
  cooldownMin: number,
  now = new Date(),
): Promise<InsertDriverResult> {
  return db.transaction().execute(async (trx) => {
    if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) {
      await sql`select pg_advisory_xact_lock(hashtext(${`${report.deviceId}|${report.stationId}`}))`.execute(
        trx,
      );
    }
    const since = new Date(now.getTime() - cooldownMin * 60_000).toISOString();
    const previous = await trx
      .selectFrom('station_reports')
      .select('created_at')
      .where('device_id', '=', report.deviceId)
      .where('station_id', '=', report.stationId)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    if (previous) {
      return { kind: 'cooldown', retryAtMs: Date.parse(previous.created_at) + cooldownMin * 60_000 };
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
        lon: report.position?.lon ?? null,
        lat: report.position?.lat ?? null,
        accuracy_m: report.position?.accuracyM ?? null,
        distance_m: report.position?.distanceM ?? null,
        created_at: now.toISOString(),
        valid_until: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { kind: 'created', row };
  });
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

/** Stations with a report whose id is above `afterId`, with their highest id, oldest change first. */
export async function stationsChangedAfter(
  db: Db,
  afterId: number,
  limit: number,
): Promise<{ stationId: string; seq: number }[]> {
  const rows = await db
    .selectFrom('station_reports')
    .select(['station_id', (eb) => eb.fn.max('id').as('seq')])
    .where('id', '>', afterId)
    .groupBy('station_id')
    .orderBy('seq')
    .limit(limit)
    .execute();
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
