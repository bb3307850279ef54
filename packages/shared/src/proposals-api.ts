import { type Static, Type } from 'typebox';
import { PROBLEM_REASONS, PROPOSAL_LIMITS, STATION_ID_PATTERN } from './limits';
import { Nullable } from './nullable';

const PinSchema = Type.Object(
  {
    lon: Type.Number({ minimum: -180, maximum: 180 }),
    lat: Type.Number({ minimum: -90, maximum: 90 }),
    accuracyM: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000 })),
  },
  { additionalProperties: false, description: 'A position: from GPS, or a pin dropped on the map' },
);

/** Body of POST /api/station-proposals: a CNG station the map does not have. */
export const AddStationBodySchema = Type.Object(
  {
    position: PinSchema,
    name: Type.String({ minLength: 1, maxLength: PROPOSAL_LIMITS.nameMax, pattern: '\\S' }),
    operator: Type.Optional(Type.String({ maxLength: PROPOSAL_LIMITS.operatorMax })),
    note: Type.Optional(Type.String({ maxLength: PROPOSAL_LIMITS.noteMax })),
    openingHours: Type.Optional(Type.String({ maxLength: PROPOSAL_LIMITS.openingHoursMax })),
  },
  { additionalProperties: false },
);
export type AddStationBody = Static<typeof AddStationBodySchema>;

/** Body of POST /api/stations/:id/problems: "something is wrong here". */
export const ProblemBodySchema = Type.Object(
  {
    reason: Type.Enum(PROBLEM_REASONS),
    position: Type.Optional(PinSchema),
    duplicateOf: Type.Optional(Type.String({ pattern: STATION_ID_PATTERN })),
    note: Type.Optional(Type.String({ maxLength: PROPOSAL_LIMITS.noteMax })),
  },
  { additionalProperties: false },
);
export type ProblemBody = Static<typeof ProblemBodySchema>;

export const PROPOSAL_STATES = ['pending', 'approved', 'rejected'] as const;

/** Answer of a stored proposal or problem report. */
export const ProposalCreatedSchema = Type.Object({
  id: Type.Integer(),
  state: Type.Enum(PROPOSAL_STATES),
  /** The station it made or changed, once drivers agreed on it (else null: it waits). */
  stationId: Nullable(Type.String()),
  message: Type.String(),
});
export type ProposalCreated = Static<typeof ProposalCreatedSchema>;

/** A proposal as moderators see it. */
export const ProposalSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(['add', 'problem'] as const),
  state: Type.Enum(PROPOSAL_STATES),
  stationId: Nullable(
    Type.String({ description: 'The station a problem is about, or the station an addition made' }),
  ),
  reason: Nullable(Type.Enum(PROBLEM_REASONS)),
  name: Nullable(Type.String()),
  operator: Nullable(Type.String()),
  note: Nullable(Type.String()),
  openingHours: Nullable(Type.String()),
  lon: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  duplicateOf: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
});
export type Proposal = Static<typeof ProposalSchema>;

export const MODERATION_ACTIONS = ['approve', 'reject', 'merge', 'move'] as const;

/** Body of POST /api/admin/proposals/:id/decision. */
export const DecisionBodySchema = Type.Object(
  {
    action: Type.Enum(MODERATION_ACTIONS),
    reason: Type.String({
      minLength: 1,
      maxLength: 300,
      pattern: '\\S',
      description: 'Why: kept with the decision',
    }),
    stationId: Type.Optional(
      Type.String({ pattern: STATION_ID_PATTERN, description: 'merge: the existing station it is' }),
    ),
    position: Type.Optional(
      Type.Object(
        {
          lon: Type.Number({ minimum: -180, maximum: 180 }),
          lat: Type.Number({ minimum: -90, maximum: 90 }),
        },
        {
          additionalProperties: false,
          description: 'move: where the station really is (default: the proposal pin)',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type DecisionBody = Static<typeof DecisionBodySchema>;

/** One decision, as kept: what, when, why, by whom. */
export const DecisionSchema = Type.Object({
  id: Type.Integer(),
  proposalId: Type.Integer(),
  action: Type.String(),
  decidedBy: Type.Enum(['moderator', 'drivers'] as const),
  reason: Type.String(),
  stationId: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Decision = Static<typeof DecisionSchema>;
