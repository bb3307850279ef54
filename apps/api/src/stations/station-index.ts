import { operatorMatches, operatorSearchText, type Station } from '@cng/shared';
import { NearestIndex } from '../geo/nearest-index';
import { compileOpenNow, type OpenNowFn } from './open-now';
import { StationClusters } from './station-clusters';
import { type StationIndexRow, stationFromIndexRow } from './station-index-repository';
import { StationSearch, StationSearchBuilder } from './station-search';

/**
 * Takes the stations of a StationIndex one at a time, in position order, keeping of each only what the index
 * holds: a station streamed from the database becomes garbage at once instead of living until the build
 * ends, which at 200,000 stations was most of the garbage collector's work during a start (issue 17).
 */
export class StationIndexBuilder {
  readonly ids: string[] = [];
  readonly texts: string[] = [];
  lons: Float64Array;
  lats: Float64Array;
  readonly operatorText: string[] = [];
  readonly search: StationSearchBuilder;
  /** Folded operator texts by `operator\nbrand`: a few hundred companies among 200,000 stations. */
  private readonly folded = new Map<string, string>();

  constructor(expected = 1024) {
    this.lons = new Float64Array(Math.max(1, expected));
    this.lats = new Float64Array(this.lons.length);
    this.search = new StationSearchBuilder(expected);
  }

  /** Adds the next station. */
  add(row: StationIndexRow): void {
    const i = this.ids.length;
    if (i === this.lons.length) {
      const lons = new Float64Array(i * 2);
      lons.set(this.lons);
      this.lons = lons;
      const lats = new Float64Array(i * 2);
      lats.set(this.lats);
      this.lats = lats;
    }
    this.ids.push(row.id);
    this.texts.push(row.data);
    this.lons[i] = row.lon;
    this.lats[i] = row.lat;
    this.search.add(row);
    // With the short names of the companies ("Indraprastha Gas Limited" is found by "IGL" too).
    const key = `${row.operator ?? ''}\n${row.brand ?? ''}`;
    let text = this.folded.get(key);
    if (text === undefined) {
      text = operatorSearchText(row);
      this.folded.set(key, text);
    }
    this.operatorText.push(text);
  }
}

/**
 * Everything the station API answers from, built in one go from the active stations and never mutated:
 * a rebuild makes a new StationIndex and swaps the reference, so a request sees one consistent snapshot.
 *
 * Compact for 200,000 stations (issue 17): coordinates in typed arrays, the searched fields in a compact
 * search index, and each station as the one JSON text the database made (StationIndexRow.data). A Station
 * object is made only when one is shown (`station(i)`), and its JSON once per snapshot (`stationJsonHead`),
 * which then replaces the packed text. Opening hours are compiled on first use.
 */
export class StationIndex {
  readonly nearest: NearestIndex;
  private clusterIndex: StationClusters | null = null;
  readonly search: StationSearch;
  /** When this snapshot was built (ISO-8601 UTC). */
  readonly builtAt: string;
  private readonly ids: string[];
  private readonly positionById: Map<string, number>;
  /** Per station: its packed row (StationIndexRow.data) until first shown, then its JSON head. */
  private readonly texts: string[];
  private readonly shown: Uint8Array;
  /** Per station once shown: `sourceConfirmedAt ?? lastSeenAt`, all lastConfirmedOf needs. */
  private readonly sourceConfirmed: (string | undefined)[];
  private readonly openNowFns: (OpenNowFn | undefined)[];
  /** Operator and brand, folded, for the `operator` filter. */
  private readonly operatorText: string[];

  /** The index of `rows` (station i is rows[i]), or of what a StationIndexBuilder was given. */
  constructor(rows: readonly StationIndexRow[] | StationIndexBuilder, builtAt = new Date()) {
    let built: StationIndexBuilder;
    if (rows instanceof StationIndexBuilder) built = rows;
    else {
      built = new StationIndexBuilder(rows.length);
      for (const row of rows) built.add(row);
    }
    this.builtAt = builtAt.toISOString();
    const n = built.ids.length;
    this.ids = built.ids;
    this.texts = built.texts;
    this.operatorText = built.operatorText;
    this.shown = new Uint8Array(n);
    this.sourceConfirmed = new Array(n);
    this.openNowFns = new Array(n);
    this.nearest = new NearestIndex(built.lons.slice(0, n), built.lats.slice(0, n));
    this.search = new StationSearch(built.search);
    this.positionById = new Map();
    for (let i = 0; i < n; i++) this.positionById.set(this.ids[i]!, i);
  }

  /**
   * The map's clusters, built on the first map request rather than at start: Supercluster over 200,000
   * stations costs seconds and ~100 MB that a server answering only nearest and search never needs.
   */
  get clusters(): StationClusters {
    this.clusterIndex ??= new StationClusters(this.nearest.lons, this.nearest.lats);
    return this.clusterIndex;
  }

  get size(): number {
    return this.ids.length;
  }

  /** Position of the station with this id, or undefined. */
  positionOf(id: string): number | undefined {
    return this.positionById.get(id);
  }

  /** Id of station i. */
  idOf(i: number): string {
    return this.ids[i]!;
  }

  /** Station i as the API describes it: a new object on each call, made from the snapshot's text. */
  station(i: number): Station {
    if (this.shown[i]) return JSON.parse(`${this.texts[i]}}`) as Station;
    return stationFromIndexRow(this.texts[i]!, this.nearest.lonOf(i), this.nearest.latOf(i));
  }

  /** Whether station i is open at `now` (its own time zone); null when its hours are unknown. */
  openNow(i: number, now: Date): boolean | null {
    let fn = this.openNowFns[i];
    if (fn === undefined) {
      fn = compileOpenNow(this.station(i));
      this.openNowFns[i] = fn;
    }
    return fn(now);
  }

  /**
   * Station i as JSON text without its closing `}`, serialised once per snapshot (the stations never change
   * within one): lists append what changes per answer — openNow, live status, distances — and close it.
   */
  stationJsonHead(i: number): string {
    if (!this.shown[i]) {
      const station = this.station(i);
      this.texts[i] = JSON.stringify(station).slice(0, -1);
      this.sourceConfirmed[i] = station.sourceConfirmedAt ?? station.lastSeenAt;
      this.shown[i] = 1;
    }
    return this.texts[i]!;
  }

  /** What lastConfirmedOf reads of station i: the source's own confirmation, else its last import. */
  sourceConfirmedAt(i: number): string {
    if (!this.shown[i]) this.stationJsonHead(i);
    return this.sourceConfirmed[i]!;
  }

  /** Whether station i's operator or brand contains `text` (case and accents ignored). */
  operatorMatches(i: number, foldedText: string): boolean {
    return operatorMatches(this.operatorText[i]!, foldedText);
  }
}
