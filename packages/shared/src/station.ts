import { type Static, Type } from 'typebox';
import { CARDINALS } from './geo';
import { Nullable } from './nullable';
import { type StatusSummary, StatusSummarySchema } from './status-summary';

/** Where a station's data came from, with the licence and attribution text that must reach the user. */
export const StationSourceSchema = Type.Object({
  source: Type.String({ description: 'Importer name, e.g. osm, india-open, it-mimit, afdc' }),
  sourceId: Type.String({ description: 'The id of the station inside that source' }),
  licence: Type.String(),
  attribution: Type.String(),
  url: Nullable(Type.String()),
  importedAt: Type.String({ format: 'date-time' }),
});
export type StationSource = Static<typeof StationSourceSchema>;

export const PriceSchema = Type.Object({
  amount: Type.Number({ description: 'Price per unit in `currency`' }),
  currency: Type.String({ description: 'ISO 4217, e.g. EUR, INR' }),
  unit: Type.Literal('kg'),
  publishedAt: Type.String({
    format: 'date-time',
    description: 'When the price was communicated by the source',
  }),
  outlier: Type.Boolean({
    description: 'True when the price is implausible for its country; do not show as fact',
  }),
});
export type Price = Static<typeof PriceSchema>;

export const CngDetailsSchema = Type.Object({
  fillType: Nullable(Type.String({ description: 'fast, time or both (AFDC)' })),
  pressurePsi: Nullable(Type.Array(Type.Integer())),
  vehicleClass: Nullable(Type.String()),
  open24x7: Nullable(Type.Boolean()),
  dispensers: Type.Optional(Nullable(Type.Integer({ minimum: 0, description: 'CNG dispensers (AFDC)' }))),
  renewable: Type.Optional(
    Nullable(Type.Boolean({ description: 'Sells renewable natural gas (biomethane), per the source' })),
  ),
});
export type CngDetails = Static<typeof CngDetailsSchema>;

/**
 * Where a station's position comes from, best first; de-duplication keeps the best one. `operator`: published
 * by the company that runs it; `osm`: OpenStreetMap; `government`: an official register (MIMIT, AFDC);
 * `geocoded`: placed from an address or a village name, approximate; `drivers`: added by drivers who agreed
 * on it (or a moderator approved it), unconfirmed until a source lists it; `corrected`: moved by a moderator
 * after drivers reported it was in the wrong place (it stays there whatever the sources say).
 */
export const COORDINATE_QUALITIES = [
  'operator',
  'osm',
  'government',
  'geocoded',
  'drivers',
  'corrected',
] as const;
export type CoordinateQuality = (typeof COORDINATE_QUALITIES)[number];

const NameLabel = Type.String({ description: 'The brand or operator the name starts with ("HPCL")' });

/**
 * The parts of a display name the server made (the source named only the company): the label and how the
 * station is placed, for clients to word in their reader's language. The street, town and place names are the
 * data's own; `distanceKm` and `cardinal` say how far and which way the station is from the place (null when
 * it is at the place).
 */
export const NamePartsSchema = Type.Union(
  [
    Type.Object({ kind: Type.Literal('street'), label: NameLabel, street: Type.String() }),
    Type.Object({ kind: Type.Literal('city'), label: NameLabel, city: Type.String() }),
    Type.Object({
      kind: Type.Literal('place'),
      label: NameLabel,
      place: Type.String(),
      distanceKm: Nullable(Type.Number({ minimum: 0 })),
      cardinal: Nullable(Type.Enum([...CARDINALS])),
    }),
    Type.Object({ kind: Type.Literal('position'), label: NameLabel, lat: Type.Number(), lon: Type.Number() }),
  ],
  { description: 'How displayName was made when the source name says only who runs the pump; else absent' },
);
export type NameParts = Static<typeof NamePartsSchema>;

/** A station as stored and as the server's in-memory index holds it. Coordinates are lon, lat (WGS84). */
export const StationSchema = Type.Object({
  id: Type.String({ description: 'Stable id; survives re-imports' }),
  name: Type.String({ description: 'The name as the source gives it' }),
  displayName: Type.String({
    description:
      'The name to show: the source name, or "brand or operator · locality" when the source name is only a ' +
      'company or a word for a CNG station ("Hp", "CNG Station")',
  }),
  nameParts: Type.Optional(NamePartsSchema),
  brand: Nullable(Type.String()),
  operator: Nullable(Type.String()),
  lon: Type.Number({ minimum: -180, maximum: 180 }),
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  address: Nullable(Type.String()),
  city: Nullable(Type.String()),
  region: Nullable(Type.String()),
  countryCode: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  timeZone: Nullable(Type.String({ description: 'IANA time zone of the station' })),
  openingHours: Nullable(Type.String({ description: 'OpenStreetMap opening_hours syntax' })),
  accessHours: Type.Optional(
    Nullable(
      Type.String({
        description:
          'Hours and access as the source writes them in words (AFDC "Access Days Time"), shown as given',
      }),
    ),
  ),
  sourceConfirmedAt: Type.Optional(
    Nullable(
      Type.String({
        format: 'date-time',
        description: 'When the source itself last confirmed the station (AFDC "Date Last Confirmed")',
      }),
    ),
  ),
  phone: Nullable(Type.String()),
  price: Nullable(PriceSchema),
  cng: CngDetailsSchema,
  coordinateQuality: Type.Enum(COORDINATE_QUALITIES, {
    description:
      'Where the position comes from: operator (published by the company that runs it), osm (OpenStreetMap), ' +
      'government (an official register), geocoded (approximate, from an address), drivers (added by ' +
      'drivers, unconfirmed by any source), corrected (moved by a moderator after drivers reported it)',
  }),
  active: Type.Boolean(),
  firstSeenAt: Type.String({ format: 'date-time' }),
  lastSeenAt: Type.String({ format: 'date-time' }),
  sources: Type.Array(StationSourceSchema),
});
export type Station = Static<typeof StationSchema>;

/** A station as the API lists it: the stored station plus what is computed at answer time. */
export const StationSummarySchema = Type.Object({
  ...StationSchema.properties,
  openNow: Nullable(
    Type.Boolean({ description: 'From opening_hours in the station time zone; null when unknown' }),
  ),
  status: StatusSummarySchema,
  lastConfirmed: Type.Object(
    {
      at: Type.String({ format: 'date-time' }),
      by: Type.Enum(['source', 'driver', 'operator'] as const),
    },
    {
      description:
        'When the station was last confirmed to exist: by its source (the date the source gives, else the ' +
        "import that still listed it), or by a driver's or the operator's report that still counts, whichever " +
        'is later',
    },
  ),
});
export type StationSummary = Static<typeof StationSummarySchema>;

/** When a station was last confirmed: its last import or its latest driver report, whichever is later. */
export function lastConfirmedOf(
  station: Pick<Station, 'lastSeenAt' | 'sourceConfirmedAt'>,
  status: Pick<StatusSummary, 'latestReportAt' | 'official'>,
): StationSummary['lastConfirmed'] {
  // A source that dates its own confirmation (AFDC) is believed over the time we last imported it.
  const source = station.sourceConfirmedAt ?? station.lastSeenAt;
  const report = status.latestReportAt;
  if (report && report > source) return { at: report, by: status.official ? 'operator' : 'driver' };
  return { at: source, by: 'source' };
}

/** A drive by road, from the routing engine. */
export const RoadLegSchema = Type.Object({
  distanceKm: Type.Number({ description: 'Road distance, km' }),
  durationMin: Type.Number({ description: 'Drive time without traffic, minutes' }),
});
export type RoadLeg = Static<typeof RoadLegSchema>;

export const NearestStationSchema = Type.Object({
  ...StationSummarySchema.properties,
  distanceKm: Type.Number({ description: 'Great-circle distance from the query point, km' }),
  bearingDeg: Type.Number({ description: 'Initial bearing from the query point, degrees from true north' }),
  road: Type.Optional(
    Nullable(RoadLegSchema, {
      description:
        'The drive from the query point (rounded to 3 decimals, ~100 m) when a routing server is configured; ' +
        'null when it did not answer (see the top-level `road`), when no road reaches the station, or for a ' +
        'station past the first `nearestRoadCandidates` by straight line. Absent without a routing server.',
    }),
  ),
});
export type NearestStation = Static<typeof NearestStationSchema>;
