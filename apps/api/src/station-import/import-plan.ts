import { hash } from 'node:crypto';
import type { SourceRow, StationRow } from '../db/schema';
import { emptyCounts, type ImportCounts } from './import-counts';
import {
  type Candidate,
  type FeedScope,
  type ParsedImport,
  SOURCE_DROPPED_REASONS,
  type StationRecord,
} from './importers/station-record';
import { MassRetireRefused, massRetireReasons } from './mass-retire-guard';
import { mergeStation, stationRowChanged } from './merge-station';
import { type Comparable, sameStationDistanceM } from './same-station';
import { StationGrid } from './station-grid';

/**
 * A stored station as a run plans against it: where it is and what it is called (same-station.ts). The whole
 * row is read only for the stations the run changes (ImportPlan.stationRows), a chunk at a time: 200,000 whole
 * rows and their records held at once were most of a re-import's 1.8 GB.
 */
export type StoredStation = Pick<
  StationRow,
  'id' | 'lon' | 'lat' | 'name' | 'brand' | 'operator' | 'coordinate_quality'
>;

/**
 * A stored source record without its text: what tells "new", "unchanged" and "gone" apart. `country_code` is
 * the record's country, read only when the run's scope lists countries (null otherwise).
 */
export type StoredSource = Pick<
  SourceRow,
  'station_id' | 'source' | 'source_id' | 'content_hash' | 'present' | 'lon' | 'lat'
> & { country_code: string | null };

/** What ImportPlan.stationRows needs of a chunk of changed stations: their whole stored rows and records. */
export interface StoredChunk {
  stations: StationRow[];
  sources: Pick<SourceRow, 'source' | 'source_id' | 'record'>[];
}

type Key = { source: string; sourceId: string };

/**
 * A source record this run writes: its station, whether the source still lists it, and the candidate it comes
 * from. The rest of its row (ImportPlan.sourceRow) — the record's text, its hash, licence, position — is made
 * from the candidate when the row is written, a chunk at a time: 200,000 rows and texts held through a run
 * were a good part of its peak memory.
 */
export interface PlannedSource {
  station_id: string;
  source: string;
  source_id: string;
  present: number;
  candidate: Candidate;
}

/**
 * What a run will write: whole source rows to upsert, source records to delete (replaced by a newer version
 * under another id) or mark absent (retired), the records it saw unchanged and the stations of every record
 * it saw (for their "last imported" and "last seen" times), and the stations whose sources changed, whose
 * rows `stationRows` rebuilds a chunk at a time.
 */
export interface ImportPlan {
  counts: ImportCounts;
  /** In primary-key order. */
  sourceUpserts: PlannedSource[];
  /** The whole row of a planned one, its record as JSON text (the text its hash is made of). */
  sourceRow(row: PlannedSource): SourceRow;
  sourceDeletes: Key[];
  sourceRetires: Key[];
  /** Records the run saw and does not rewrite: only their "last imported" time moves. */
  seenUnchanged: Key[];
  /** The stations of every record the run saw. */
  seenStations: Set<string>;
  dirty: string[];
  /**
   * The rows to write of the changed stations `ids` (a chunk of `dirty`), merged from their stored rows and
   * records and this run's: only those that change. Counts them (stationsWritten, deactivated, reactivated).
   */
  stationRows(ids: string[], stored: StoredChunk): StationRow[];
}

const keyOf = (source: string, sourceId: string) => `${source}\u0000${sourceId}`;

/**
 * Values by source and source id, without a joined key text per record: a run of 200,000 records made
 * 200,000 such texts for each map that held them. Iterates source by source.
 */
class BySourceKey<V> {
  private readonly bySource = new Map<string, Map<string, V>>();

  get(source: string, sourceId: string): V | undefined {
    return this.bySource.get(source)?.get(sourceId);
  }

  has(source: string, sourceId: string): boolean {
    return this.bySource.get(source)?.has(sourceId) ?? false;
  }

  set(source: string, sourceId: string, value: V): void {
    let ids = this.bySource.get(source);
    if (!ids) {
      ids = new Map();
      this.bySource.set(source, ids);
    }
    ids.set(sourceId, value);
  }

  delete(source: string, sourceId: string): void {
    this.bySource.get(source)?.delete(sourceId);
  }

  *values(): Generator<V> {
    for (const ids of this.bySource.values()) yield* ids.values();
  }
}
const hashOf = (text: string) => hash('sha1', text, 'hex');

/** A new station's id: derived from its first source, so the same data gives the same ids everywhere. */
export const stationIdFor = (source: string, sourceId: string): string =>
  `st_${hash('sha1', keyOf(source, sourceId), 'hex').slice(0, 16)}`;

const comparable = (r: StoredStation): Comparable => ({
  lon: Number(r.lon),
  lat: Number(r.lat),
  name: r.name,
  brand: r.brand,
  operator: r.operator,
  coordinateQuality: r.coordinate_quality as Comparable['coordinateQuality'],
});

function inScope(scope: FeedScope, record: Pick<StationRecord, 'countryCode' | 'lon' | 'lat'>): boolean {
  if (scope.countries !== 'all' && !scope.countries.includes(record.countryCode)) return false;
  if (!scope.bbox) return true;
  const [w, s, e, n] = scope.bbox;
  return record.lon >= w && record.lon <= e && record.lat >= s && record.lat <= n;
}

/** Whether a run's scopes need the country of every stored record (readSourceKeys' `country_code`). */
export const scopesNeedCountry = (parsed: ParsedImport): boolean =>
  parsed.feeds.some((f) => f.countries !== 'all');

/**
 * True when some record of the run is not among the stored ones: only then does the plan look for the
 * station a record joins, and need the stored stations (a re-import that only sees known records does not
 * read 200,000 of them).
 */
export function needsStoredStations(parsed: ParsedImport, sourceRows: StoredSource[]): boolean {
  const stored = new BySourceKey<true>();
  for (const r of sourceRows) stored.set(r.source, r.source_id, true);
  return parsed.candidates.some((c) => !stored.has(c.source, c.sourceId));
}

/** A station the same-station rule may compare a new record with, and its id. */
type Placed = { id: string; view: Comparable };

/** A source entry: a stored record (StoredSource) or one this run writes (PlannedSource). */
type Entry = StoredSource | PlannedSource;
const isPlanned = (row: Entry): row is PlannedSource => 'candidate' in row;

/** Where a record is, for its scope. */
const placeOf = (row: Entry) =>
  isPlanned(row)
    ? row.candidate.record
    : { countryCode: row.country_code ?? '', lon: Number(row.lon), lat: Number(row.lat) };

const planned = (c: Candidate, stationId: string): PlannedSource => ({
  station_id: stationId,
  source: c.source,
  source_id: c.sourceId,
  present: 1,
  candidate: c,
});

/** Source entries in primary-key order. */
const byKey = (a: PlannedSource, b: PlannedSource) =>
  a.source !== b.source
    ? a.source < b.source
      ? -1
      : 1
    : a.source_id < b.source_id
      ? -1
      : a.source_id > b.source_id
        ? 1
        : 0;

/** What planImport works out while it walks one run's records, and what it changes as it goes. */
class PlanState {
  readonly counts: ImportCounts;
  readonly sourceByKey = new BySourceKey<Entry>();
  readonly grid = new StationGrid<Placed>();
  readonly deletes = new Map<string, Key>();
  readonly retires: Key[] = [];
  readonly dirty = new Set<string>();
  /** Every record this run has, known in advance: a record is "not in this run" only if no row carries it. */
  readonly runKeys = new BySourceKey<true>();
  /** A row rejected for a fault of its own still names its station: the source lists it, so it is not retired. */
  readonly rejectedKeys = new BySourceKey<true>();
  readonly seenUnchanged: Key[] = [];
  readonly seenStations = new Set<string>();
  private sourcesByStation: Map<string, Entry[]> | null = null;

  constructor(
    readonly parsed: ParsedImport,
    stations: StoredStation[],
    readonly sourceRows: StoredSource[],
  ) {
    this.counts = emptyCounts(parsed);
    for (const r of sourceRows) this.sourceByKey.set(r.source, r.source_id, r);
    for (const s of stations) this.grid.add({ id: s.id, view: comparable(s) }, Number(s.lon), Number(s.lat));
    for (const c of parsed.candidates) this.runKeys.set(c.source, c.sourceId, true);
    for (const r of parsed.rejected) {
      if (r.sourceId && !SOURCE_DROPPED_REASONS.has(r.reason))
        this.rejectedKeys.set(r.source, r.sourceId, true);
    }
  }

  /**
   * The records of each station, made on first use (before the first change): a re-import that changes
   * nothing never needs them.
   */
  sourcesOf(): Map<string, Entry[]> {
    if (!this.sourcesByStation) {
      this.sourcesByStation = new Map();
      for (const r of this.sourceRows) {
        const list = this.sourcesByStation.get(r.station_id);
        if (list) list.push(r);
        else this.sourcesByStation.set(r.station_id, [r]);
      }
    }
    return this.sourcesByStation;
  }

  put(row: Entry): void {
    const old = this.sourceByKey.get(row.source, row.source_id);
    this.sourceByKey.set(row.source, row.source_id, row);
    if (!isPlanned(row)) this.retires.push({ source: row.source, sourceId: row.source_id });
    const list = this.sourcesOf().get(row.station_id);
    if (!list) this.sourcesOf().set(row.station_id, [row]);
    else if (!old) list.push(row);
    else
      this.sourcesOf().set(
        row.station_id,
        list.map((r) => (r === old ? row : r)),
      );
    this.dirty.add(row.station_id);
  }

  drop(row: Entry): void {
    this.sourceByKey.delete(row.source, row.source_id);
    this.deletes.set(keyOf(row.source, row.source_id), { source: row.source, sourceId: row.source_id });
    this.sourcesOf().set(
      row.station_id,
      (this.sourcesOf().get(row.station_id) ?? []).filter((r) => r !== row),
    );
  }

  /**
   * True when the run is a full import of this record's feed and the record lies inside its scope. A whole
   * feed's scope covers every record without reading it (a full list of 200,000 records parsed each twice).
   */
  coveredByRun(row: Entry): boolean {
    const scopes = this.parsed.feeds.filter((f) => f.source === row.source);
    if (!scopes.length) return false;
    if (scopes.some((scope) => scope.countries === 'all' && !scope.bbox)) return true;
    const place = placeOf(row);
    return scopes.some((scope) => inScope(scope, place));
  }

  /** Plans one record of the run: unchanged, an update of its known record, or a station to join or create. */
  plan(c: Candidate): void {
    const known = this.sourceByKey.get(c.source, c.sourceId);
    if (!known) {
      this.join(c);
      return;
    }
    this.seenStations.add(known.station_id);
    if (
      known.present === 1 &&
      // A record planned earlier in this run (the same id in two of its files) has no stored hash yet.
      (isPlanned(known) ? hashOf(JSON.stringify(known.candidate.record)) : known.content_hash) ===
        hashOf(JSON.stringify(c.record))
    ) {
      this.counts.unchanged++;
      if (!isPlanned(known)) this.seenUnchanged.push({ source: c.source, sourceId: c.sourceId });
      return;
    }
    this.counts.updated++;
    this.put(planned(c, known.station_id));
  }

  /**
   * Joins a record the store does not know to the nearest station the rule accepts, unless that station has a
   * current record from this same source. A record from this source that a full import (inside its scope) no
   * longer has is this record's older version (raw rows are keyed by name and position, so an edit changes the
   * id): it is replaced and the station keeps its id. A record outside what the run covers (a partial Overpass
   * file without --scope) is current, exactly as for retirement.
   */
  private join(c: Candidate): void {
    let best: { id: string; dM: number; stale: Entry | null } | null = null;
    for (const station of this.grid.near(c.record.lon, c.record.lat)) {
      const own =
        this.sourcesOf()
          .get(station.id)
          ?.filter((r) => r.source === c.source) ?? [];
      if (
        own.some((r) => this.runKeys.has(r.source, r.source_id) || (r.present === 1 && !this.coveredByRun(r)))
      )
        continue;
      const dM = sameStationDistanceM(c.record, station.view);
      if (dM !== null && (!best || dM < best.dM)) best = { id: station.id, dM, stale: own[0] ?? null };
    }
    let stationId: string;
    if (best) {
      stationId = best.id;
      if (best.stale) {
        this.counts.updated++;
        this.drop(best.stale);
      } else this.counts.merged++;
    } else {
      stationId = stationIdFor(c.source, c.sourceId);
      this.counts.new++;
      this.grid.add({ id: stationId, view: c.record }, c.record.lon, c.record.lat);
    }
    this.seenStations.add(stationId);
    this.put(planned(c, stationId));
  }

  /**
   * A full import of a feed retires, inside its scope, every record it no longer has; a run past the limits of
   * mass-retire-guard.ts throws unless `allowMassRetire`.
   */
  retireMissing(allowMassRetire: boolean | undefined): void {
    // What each source listed before this run, inside its scope: the share to retire is of that, not of a
    // total this run's new records would swell.
    const covered = new Map<string, number>();
    for (const row of this.sourceRows) {
      if (row.present === 1 && this.coveredByRun(row))
        covered.set(row.source, (covered.get(row.source) ?? 0) + 1);
    }
    const retired = new Map<string, number>();
    for (const row of [...this.sourceByKey.values()]) {
      if (row.present !== 1 || !this.coveredByRun(row)) continue;
      if (this.runKeys.has(row.source, row.source_id) || this.rejectedKeys.has(row.source, row.source_id))
        continue;
      retired.set(row.source, (retired.get(row.source) ?? 0) + 1);
      this.put({ ...row, present: 0 });
    }
    const refusal = massRetireReasons(this.parsed, covered, retired);
    if (refusal.length && !allowMassRetire) throw new MassRetireRefused(refusal);
  }

  /** The rows to write. */
  toPlan(now: string): ImportPlan {
    const sourceUpserts: PlannedSource[] = [];
    for (const row of this.sourceByKey.values()) if (isPlanned(row)) sourceUpserts.push(row);
    const sources = this.sourcesOf();
    return {
      counts: this.counts,
      // In key order: rows written in the order of the primary key extend the B-tree instead of splitting pages
      // all over it (ids are hashes), which made writing 200,000 new stations take seconds more.
      sourceUpserts: sourceUpserts.sort(byKey),
      sourceRow: sourceRowOf(now),
      sourceDeletes: [...this.deletes.values()],
      sourceRetires: this.retires,
      seenUnchanged: this.seenUnchanged,
      seenStations: this.seenStations,
      dirty: [...this.dirty].sort(),
      // Only what rebuilding the changed stations needs outlives the plan: the maps of every record, the grid
      // and the stored rows are garbage before the first row is written.
      // (When every station is changed, as in a first import, the records of each are already that map.)
      stationRows: stationRowsOf(
        this.dirty.size === sources.size
          ? sources
          : new Map([...this.dirty].map((id) => [id, sources.get(id) ?? []])),
        this.counts,
        now,
      ),
    };
  }
}

/**
 * Plans one import run in memory against the whole stored state: which source records are new, changed,
 * unchanged or gone, which station each joins (the same-station rule), and which stations change.
 * Pure: it reads what it is given and returns rows to write. `stations` may be empty when
 * needsStoredStations says the run does not need them.
 */
export function planImport(
  parsed: ParsedImport,
  stations: StoredStation[],
  sourceRows: StoredSource[],
  now: string,
  options: {
    onProgress?: (done: number, total: number) => void;
    /** Write a run that retires or rejects past the limits of mass-retire-guard.ts. */
    allowMassRetire?: boolean;
  } = {},
): ImportPlan {
  const { onProgress } = options;
  const state = new PlanState(parsed, stations, sourceRows);
  parsed.candidates.forEach((c, i) => {
    if (i % 500 === 0) onProgress?.(i, parsed.candidates.length);
    state.plan(c);
  });
  onProgress?.(parsed.candidates.length, parsed.candidates.length);
  state.retireMissing(options.allowMassRetire);
  // Retiring is the last change: the plan's rows are made from the state it leaves.
  return state.toPlan(now);
}

/** ImportPlan.sourceRow: the record's text is the text the hash of a known record was compared with. */
function sourceRowOf(now: string): ImportPlan['sourceRow'] {
  return (row) => {
    const { record } = row.candidate;
    const text = JSON.stringify(record);
    return {
      station_id: row.station_id,
      source: row.source,
      source_id: row.source_id,
      licence: record.licence,
      attribution: record.attribution,
      url: record.url,
      lon: record.lon,
      lat: record.lat,
      coordinate_quality: record.coordinateQuality,
      content_hash: hashOf(text),
      record: text,
      imported_at: now,
      present: row.present,
    };
  };
}

/** ImportPlan.stationRows over the records of the changed stations. */
function stationRowsOf(
  sourcesOf: Map<string, (StoredSource | PlannedSource)[]>,
  counts: ImportCounts,
  now: string,
): ImportPlan['stationRows'] {
  const isPlanned = (row: StoredSource | PlannedSource): row is PlannedSource => 'candidate' in row;
  return (ids, stored) => {
    const previousOf = new Map(stored.stations.map((r) => [r.id, r]));
    const storedRecord = new Map(stored.sources.map((r) => [keyOf(r.source, r.source_id), r.record]));
    const rows: StationRow[] = [];
    for (const id of ids) {
      const previous = previousOf.get(id);
      const records = (sourcesOf.get(id) ?? []).map((r) => {
        const text = isPlanned(r) ? null : storedRecord.get(keyOf(r.source, r.source_id));
        if (text === undefined)
          throw new Error(`source record ${r.source} ${r.source_id} vanished during the run`);
        return {
          source: r.source,
          record: isPlanned(r) ? r.candidate.record : (JSON.parse(text!) as StationRecord),
          present: r.present === 1,
        };
      });
      const next = mergeStation(id, records, previous, now);
      if (previous && !stationRowChanged(previous, next)) continue;
      if (previous?.active === 1 && next.active === 0) counts.deactivated++;
      if (previous?.active === 0 && next.active === 1) counts.reactivated++;
      counts.stationsWritten++;
      next.updated_at = now;
      if (next.active) next.last_seen_at = now;
      rows.push(next);
    }
    return rows;
  };
}
