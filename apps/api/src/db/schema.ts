import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

/**
 * Table types for Kysely. Both dialects store booleans as 0/1 integers and times as ISO-8601 UTC text,
 * so one set of migrations and queries serves SQLite and PostgreSQL (ADR 0003).
 */
// The stored form of the shared Station (packages/shared/src/station.ts), checked against it in station-columns.ts.
export interface StationsTable {
  id: string;
  name: string;
  /** The name shown to drivers (migration 0005); null on rows written before it. */
  display_name: string | null;
  /** The parts of a display name the importer made, JSON (migration 0009); null for a source's own name. */
  display_name_parts: string | null;
  brand: string | null;
  operator: string | null;
  lon: number;
  lat: number;
  address: string | null;
  city: string | null;
  region: string | null;
  country_code: string;
  time_zone: string | null;
  opening_hours: string | null;
  phone: string | null;
  price_amount: number | null;
  price_currency: string | null;
  price_published_at: string | null;
  price_outlier: number | null;
  cng_fill_type: string | null;
  /** JSON array of integers, e.g. "[3000,3600]". */
  cng_pressure_psi: string | null;
  cng_vehicle_class: string | null;
  cng_open_24x7: number | null;
  /** Migration 0006: AFDC's CNG dispensers, renewable gas, hours in words, the source's own confirmation date. */
  cng_dispensers: number | null;
  cng_renewable: number | null;
  access_hours: string | null;
  source_confirmed_at: string | null;
  coordinate_quality: string;
  active: number;
  /** Set when drivers agreed, or a moderator decided, that it is closed for good, not CNG or a duplicate. */
  hidden_at: string | null;
  hidden_reason: string | null;
  /** A moderator's corrected position (lon, lat), kept over the sources' own. */
  moved_lon: number | null;
  moved_lat: number | null;
  first_seen_at: string;
  last_seen_at: string;
  updated_at: string;
}

export interface StationSourcesTable {
  station_id: string;
  source: string;
  source_id: string;
  licence: string;
  attribution: string;
  url: string | null;
  lon: number;
  lat: number;
  coordinate_quality: string;
  /** Hash of the normalized record, to tell "unchanged" from "updated" on re-import. */
  content_hash: string;
  /** JSON of the normalized record (station-import/importers/station-record.ts) as this source last gave it. */
  record: string;
  imported_at: string;
  /** 0 when the last full import of this source no longer had the record. */
  present: number;
}

export interface ImportRunsTable {
  id: Generated<number>;
  source: string;
  inputs: string;
  started_at: string;
  finished_at: string | null;
  dry_run: number;
  status: string;
  /** JSON object of the closing table's counts (station-import/import-counts.ts). */
  counts: string | null;
  error: string | null;
}

/** A message sent through the contact form (spam = 1 when the honeypot was filled). */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  received_at: string;
  spam: Generated<number>;
}

/** One row per forwardable message: its delivery state, lease and next attempt (ADR 0007). */
export interface ContactOutboxTable {
  id: Generated<number>;
  message_id: number;
  state: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_owner: string | null;
  lease_until: string | null;
  sent_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Every forwarding attempt: when, through which forwarder, the status (0 = no answer) and what it meant. */
export interface ContactDeliveryAttemptsTable {
  id: Generated<number>;
  outbox_id: number;
  attempted_at: string;
  forwarder: string;
  status: number;
  /**
   * 'started' while the send is in flight (written before it); 'interrupted' when the process died during it
   * (the message may have been sent); else what the answer led to.
   */
  outcome: 'started' | 'interrupted' | 'sent' | 'retry' | 'failed';
  detail: string;
  duration_ms: number;
}

/** A driver report or an official status, append-only (migration 0003, ADR 0009). */
export interface StationReportsTable {
  id: Generated<number>;
  station_id: string;
  status: string;
  queue_min: number | null;
  note: string | null;
  /** 'driver' or 'official'. */
  source: string;
  /** Anonymous device id from the signed cookie ('operator' for official statuses); never served. */
  device_id: string;
  lon: number | null;
  lat: number | null;
  accuracy_m: number | null;
  distance_m: number | null;
  created_at: string;
  valid_until: string | null;
  /**
   * Keyed hash (HMAC) of the reporter's network: IPv4 address or IPv6 /64; null for official statuses and
   * reports stored before migration 0004. Never the address itself; never served.
   */
  network_hash: string | null;
}

/** A driver's proposal (a missing station) or problem report (migration 0007, ADR 0014). */
export interface StationProposalsTable {
  id: Generated<number>;
  kind: 'add' | 'problem';
  station_id: string | null;
  reason: string | null;
  name: string | null;
  operator: string | null;
  note: string | null;
  opening_hours: string | null;
  lon: number | null;
  lat: number | null;
  accuracy_m: number | null;
  duplicate_of: string | null;
  /** Anonymous device id (signed cookie); never served. */
  device_id: string;
  /** Keyed hash of the network; never served. */
  network_hash: string | null;
  created_at: string;
  state: 'pending' | 'approved' | 'rejected';
  decided_at: string | null;
}

/** Every decision on a proposal: what, when, why, by whom. */
export interface ModerationDecisionsTable {
  id: Generated<number>;
  proposal_id: number;
  action: string;
  decided_by: 'moderator' | 'drivers';
  reason: string;
  station_id: string | null;
  created_at: string;
}

/** One row (id 1): a new random value on every write to stations and station_sources (migration 0008). */
export interface StationIndexRevisionTable {
  id: number;
  revision: ColumnType<string, never, never>;
}

/** Migration 0010: the Idempotency-Key of an anonymous write, with its answer once sent. */
export interface IdempotencyKeysTable {
  key: string;
  /** SHA-256 of the method, the URL and the body the key was first used with. */
  fingerprint: string;
  created_at: string;
  expires_at: string;
  /** Null until the answer is sent (the write is stored from the claim on). */
  status_code: number | null;
  /** The answer's JSON text. */
  body: string | null;
  /** Migration 0012: the id of the row the write stored (null on older keys). */
  write_id: number | null;
}

/** A fuel station that may sell CNG, not a station until drivers confirm it (migration 0011, ADR 0037). */
export interface FuelCandidatesTable {
  id: string;
  source: string;
  name: string | null;
  brand: string | null;
  lon: number;
  lat: number;
  country: string;
  region: string | null;
  licence: string;
  attribution: string;
  state: 'open' | 'confirmed' | 'retired';
  /** The station it became, once confirmed. */
  station_id: string | null;
  decided_at: string | null;
  decided_by: 'drivers' | 'moderator' | null;
  decision_reason: string | null;
  imported_at: string;
}

/** A driver's answer to "Does this pump sell CNG?". */
export interface CandidateAnswersTable {
  id: Generated<number>;
  candidate_id: string;
  answer: 'yes' | 'no' | 'unknown';
  /** Anonymous device id (signed cookie); never served. */
  device_id: string;
  /** Keyed hash of the network; never served. */
  network_hash: string | null;
  created_at: string;
}

export interface Database {
  stations: StationsTable;
  station_sources: StationSourcesTable;
  import_runs: ImportRunsTable;
  contact_messages: ContactMessagesTable;
  contact_outbox: ContactOutboxTable;
  contact_delivery_attempts: ContactDeliveryAttemptsTable;
  station_reports: StationReportsTable;
  station_proposals: StationProposalsTable;
  moderation_decisions: ModerationDecisionsTable;
  station_index_revision: StationIndexRevisionTable;
  idempotency_keys: IdempotencyKeysTable;
  fuel_candidates: FuelCandidatesTable;
  candidate_answers: CandidateAnswersTable;
}

/** A stored station as a query reads it: the one row type of `stations`, for every slice. */
export type StationRow = Selectable<StationsTable>;
/** A stored source record of a station as a query reads it. */
export type SourceRow = Selectable<StationSourcesTable>;

/** The database as the code queries it. */
export type Db = Kysely<Database>;
