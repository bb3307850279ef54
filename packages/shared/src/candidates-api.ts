import { type Static, Type } from 'typebox';
import { CANDIDATE_ANSWERS, CANDIDATE_ID_PATTERN, CANDIDATE_LIMITS } from './limits';
import { Nullable } from './nullable';

/** Query of GET /api/candidates: the fuel stations near a point that may sell CNG. */
export const CandidatesNearQuerySchema = Type.Object(
  {
    lat: Type.Number({ minimum: -90, maximum: 90, description: 'Latitude of the point, degrees (WGS84)' }),
    lon: Type.Number({ minimum: -180, maximum: 180, description: 'Longitude of the point, degrees (WGS84)' }),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: CANDIDATE_LIMITS.nearMaxLimit,
        default: CANDIDATE_LIMITS.nearDefaultLimit,
        description: 'Most candidates to return',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CandidatesNearQuery = Static<typeof CandidatesNearQuerySchema>;

export const CANDIDATE_STATES = ['open', 'confirmed', 'retired'] as const;

/**
 * A fuel station that may sell CNG: an OpenStreetMap `amenity=fuel` point that no source says sells CNG. It is
 * never a CNG station until enough independent drivers say so; then it is a station "confirmed by drivers".
 */
export const CandidateSchema = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String({ description: 'The name OpenStreetMap gives, often the brand' })),
  brand: Nullable(Type.String()),
  lon: Type.Number(),
  lat: Type.Number(),
  distanceKm: Type.Number({ description: 'Great-circle distance from the point asked about, km' }),
  attribution: Type.String(),
});
export type Candidate = Static<typeof CandidateSchema>;

/** Answer of GET /api/candidates. Candidates this device has answered are left out. */
export const CandidatesNearSchema = Type.Object({
  candidates: Type.Array(CandidateSchema),
});
export type CandidatesNear = Static<typeof CandidatesNearSchema>;

export const CandidateIdParamsSchema = Type.Object(
  { id: Type.String({ pattern: CANDIDATE_ID_PATTERN, description: 'Candidate id' }) },
  { additionalProperties: false },
);

/** Body of POST /api/candidates/:id/answers. */
export const CandidateAnswerBodySchema = Type.Object(
  { answer: Type.Enum(CANDIDATE_ANSWERS, { description: 'Does this pump sell CNG?' }) },
  { additionalProperties: false },
);
export type CandidateAnswerBody = Static<typeof CandidateAnswerBodySchema>;

/** Answer of a stored answer: the candidate's state after it, and the station it became once confirmed. */
export const CandidateAnsweredSchema = Type.Object({
  state: Type.Enum(CANDIDATE_STATES),
  stationId: Nullable(Type.String()),
});
export type CandidateAnswered = Static<typeof CandidateAnsweredSchema>;

/** A candidate as moderators see it: its state and the independent drivers behind each answer. */
export const ModeratedCandidateSchema = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  lon: Type.Number(),
  lat: Type.Number(),
  state: Type.Enum(CANDIDATE_STATES),
  stationId: Nullable(Type.String()),
  answers: Type.Object({ yes: Type.Integer(), no: Type.Integer(), unknown: Type.Integer() }),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  decisionReason: Nullable(Type.String()),
});
export type ModeratedCandidate = Static<typeof ModeratedCandidateSchema>;

export const ModeratedCandidatesQuerySchema = Type.Object(
  {
    state: Type.Optional(Type.Enum(CANDIDATE_STATES, { description: 'Only candidates in this state' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  },
  { additionalProperties: false },
);

/** Answer of GET /api/admin/candidates: the candidates drivers answered about, latest first. */
export const ModeratedCandidatesSchema = Type.Object({ candidates: Type.Array(ModeratedCandidateSchema) });
