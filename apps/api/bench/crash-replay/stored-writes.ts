import type { Db } from '../../src/db/database';
import type { WriteRecord } from './write-load';

/** The rows a run's writes left, by marker (the note or message text each write carries). */
export interface StoredWrites {
  byMarker: Map<string, number[]>;
  /** Stations by id: whether they exist and are hidden. */
  stations: Map<string, { hidden: boolean }>;
  /** Proposal rows' states by marker. */
  proposalState: Map<string, string>;
}

/** Reads back every row whose marker starts with `crash <tag> `. */
export async function readStoredWrites(db: Db, tag: string): Promise<StoredWrites> {
  const like = `crash ${tag} write %`;
  const [reports, proposals, messages, stations] = await Promise.all([
    db.selectFrom('station_reports').select(['id', 'note as marker']).where('note', 'like', like).execute(),
    db
      .selectFrom('station_proposals')
      .select(['id', 'note as marker', 'state'])
      .where('note', 'like', like)
      .execute(),
    db
      .selectFrom('contact_messages')
      .select(['id', 'message as marker'])
      .where('message', 'like', like)
      .execute(),
    db.selectFrom('stations').select(['id', 'hidden_at']).execute(),
  ]);
  const byMarker = new Map<string, number[]>();
  for (const row of [...reports, ...proposals, ...messages]) {
    const ids = byMarker.get(row.marker!) ?? [];
    ids.push(Number(row.id));
    byMarker.set(row.marker!, ids);
  }
  return {
    byMarker,
    stations: new Map(stations.map((s) => [s.id, { hidden: s.hidden_at !== null }])),
    proposalState: new Map(proposals.map((p) => [p.marker!, p.state])),
  };
}

/** The counts of one crash run (docs/reliability.md, "Crash and replay"). */
export interface CrashCounts {
  sent: number;
  /** Acknowledged (2xx) by the server that was killed, and by the restarted one (a retry with the same key). */
  acknowledgedBefore: number;
  acknowledgedAfter: number;
  /** Of those, the ones the killed server had stored: answered as replays (`Idempotent-Replayed`). */
  replayedAfter: number;
  /** Acknowledged writes found after the restart, under the id their answer gave. */
  found: number;
  lost: number;
  /** Writes stored more than once, and writes whose answers named two different ids. */
  duplicated: number;
  /** Writes stored though never acknowledged (in flight at the kill). */
  storedUnacknowledged: number;
  /** Stored writes whose key still answered 409 when the replay gave up. */
  unanswerable: number;
  /** Writes answered with a 4xx other than 409 and 429 (none are expected). */
  refused: number;
  /** Confirmations acknowledged as `approved`, and those whose effect (station added or hidden) is found. */
  agreementsAcknowledged: number;
  agreementsFound: number;
  /** Sites and stations with every agreeing write stored but no agreement settled. */
  agreementsUnsettled: number;
  byKind: Record<string, { acknowledged: number; found: number }>;
  /** Every attempt's outcome: its status code, or why the server could not be reached. */
  answers: Record<string, number>;
}

/** Compares what the drivers were told with what the database holds. */
export function countWrites(records: WriteRecord[], stored: StoredWrites): CrashCounts {
  const counts: CrashCounts = {
    sent: 0,
    acknowledgedBefore: 0,
    acknowledgedAfter: 0,
    replayedAfter: 0,
    found: 0,
    lost: 0,
    duplicated: 0,
    storedUnacknowledged: 0,
    unanswerable: 0,
    refused: 0,
    agreementsAcknowledged: 0,
    agreementsFound: 0,
    agreementsUnsettled: 0,
    byKind: {},
    answers: {},
  };
  for (const r of records) {
    if (!r.attempts.length) continue;
    counts.sent++;
    for (const a of r.attempts) {
      const answer = a.kind === 'unreachable' ? a.reason : String(a.status);
      counts.answers[answer] = (counts.answers[answer] ?? 0) + 1;
    }
    const ids = stored.byMarker.get(r.write.marker) ?? [];
    const answered = new Set(r.acknowledged.map((a) => a.id));
    if (ids.length > 1 || answered.size > 1) counts.duplicated++;
    counts.byKind[r.write.kind] ??= { acknowledged: 0, found: 0 };
    const kind = counts.byKind[r.write.kind]!;
    if (!r.acknowledgedBy) {
      if (r.attempts.some((a) => a.kind === 'refused')) counts.refused++;
      if (ids.length) counts.storedUnacknowledged++;
      if (ids.length && r.attempts.at(-1)?.kind === 'retry') counts.unanswerable++;
      continue;
    }
    kind.acknowledged++;
    if (r.acknowledgedBy === 'first server') counts.acknowledgedBefore++;
    else {
      counts.acknowledgedAfter++;
      if (r.acknowledged[0]!.replayed) counts.replayedAfter++;
    }
    if (ids.length && ids.every((id) => answered.has(id))) {
      counts.found++;
      kind.found++;
    } else counts.lost++;
    countAgreement(r, stored, counts);
  }
  counts.agreementsUnsettled = unsettledAgreements(records, stored);
  return counts;
}

/** An acknowledged `approved`: the station it added exists, or the station it closed is hidden. */
function countAgreement(r: WriteRecord, stored: StoredWrites, counts: CrashCounts) {
  const answer = r.acknowledged[0]!.body;
  if (answer.state !== 'approved' || !r.write.agreesOn) return;
  counts.agreementsAcknowledged++;
  const station = stored.stations.get(String(answer.stationId));
  const closed = r.write.agreesOn.kind === 'closed';
  if (station && station.hidden === closed && stored.proposalState.get(r.write.marker) === 'approved')
    counts.agreementsFound++;
}

/** Sites and closed stations whose agreeing proposals are all stored, none of them approved. */
function unsettledAgreements(records: WriteRecord[], stored: StoredWrites): number {
  const groups = new Map<string, string[]>();
  for (const r of records) {
    const on = r.write.agreesOn;
    if (!on) continue;
    const key = on.kind === 'add' ? `site ${on.site}` : `closed ${on.stationId}`;
    groups.set(key, [...(groups.get(key) ?? []), r.write.marker]);
  }
  let unsettled = 0;
  for (const markers of groups.values()) {
    const states = markers.map((m) => stored.proposalState.get(m));
    if (markers.length >= 3 && states.every((s) => s === 'pending')) unsettled++;
  }
  return unsettled;
}
