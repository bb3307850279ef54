import type { ProblemReason, Proposal } from '@cng/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { StationProposalsTable } from '../db/schema';
import { insertClaimed, type WriteClaim } from '../idempotency/idempotency';

export type ProposalRow = Selectable<StationProposalsTable>;

export interface NewProposal {
  kind: 'add' | 'problem';
  stationId: string | null;
  reason: ProblemReason | null;
  name: string | null;
  operator: string | null;
  note: string | null;
  openingHours: string | null;
  position: { lon: number; lat: number; accuracyM: number | null } | null;
  duplicateOf: string | null;
  deviceId: string;
  networkHash: string | null;
}

/**
 * Stores a proposal; resolves with its row only after the commit, so an id given out is on disk. `claim` (an
 * Idempotency-Key) is stored in the same transaction.
 */
export async function insertProposal(
  db: Db,
  p: NewProposal,
  now = new Date(),
  claim?: WriteClaim,
): Promise<ProposalRow> {
  return insertClaimed(db, claim, (db) =>
    db
      .insertInto('station_proposals')
      .values({
        kind: p.kind,
        station_id: p.stationId,
        reason: p.reason,
        name: p.name,
        operator: p.operator,
        note: p.note,
        opening_hours: p.openingHours,
        lon: p.position?.lon ?? null,
        lat: p.position?.lat ?? null,
        accuracy_m: p.position?.accuracyM ?? null,
        duplicate_of: p.duplicateOf,
        device_id: p.deviceId,
        network_hash: p.networkHash,
        created_at: now.toISOString(),
        state: 'pending',
        decided_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** Pending additions within a box around (lon, lat) of ±`deg` degrees, created at or after `sinceIso`. */
export async function pendingAdditionsNear(
  db: Db,
  lon: number,
  lat: number,
  deg: number,
  sinceIso: string,
): Promise<ProposalRow[]> {
  return db
    .selectFrom('station_proposals')
    .selectAll()
    .where('kind', '=', 'add')
    .where('state', '=', 'pending')
    .where('created_at', '>=', sinceIso)
    .where('lat', '>=', lat - deg)
    .where('lat', '<=', lat + deg)
    .where('lon', '>=', lon - deg)
    .where('lon', '<=', lon + deg)
    .orderBy('id')
    .execute();
}

/** Pending problem reports of one station with one reason, created at or after `sinceIso`. */
export async function pendingProblems(
  db: Db,
  stationId: string,
  reason: ProblemReason,
  sinceIso: string,
): Promise<ProposalRow[]> {
  return db
    .selectFrom('station_proposals')
    .selectAll()
    .where('kind', '=', 'problem')
    .where('state', '=', 'pending')
    .where('station_id', '=', stationId)
    .where('reason', '=', reason)
    .where('created_at', '>=', sinceIso)
    .orderBy('id')
    .execute();
}

export async function findProposal(db: Db, id: number): Promise<ProposalRow | undefined> {
  return db.selectFrom('station_proposals').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Proposals newest first, optionally of one state. */
export async function listProposals(
  db: Db,
  options: { state?: ProposalRow['state']; limit: number; offset: number },
): Promise<ProposalRow[]> {
  let q = db.selectFrom('station_proposals').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (options.state) q = q.where('state', '=', options.state);
  return q.offset(options.offset).execute();
}

/**
 * Closes proposals with one decision each, in one transaction: the state, and a decision row that says what,
 * when, why and by whom. Proposals already decided are left alone (two moderators, or drivers and a moderator).
 */
export async function decide(
  db: Db,
  ids: number[],
  decision: {
    state: 'approved' | 'rejected';
    action: string;
    decidedBy: 'moderator' | 'drivers';
    reason: string;
    stationId: string | null;
  },
  now = new Date(),
): Promise<number[]> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .updateTable('station_proposals')
      .set({ state: decision.state, decided_at: at })
      .where('id', 'in', ids.length ? ids : [-1])
      .where('state', '=', 'pending')
      .returning('id')
      .execute();
    const decided = open.map((r) => Number(r.id));
    if (decided.length) {
      await trx
        .insertInto('moderation_decisions')
        .values(
          decided.map((id) => ({
            proposal_id: id,
            action: decision.action,
            decided_by: decision.decidedBy,
            reason: decision.reason,
            station_id: decision.stationId,
            created_at: at,
          })),
        )
        .execute();
    }
    return decided;
  });
}

/** Every decision on one proposal, oldest first. */
export async function decisionsOf(db: Db, proposalId: number) {
  const rows = await db
    .selectFrom('moderation_decisions')
    .selectAll()
    .where('proposal_id', '=', proposalId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    proposalId: Number(r.proposal_id),
    action: r.action,
    decidedBy: r.decided_by,
    reason: r.reason,
    stationId: r.station_id,
    createdAt: r.created_at,
  }));
}

/** Hides a station (closed for good, not CNG, a duplicate); imports never unhide it. */
export async function hideStation(
  db: Db,
  stationId: string,
  reason: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('stations')
    .set({ hidden_at: now.toISOString(), hidden_reason: reason })
    .where('id', '=', stationId)
    .where('hidden_at', 'is', null)
    .execute();
}

/** Moves a station to where a moderator says it is; imports keep it there (ADR 0014). */
export async function moveStation(db: Db, stationId: string, lon: number, lat: number): Promise<void> {
  await db
    .updateTable('stations')
    .set({ moved_lon: lon, moved_lat: lat, lon, lat, coordinate_quality: 'corrected' })
    .where('id', '=', stationId)
    .execute();
}

/** The station a driver-added record joined, or undefined. */
export async function stationOfSource(db: Db, source: string, sourceId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('station_sources')
    .select('station_id')
    .where('source', '=', source)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return row?.station_id;
}

/** The public and moderator view of a row: no device id, no network. */
export function proposalFromRow(r: ProposalRow): Proposal {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: Number(r.id),
    kind: r.kind,
    state: r.state,
    stationId: r.station_id,
    reason: r.reason as Proposal['reason'],
    name: r.name,
    operator: r.operator,
    note: r.note,
    openingHours: r.opening_hours,
    lon: num(r.lon),
    lat: num(r.lat),
    duplicateOf: r.duplicate_of,
    createdAt: r.created_at,
    decidedAt: r.decided_at,
  };
}
