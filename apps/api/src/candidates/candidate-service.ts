import {
  CANDIDATE_LIMITS,
  type Candidate,
  type CandidateAnswered,
  distanceKm,
  PROPOSAL_LIMITS,
} from '@cng/shared';
import type { FastifyInstance } from 'fastify';
import { enoughVoices, independentVoices, recent, type Voice } from '../proposals/proposals';
import { isRejection, type RawRow, runImport, validateRow } from '../station-import/station-import';
import {
  type AnswerRow,
  answersOf,
  type CandidateRow,
  decideCandidate,
  openCandidatesInBox,
  stationOfSource,
} from './candidate-repository';

/** Source key, licence and credit of a station drivers confirmed from a candidate (ADR 0037). */
export const CONFIRMED_SOURCE = {
  source: 'drivers-confirmed',
  licence: 'ODbL-1.0 (the OpenStreetMap position); CNG confirmed by CNG Navigator drivers',
  attribution: '© OpenStreetMap contributors; CNG confirmed by CNG Navigator drivers',
} as const;

const KM_PER_DEG_LAT = 111.195;

/**
 * The open candidates within `nearRadiusKm` of a point, nearest first: not those this device answered, and
 * not those within `knownStationM` of a known station (that pump is on the map already, as a station).
 */
export async function candidatesNear(
  app: FastifyInstance,
  lon: number,
  lat: number,
  limit: number,
  deviceId: string | null,
): Promise<Candidate[]> {
  const radiusKm = CANDIDATE_LIMITS.nearRadiusKm;
  const dLat = radiusKm / KM_PER_DEG_LAT;
  const dLon = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const rows = await openCandidatesInBox(
    app.db,
    { west: lon - dLon, south: lat - dLat, east: lon + dLon, north: lat + dLat },
    deviceId,
  );
  const stations = app.stationIndex.current.nearest;
  const knownKm = CANDIDATE_LIMITS.knownStationM / 1000;
  return rows
    .map((r) => ({ row: r, km: distanceKm(lon, lat, Number(r.lon), Number(r.lat)) }))
    .filter(({ km }) => km <= radiusKm)
    .sort((a, b) => a.km - b.km || a.row.id.localeCompare(b.row.id))
    .filter(({ row }) => stations.nearest(Number(row.lon), Number(row.lat), 1, knownKm).length === 0)
    .slice(0, limit)
    .map(({ row, km }) => ({
      id: row.id,
      name: row.name,
      brand: row.brand,
      lon: Number(row.lon),
      lat: Number(row.lat),
      distanceKm: Math.round(km * 1000) / 1000,
      attribution: row.attribution,
    }));
}

const voiceOf = (a: AnswerRow): Voice => ({
  id: Number(a.id),
  deviceId: a.device_id,
  networkHash: a.network_hash,
  createdAtMs: Date.parse(a.created_at),
  lon: null,
  lat: null,
});

/** Each device's latest answer only: a driver who changes their mind counts once, for what they say now. */
function latestPerDevice(answers: readonly AnswerRow[]): AnswerRow[] {
  const byDevice = new Map<string, AnswerRow>();
  for (const a of answers) byDevice.set(a.device_id, a);
  return [...byDevice.values()];
}

/**
 * Puts a confirmed candidate on the map through the import machinery, like any source (feed
 * `drivers-confirmed`, no retirement): within 50 m of a known station, or 150 m with a matching name, it joins
 * that station instead (ADR 0004). The candidate's id stays as the source id. Answers the station id, or
 * null when the row no longer passes the station rules.
 */
async function addConfirmedStation(
  app: FastifyInstance,
  c: CandidateRow,
  reason: string,
): Promise<string | null> {
  const raw: RawRow = {
    source: CONFIRMED_SOURCE.source,
    sourceId: c.id,
    where: `candidate ${c.id}`,
    name: c.name,
    brand: c.brand,
    lon: Number(c.lon),
    lat: Number(c.lat),
    claimedCountry: c.country,
    region: c.region,
    coordinateQuality: 'osm',
    licence: CONFIRMED_SOURCE.licence,
    attribution: CONFIRMED_SOURCE.attribution,
    url: null,
  };
  const checked = validateRow(raw);
  if (isRejection(checked)) {
    app.log.warn({ rejection: checked, candidate: c.id }, 'confirmed candidate not added: invalid station');
    return null;
  }
  const result = await runImport(app.db, {
    importer: 'drivers-confirmed',
    inputs: [`${raw.where}: ${reason}`],
    read: 1,
    candidates: [checked],
    rejected: [],
    feeds: [],
  });
  if (result.changed)
    await app.changes.publish('stations-changed', { reason: 'candidate confirmed by drivers' });
  return (await stationOfSource(app.db, CONFIRMED_SOURCE.source, c.id)) ?? null;
}

/**
 * After an answer is stored: when enough independent drivers (devices and networks, the rule of proposals)
 * now say yes, and more say yes than no, the candidate becomes a station "confirmed by drivers"; when enough
 * say no, and more say no than yes, it is retired. "Don't know" counts for neither. Answers the state.
 */
export async function settleCandidate(
  app: FastifyInstance,
  candidate: CandidateRow,
  now = new Date(),
): Promise<CandidateAnswered> {
  if (candidate.state !== 'open') return { state: candidate.state, stationId: candidate.station_id };
  const since = new Date(now.getTime() - PROPOSAL_LIMITS.agreeWindowDays * 86_400_000).toISOString();
  const answers = latestPerDevice(await answersOf(app.db, candidate.id, since));
  const voices = (answer: AnswerRow['answer']) =>
    recent(answers.filter((a) => a.answer === answer).map(voiceOf), now.getTime());
  const yes = voices('yes');
  const no = voices('no');
  const yesCount = independentVoices(yes);
  const noCount = independentVoices(no);
  if (enoughVoices(yes) && yesCount > noCount) {
    const reason = `${yesCount} independent drivers said it sells CNG, ${noCount} said not`;
    const stationId = await addConfirmedStation(app, candidate, reason);
    if (!stationId) return { state: 'open', stationId: null };
    await decideCandidate(
      app.db,
      candidate.id,
      { state: 'confirmed', stationId, decidedBy: 'drivers', reason },
      now,
    );
    return { state: 'confirmed', stationId };
  }
  if (enoughVoices(no) && noCount > yesCount) {
    const reason = `${noCount} independent drivers said it sells no CNG, ${yesCount} said it does`;
    await decideCandidate(
      app.db,
      candidate.id,
      { state: 'retired', stationId: null, decidedBy: 'drivers', reason },
      now,
    );
    return { state: 'retired', stationId: null };
  }
  return { state: 'open', stationId: null };
}
