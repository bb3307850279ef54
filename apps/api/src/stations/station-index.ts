import { operatorMatches, type Station } from '@cng/shared';
import { NearestIndex } from '../geo/nearest-index';
import { compileOpenNow, type OpenNowFn } from './open-now';
import { StationClusters } from './station-clusters';
import { StationIndexBuilder, type StationIndexParts } from './station-index-parts';
import { type StationIndexRow, stationFromIndexRow } from './station-index-repository';
import { StationSearch } from './station-search';

/**
 * Everything the station API answers from, built in one go from the active stations and never mutated:
 * a rebuild makes a new StationIndex and swaps the reference, so a request sees one consistent snapshot.
 *
 * Compact for 200,000 stations: coordinates in typed arrays, the searched fields in a compact
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
  /** Every station's packed row in UTF-8, in blocks: station i's is in blockOf[i] and ends at ends[i]. */
  private readonly blocks: Buffer[];
  private readonly blockOf: Uint16Array;
  private readonly ends: Uint32Array;
  /** Per station once shown: its JSON head (stationJsonHead). */
  private readonly heads: (string | undefined)[];
  /** Per station once shown: `sourceConfirmedAt ?? lastSeenAt`, all lastConfirmedOf needs. */
  private readonly sourceConfirmed: (string | undefined)[];
  private readonly openNowFns: (OpenNowFn | undefined)[];
  /** Operator and brand, folded, for the `operator` filter: the distinct texts, and each station's. */
  private readonly operatorTexts: string[];
  private readonly operatorOf: Uint32Array;

  /** The index of `rows` (station i is rows[i]), or of what a StationIndexBuilder finished. */
  constructor(rows: readonly StationIndexRow[] | StationIndexParts, builtAt = new Date()) {
    let parts: StationIndexParts;
    if (Array.isArray(rows)) {
      const builder = new StationIndexBuilder(rows.length);
      for (const row of rows) builder.add(row);
      parts = builder.finish();
    } else parts = rows as StationIndexParts;
    this.builtAt = builtAt.toISOString();
    const n = parts.ids.length;
    this.ids = parts.ids;
    this.blocks = parts.blocks.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength));
    this.blockOf = parts.blockOf;
    this.ends = parts.ends;
    this.operatorTexts = parts.operatorTexts;
    this.operatorOf = parts.operatorOf;
    this.heads = new Array(n);
    this.sourceConfirmed = new Array(n);
    this.openNowFns = new Array(n);
    this.nearest = new NearestIndex(parts.lons, parts.lats);
    this.search = new StationSearch(parts.search);
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
    const head = this.heads[i];
    if (head !== undefined) return JSON.parse(`${head}}`) as Station;
    const block = this.blockOf[i]!;
    const start = i > 0 && this.blockOf[i - 1] === block ? this.ends[i - 1] : 0;
    const text = this.blocks[block]!.toString('utf8', start, this.ends[i]);
    return stationFromIndexRow(text, this.nearest.lonOf(i), this.nearest.latOf(i));
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
    let head = this.heads[i];
    if (head === undefined) {
      const station = this.station(i);
      head = JSON.stringify(station).slice(0, -1);
      this.heads[i] = head;
      this.sourceConfirmed[i] = station.sourceConfirmedAt ?? station.lastSeenAt;
    }
    return head;
  }

  /** What lastConfirmedOf reads of station i: the source's own confirmation, else its last import. */
  sourceConfirmedAt(i: number): string {
    if (this.heads[i] === undefined) this.stationJsonHead(i);
    return this.sourceConfirmed[i]!;
  }

  /** Whether station i's operator or brand contains `text` (case and accents ignored). */
  operatorMatches(i: number, foldedText: string): boolean {
    return operatorMatches(this.operatorTexts[this.operatorOf[i]!]!, foldedText);
  }
}
