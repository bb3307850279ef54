import { type Static, Type } from 'typebox';
import { Nullable } from './nullable';

/** How complete the station list is where a driver stands, best first (ADR 0030). */
export const COVERAGE_LEVELS = ['good', 'partial', 'thin', 'none'] as const;
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];

/** Known stations within this distance of a point make its `knownNearby`; none at all makes it `none`. */
export const COVERAGE_NEARBY_KM = 25;
/** A listed city is the circle of this radius around its centre (the official city figures are district-wide). */
export const COVERAGE_CITY_RADIUS_KM = 25;
/** The radius around a big city's centre that must hold COVERAGE_BIG_CITY_MIN_KNOWN known stations. */
export const COVERAGE_BIG_CITY_RADIUS_KM = 15;
export const COVERAGE_BIG_CITY_MIN_KNOWN = 5;
/** From how many inhabitants (GeoNames) a city is big enough for the sparse-city rule. */
export const COVERAGE_BIG_CITY_POPULATION = 1_000_000;
/** Below these shares of the official count an area is `thin`, then `partial`. */
export const COVERAGE_THIN_SHARE = 0.5;
export const COVERAGE_PARTIAL_SHARE = 0.8;

export const CoverageLevelSchema = Type.Enum([...COVERAGE_LEVELS], {
  description:
    'good: the list is about complete here; partial: we know 50-80 % of the official count; thin: under 50 %, ' +
    'or a big city with few known stations; none: no known station within 25 km',
});

export const OfficialCountSchema = Type.Object({
  count: Type.Integer({
    minimum: 0,
    description: 'Official number of CNG stations as of `asOf`: a lower bound today, the networks grow',
  }),
  asOf: Type.String({ description: 'Date of the figure as its source gives it (e.g. 2025-07)' }),
  source: Type.String({ description: 'Where the figure was read' }),
  sourceUrl: Type.Optional(Type.String({ description: 'Address of the source, where one is known' })),
  disputed: Type.Optional(Type.Boolean({ description: 'True when two reports of the figure disagree' })),
});
export type OfficialCount = Static<typeof OfficialCountSchema>;

export const CoverageAreaKindSchema = Type.Enum(['city', 'state', 'country'], {
  description:
    'city: within 25 km of a listed city centre; state: an Indian state or union territory; country: a whole country',
});

/** The area a point's coverage was judged in. */
export const CoverageAreaRefSchema = Type.Object({
  kind: CoverageAreaKindSchema,
  name: Type.String({ description: 'As the fact tables spell it (Hyderabad, Uttar Pradesh, Italy)' }),
  known: Type.Integer({ minimum: 0, description: 'Active stations we know in the area' }),
  official: Nullable(OfficialCountSchema, {
    description: 'The official count; null when no public figure was found (not known, never "none")',
  }),
});
export type CoverageAreaRef = Static<typeof CoverageAreaRefSchema>;

export const SupplierSchema = Type.Object({
  name: Type.String({
    description:
      'A city-gas company authorised (PNGRB geographical area) to sell CNG here, as the fact table names it',
  }),
});
export type Supplier = Static<typeof SupplierSchema>;

export const CoverageBasisSchema = Type.Enum(
  ['none-nearby', 'official-share', 'sparse-big-city', 'no-figure'],
  {
    description:
      'What decided the level: no known station within 25 km; the share of the official count we know; a city ' +
      'of 1,000,000+ with fewer than 5 known stations within 15 km of its centre; or no figure to judge by',
  },
);

/**
 * How complete the station list is at a point (ADR 0030): judged at the point rounded to 0.01° (about 1 km),
 * so that nearby questions share one answer.
 */
export const CoverageSchema = Type.Object({
  level: CoverageLevelSchema,
  basis: CoverageBasisSchema,
  knownNearby: Type.Integer({
    minimum: 0,
    description: `Active stations we know within ${COVERAGE_NEARBY_KM} km`,
  }),
  nearbyKm: Type.Number({ description: 'The radius of `knownNearby`, km' }),
  area: Nullable(CoverageAreaRefSchema, {
    description:
      'The area judged: a listed city with an official count, else its state, else the country; null when ' +
      'the point is in none of them',
  }),
  bigCity: Nullable(
    Type.Object({
      name: Type.String(),
      population: Type.Integer({ minimum: 0 }),
      knownWithinKm: Type.Integer({
        minimum: 0,
        description: `Known stations within ${COVERAGE_BIG_CITY_RADIUS_KM} km of its centre`,
      }),
    }),
    {
      description: `The city of ${COVERAGE_BIG_CITY_POPULATION.toLocaleString('en')}+ inhabitants within ${COVERAGE_BIG_CITY_RADIUS_KM} km, when the sparse-city rule looked at one`,
    },
  ),
  suppliers: Type.Array(SupplierSchema, {
    description: 'The gas companies authorised to sell CNG in the listed city here; empty when not listed',
  }),
  officialIsLowerBound: Type.Literal(true, {
    description: 'Always true: an official count is as of its date, and the networks have grown since',
  }),
});
export type Coverage = Static<typeof CoverageSchema>;

/** One row of GET /api/coverage. */
export const CoverageAreaSchema = Type.Object({
  kind: CoverageAreaKindSchema,
  name: Type.String(),
  state: Type.Optional(Type.String({ description: 'A city: its state' })),
  countryCode: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  centre: Type.Optional(Type.Object({ lat: Type.Number(), lon: Type.Number() })),
  known: Type.Integer({
    minimum: 0,
    description: `Active stations we know in the area (a city: within ${COVERAGE_CITY_RADIUS_KM} km of its centre)`,
  }),
  official: Nullable(OfficialCountSchema),
  share: Nullable(Type.Number({ minimum: 0, description: 'known / official; null without a figure' })),
  level: Nullable(CoverageLevelSchema, {
    description:
      'A city: the coverage at its centre. A state or country: from the share of the official count (none when ' +
      'we know no station there); null with no figure to judge by',
  }),
  suppliers: Type.Array(SupplierSchema),
  sources: Type.Array(Type.String(), { description: 'Where the supplier facts were read' }),
});
export type CoverageArea = Static<typeof CoverageAreaSchema>;

export const CoverageListResponseSchema = Type.Object({
  builtAt: Type.String({ description: 'When the station index counted here was built (ISO-8601 UTC)' }),
  officialIsLowerBound: Type.Literal(true),
  areas: Type.Array(CoverageAreaSchema, { description: 'Countries, then states, then cities, by name' }),
});
export type CoverageListResponse = Static<typeof CoverageListResponseSchema>;
