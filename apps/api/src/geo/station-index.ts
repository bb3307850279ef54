import { operatorMatches, operatorSearchText, type Station } from '@cng/shared';
import { NearestIndex } from './nearest-index';
import { compileOpenNow, type OpenNowFn } from './open-now';
import { StationClusters } from './station-clusters';
import { StationSearch } from './station-search';

/**
 * Everything the station API answers from, built in one go from the active stations and never mutated:
 * a rebuild makes a new StationIndex and swaps the reference, so a request sees one consistent snapshot.
 */
export class StationIndex {
  readonly stations: readonly Station[];
  readonly nearest: NearestIndex;
  readonly clusters: StationClusters;
  readonly search: StationSearch;
  /** When this snapshot was built (ISO-8601 UTC). */
  readonly builtAt: string;
  private readonly positionById: Map<string, number>;
  private readonly openNowFns: OpenNowFn[];
  /** Operator and brand, folded, for the `operator` filter. */
  private readonly operatorText: string[];
  /** Each station's JSON without its closing brace, made on first use (see stationJsonHead). */
  private readonly jsonHeads: (string | undefined)[];

  constructor(stations: readonly Station[], builtAt = new Date()) {
    this.stations = stations;
    this.builtAt = builtAt.toISOString();
    const lons = stations.map((s) => s.lon);
    const lats = stations.map((s) => s.lat);
    this.nearest = new NearestIndex(lons, lats);
    this.clusters = new StationClusters(lons, lats);
    this.search = new StationSearch(stations);
    this.positionById = new Map(stations.map((s, i) => [s.id, i]));
    this.openNowFns = stations.map(compileOpenNow);
    // With the short names of the companies ("Indraprastha Gas Limited" is found by "IGL" too).
    this.operatorText = stations.map(operatorSearchText);
    this.jsonHeads = new Array(stations.length);
  }

  get size(): number {
    return this.stations.length;
  }

  /** Position of the station with this id, or undefined. */
  positionOf(id: string): number | undefined {
    return this.positionById.get(id);
  }

  /** Whether station i is open at `now` (its own time zone); null when its hours are unknown. */
  openNow(i: number, now: Date): boolean | null {
    return this.openNowFns[i]!(now);
  }

  /**
   * Station i as JSON text without its closing `}`, serialised once per snapshot (the stations never change
   * within one): lists append what changes per answer — openNow, live status, distances — and close it.
   */
  stationJsonHead(i: number): string {
    let head = this.jsonHeads[i];
    if (head === undefined) {
      head = JSON.stringify(this.stations[i]).slice(0, -1);
      this.jsonHeads[i] = head;
    }
    return head;
  }

  /** Whether station i's operator or brand contains `text` (case and accents ignored). */
  operatorMatches(i: number, foldedText: string): boolean {
    return operatorMatches(this.operatorText[i]!, foldedText);
  }
}
