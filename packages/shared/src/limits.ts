// Limits and fixed vocabularies of the API, without schemas: the web app imports these (via
// '@cng/shared/client') without pulling the TypeBox schema builder into its bundles.

/** Limits of the public station API, shared so the client can respect them before asking. */
export const STATION_API_LIMITS = {
  nearestMaxLimit: 100,
  nearestDefaultLimit: 20,
  nearestMaxRadiusKm: 1000,
  nearestDefaultRadiusKm: 50,
  /** Stations, nearest by straight line, that nearest asks the routing server about (ADR 0032). */
  nearestRoadCandidates: 20,
  searchMaxLimit: 50,
  searchDefaultLimit: 20,
  /** Places (towns, cities) a search answers at most. */
  searchMaxPlaces: 10,
  /** Words of a search query that are used; the rest are ignored (each word costs a pass over the index). */
  searchMaxTerms: 6,
  searchMaxQueryLength: 100,
  bboxMaxStations: 1000,
  maxZoom: 22,
  routeMaxVertices: 10_000,
  routeMaxPolylineChars: 200_000,
  routeMaxCorridorKm: 50,
  /** Half the equator: longer than any drive, and a bound on the work a route can ask for. */
  routeMaxKm: 20_000,
  routeMaxLimit: 500,
  routeDefaultLimit: 100,
  routeDefaultCorridorKm: 2,
  /**
   * Most stations a trip lists, each with its detour: its tables have one source (or destination) and these
   * stations and the end, 100 at most, osrm-routed's default --max-table-size.
   */
  tripMaxLimit: 99,
  tripDefaultLimit: 50,
} as const;

/** Why an answer has no road figures (its top-level `road.reason`): the answer is then the straight-line one. */
export const ROAD_UNAVAILABLE_REASONS = ['not_configured', 'timeout', 'down', 'error', 'no_route'] as const;
export type RoadUnavailableReason = (typeof ROAD_UNAVAILABLE_REASONS)[number];

/** Matches a station id; the same shape the web app's /stations/:id deep link accepts. */
export const STATION_ID_PATTERN = '^[A-Za-z0-9_-]{1,80}$';

/** Limits of driver reports, shared so the form can enforce them before sending. */
export const REPORT_LIMITS = {
  queueMaxMin: 300,
  noteMaxChars: 140,
  /** A report whose position is farther than this from the station is refused (422). */
  maxDistanceM: 500,
  /** One report per station per device in this window (429 otherwise). */
  deviceCooldownMin: 10,
  /**
   * Reports per station from one network (IP address, IPv6 /64) in the same window: more than one, because
   * drivers behind one carrier NAT can stand at the same pump; the status model counts them as one voice.
   */
  networkReportsPerCooldown: 3,
  timelineDefaultLimit: 20,
  timelineMaxLimit: 50,
  /** Official statuses: default and longest lifetime. */
  officialDefaultTtlMin: 120,
  officialMaxTtlMin: 7 * 24 * 60,
  /** Most station ids one event stream may follow. */
  eventsMaxStations: 200,
} as const;

/**
 * What drivers may add and correct, and when it counts (ADR 0014). A proposal is shown only after a moderator
 * approves it, or after independent drivers agree: `agreeDevices` devices on `agreeNetworks` networks within
 * `agreeRadiusM` and `agreeWindowDays` (one voice per device and per network, as in the status model).
 */
export const PROPOSAL_LIMITS = {
  nameMax: 120,
  operatorMax: 120,
  noteMax: 300,
  openingHoursMax: 255,
  agreeDevices: 3,
  agreeNetworks: 3,
  agreeRadiusM: 150,
  agreeWindowDays: 30,
} as const;

/** What is wrong with a station. */
export const PROBLEM_REASONS = ['wrong-position', 'closed', 'not-cng', 'duplicate'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/**
 * "Does this pump sell CNG?" (ADR 0037): how many fuel-station candidates the finder offers, how far it looks,
 * and how close to a known station a candidate must be to be that station already (not asked about).
 */
export const CANDIDATE_LIMITS = {
  nearDefaultLimit: 3,
  nearMaxLimit: 10,
  nearRadiusKm: 25,
  knownStationM: 100,
} as const;

/** A candidate's id: its source's own id (the India dataset's `cng-…`, or an OpenStreetMap `node:…`). */
export const CANDIDATE_ID_PATTERN = '^[A-Za-z0-9_:-]{1,80}$';

/** A driver's answer to "Does this pump sell CNG?". */
export const CANDIDATE_ANSWERS = ['yes', 'no', 'unknown'] as const;
export type CandidateAnswer = (typeof CANDIDATE_ANSWERS)[number];
