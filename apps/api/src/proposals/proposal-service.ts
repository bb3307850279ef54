import { PROPOSAL_LIMITS } from '@cng/shared';
import type { FastifyInstance } from 'fastify';
import { isRejection, type RawRow, runImport, validateRow } from '../station-import/station-import';
import { agreeingAdditions, enoughVoices, recent, type Voice } from './agreement';
import {
  decide,
  hideStation,
  moveStation,
  type ProposalRow,
  pendingAdditionsNear,
  pendingProblems,
  stationOfSource,
} from './proposal-repository';

/** Source key, licence and credit of stations drivers added. */
export const DRIVERS_SOURCE = {
  source: 'drivers',
  licence: 'Contributed by CNG Navigator drivers',
  attribution: 'Added by CNG Navigator drivers, not yet confirmed by any source',
} as const;

/** Problem reasons that take a station off the map when drivers agree or a moderator approves. */
const HIDING_REASONS = new Set(['closed', 'not-cng', 'duplicate']);
/** ~170 m of latitude: the box the agreement looks in before measuring (150 m rule). */
const NEAR_DEG = 0.0025;

const voiceOf = (r: ProposalRow): Voice => ({
  id: Number(r.id),
  deviceId: r.device_id,
  networkHash: r.network_hash,
  createdAtMs: Date.parse(r.created_at),
  lon: r.lon === null ? null : Number(r.lon),
  lat: r.lat === null ? null : Number(r.lat),
});

/** The most common value (ties: the earliest); null when none. */
function mostCommon(values: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  for (const [v, n] of counts) if (best === null || n > counts.get(best)!) best = v;
  return best;
}

/**
 * Puts the station that `rows` propose on the map, through the import machinery like any source (feed
 * `drivers`, quality `drivers`, no retirement): within 50 m of a known station, or 150 m with a matching
 * name, it joins that station instead (ADR 0004). Answers the station id, or null when the position is
 * invalid (at sea, say).
 */
export async function addDriverStation(
  app: FastifyInstance,
  rows: ProposalRow[],
  /** Where a moderator says it is, instead of where the drivers put it. */
  at?: { lon: number; lat: number },
): Promise<string | null> {
  const voices = rows.map(voiceOf);
  const sourceId = `proposal-${Math.min(...voices.map((v) => v.id))}`;
  const raw: RawRow = {
    source: DRIVERS_SOURCE.source,
    sourceId,
    where: `proposals ${voices.map((v) => v.id).join(', ')}`,
    name: mostCommon(rows.map((r) => r.name)),
    operator: mostCommon(rows.map((r) => r.operator)),
    openingHours: mostCommon(rows.map((r) => r.opening_hours)),
    lon: at?.lon ?? voices.reduce((s, v) => s + v.lon!, 0) / voices.length,
    lat: at?.lat ?? voices.reduce((s, v) => s + v.lat!, 0) / voices.length,
    coordinateQuality: 'drivers',
    licence: DRIVERS_SOURCE.licence,
    attribution: DRIVERS_SOURCE.attribution,
    url: null,
  };
  const candidate = validateRow(raw);
  if (isRejection(candidate)) {
    app.log.warn({ rejection: candidate }, 'driver proposal not added: invalid station');
    return null;
  }
  const result = await runImport(app.db, {
    importer: 'drivers',
    inputs: [raw.where],
    read: 1,
    candidates: [candidate],
    rejected: [],
    feeds: [],
  });
  if (result.changed) await app.changes.publish('stations-changed', { reason: 'driver proposal' });
  return (await stationOfSource(app.db, DRIVERS_SOURCE.source, sourceId)) ?? null;
}

/** Moves a station and tells every instance. */
export async function move(
  app: FastifyInstance,
  stationId: string,
  at: { lon: number; lat: number },
): Promise<void> {
  await moveStation(app.db, stationId, at.lon, at.lat);
  await app.changes.publish('stations-changed', { reason: 'station moved by a moderator' });
}

/** Takes a station off the map and tells every instance. */
export async function hide(app: FastifyInstance, stationId: string, reason: string): Promise<void> {
  await hideStation(app.db, stationId, reason);
  await app.changes.publish('stations-changed', { reason: `station hidden: ${reason}` });
}

/**
 * After a new addition is stored: when independent drivers now agree on it, adds the station and closes
 * their proposals as approved by drivers. Answers the station id, or null while it waits.
 */
export async function settleAddition(
  app: FastifyInstance,
  row: ProposalRow,
  now = new Date(),
): Promise<string | null> {
  if (row.lon === null || row.lat === null) return null;
  const since = new Date(now.getTime() - PROPOSAL_LIMITS.agreeWindowDays * 86_400_000).toISOString();
  const pending = await pendingAdditionsNear(app.db, Number(row.lon), Number(row.lat), NEAR_DEG, since);
  const byId = new Map(pending.map((p) => [Number(p.id), p]));
  const agreeing = agreeingAdditions(voiceOf(row), pending.map(voiceOf), now.getTime());
  if (!agreeing) return null;
  const rows = agreeing.map((v) => byId.get(v.id)!);
  const stationId = await addDriverStation(app, rows);
  if (!stationId) return null;
  await decide(
    app.db,
    rows.map((r) => Number(r.id)),
    {
      state: 'approved',
      action: 'approve',
      decidedBy: 'drivers',
      reason: `${new Set(rows.map((r) => r.device_id)).size} drivers on ${new Set(rows.map((r) => r.network_hash)).size} networks agreed`,
      stationId,
    },
  );
  return stationId;
}

/**
 * After a problem report is stored: when independent drivers agree a station is closed for good, not CNG, or
 * a duplicate, takes it off the map (the same bar as adding one). Answers true when it did.
 */
export async function settleProblem(
  app: FastifyInstance,
  row: ProposalRow,
  now = new Date(),
): Promise<boolean> {
  const reason = row.reason;
  if (!row.station_id || !reason || !HIDING_REASONS.has(reason)) return false;
  const since = new Date(now.getTime() - PROPOSAL_LIMITS.agreeWindowDays * 86_400_000).toISOString();
  const reports = await pendingProblems(app.db, row.station_id, reason as 'closed', since);
  if (!enoughVoices(recent(reports.map(voiceOf), now.getTime()))) return false;
  await hide(app, row.station_id, reason);
  await decide(
    app.db,
    reports.map((r) => Number(r.id)),
    {
      state: 'approved',
      action: 'approve',
      decidedBy: 'drivers',
      reason: `${new Set(reports.map((r) => r.device_id)).size} drivers agreed: ${reason}`,
      stationId: row.station_id,
    },
  );
  return true;
}
