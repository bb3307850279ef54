import type { CandidateAnswer } from '@cng/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { CandidateAnswersTable, FuelCandidatesTable } from '../db/schema';
import { insertClaimed, type WriteClaim } from '../idempotency/idempotency';
import type { FuelCandidateRecord } from './candidate-import';

export type CandidateRow = Selectable<FuelCandidatesTable>;
export type AnswerRow = Selectable<CandidateAnswersTable>;

/** Rows per INSERT: 11 columns, far below either database's limit of bound parameters. */
const CHUNK = 400;

/**
 * Stores the candidates of one file. New ones are added open; an open one the file lists again takes its new
 * name and position; a confirmed or retired one keeps what drivers decided. Nothing is deleted: a pump the
 * file no longer lists keeps its answers. Answers how many rows were written.
 */
export async function storeCandidates(
  db: Db,
  records: readonly FuelCandidateRecord[],
  now = new Date(),
): Promise<number> {
  const importedAt = now.toISOString();
  let written = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < records.length; i += CHUNK) {
      const rows = records.slice(i, i + CHUNK).map((r) => ({
        ...r,
        state: 'open' as const,
        station_id: null,
        decided_at: null,
        decided_by: null,
        decision_reason: null,
        imported_at: importedAt,
      }));
      const result = await trx
        .insertInto('fuel_candidates')
        .values(rows)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              brand: eb.ref('excluded.brand'),
              lon: eb.ref('excluded.lon'),
              lat: eb.ref('excluded.lat'),
              region: eb.ref('excluded.region'),
              licence: eb.ref('excluded.licence'),
              attribution: eb.ref('excluded.attribution'),
              imported_at: eb.ref('excluded.imported_at'),
            }))
            .where('fuel_candidates.state', '=', 'open'),
        )
        .executeTakeFirst();
      written += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
  });
  return written;
}

export async function countCandidates(db: Db): Promise<number> {
  const row = await db
    .selectFrom('fuel_candidates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The open candidates inside a box around a point, leaving out those `deviceId` has answered. The box is cut by
 * the (state, lat, lon) index; the caller measures and sorts.
 */
export async function openCandidatesInBox(
  db: Db,
  box: { west: number; south: number; east: number; north: number },
  deviceId: string | null,
): Promise<CandidateRow[]> {
  let query = db
    .selectFrom('fuel_candidates')
    .selectAll()
    .where('state', '=', 'open')
    .where('lat', '>=', box.south)
    .where('lat', '<=', box.north)
    .where('lon', '>=', box.west)
    .where('lon', '<=', box.east);
  if (deviceId)
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('candidate_answers')
            .select('candidate_answers.id')
            .whereRef('candidate_answers.candidate_id', '=', 'fuel_candidates.id')
            .where('candidate_answers.device_id', '=', deviceId),
        ),
      ),
    );
  return query.execute();
}

export async function answerById(db: Db, id: number): Promise<AnswerRow | undefined> {
  return db.selectFrom('candidate_answers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function candidateById(db: Db, id: string): Promise<CandidateRow | undefined> {
  return db.selectFrom('fuel_candidates').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewAnswer {
  candidateId: string;
  answer: CandidateAnswer;
  deviceId: string;
  networkHash: string | null;
}

/** Stores an answer; resolves only after the commit. `claim` (an Idempotency-Key) is stored in the same transaction. */
export async function insertAnswer(
  db: Db,
  a: NewAnswer,
  now = new Date(),
  claim?: WriteClaim,
): Promise<AnswerRow> {
  return insertClaimed(db, claim, (db) =>
    db
      .insertInto('candidate_answers')
      .values({
        candidate_id: a.candidateId,
        answer: a.answer,
        device_id: a.deviceId,
        network_hash: a.networkHash,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

/** The answers about one candidate given at or after `sinceIso`, oldest first. */
export async function answersOf(db: Db, candidateId: string, sinceIso: string): Promise<AnswerRow[]> {
  return db
    .selectFrom('candidate_answers')
    .selectAll()
    .where('candidate_id', '=', candidateId)
    .where('created_at', '>=', sinceIso)
    .orderBy('id')
    .execute();
}

export interface Decision {
  state: 'confirmed' | 'retired';
  stationId: string | null;
  decidedBy: 'drivers' | 'moderator';
  reason: string;
}

/** Closes an open candidate; false when it was no longer open (another answer decided it first). */
export async function decideCandidate(db: Db, id: string, d: Decision, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('fuel_candidates')
    .set({
      state: d.state,
      station_id: d.stationId,
      decided_by: d.decidedBy,
      decision_reason: d.reason,
      decided_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface AnswerTally {
  yes: number;
  no: number;
  unknown: number;
}

/**
 * The candidates drivers have answered about, latest answer first, with how many answers of each kind: what
 * moderators review (the confirmed and the retired among them).
 */
export async function answeredCandidates(
  db: Db,
  state: CandidateRow['state'] | undefined,
  limit: number,
): Promise<(CandidateRow & AnswerTally)[]> {
  let query = db
    .selectFrom('fuel_candidates')
    .innerJoin('candidate_answers', 'candidate_answers.candidate_id', 'fuel_candidates.id')
    .selectAll('fuel_candidates')
    .select((eb) => [
      eb.fn
        .sum<number>(eb.case().when('candidate_answers.answer', '=', 'yes').then(1).else(0).end())
        .as('yes'),
      eb.fn.sum<number>(eb.case().when('candidate_answers.answer', '=', 'no').then(1).else(0).end()).as('no'),
      eb.fn
        .sum<number>(eb.case().when('candidate_answers.answer', '=', 'unknown').then(1).else(0).end())
        .as('unknown'),
      eb.fn.max('candidate_answers.id').as('last_answer'),
    ])
    .groupBy('fuel_candidates.id')
    .orderBy('last_answer', 'desc')
    .limit(limit);
  if (state) query = query.where('fuel_candidates.state', '=', state);
  const rows = await query.execute();
  return rows.map(({ last_answer: _, ...r }) => ({
    ...r,
    yes: Number(r.yes),
    no: Number(r.no),
    unknown: Number(r.unknown),
  }));
}

/** The station a source record belongs to, if that record was imported. */
export async function stationOfSource(db: Db, source: string, sourceId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('station_sources')
    .select('station_id')
    .where('source', '=', source)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
  return row?.station_id;
}
