import type { Coverage, CoverageArea } from '@cng/shared';
import type { StationIndex } from '../stations/stations';
import type { CoverageFacts } from './coverage-facts';
import { type BigCity, CoverageModel, roundToGrid } from './coverage-model';

/** Grid cells whose coverage one snapshot keeps; past it the cache starts again (a crawl of every cell). */
const MAX_CACHED_CELLS = 65_536;

interface SnapshotCoverage {
  model: CoverageModel;
  /** Made without the big cities (the gazetteer was not ready): made again once they are. */
  provisional: boolean;
  /** By grid cell: the coverage and its JSON in UTF-8, as nearest appends it. */
  cells: Map<number, { value: Coverage; json: Buffer }>;
  areas?: CoverageArea[];
}

/** What the API asks of coverage: per station index snapshot, per point (ADR 0030). */
export interface CoverageService {
  /** The coverage at a point, judged on the 0.01° grid, from this snapshot's counts. */
  at(index: StationIndex, lon: number, lat: number): Coverage;
  /** The same as JSON bytes, kept per grid cell (the nearest answer appends them as they are). */
  jsonAt(index: StationIndex, lon: number, lat: number): Buffer;
  /** Every area with its counts and level (GET /api/coverage). */
  areas(index: StationIndex): CoverageArea[];
  /** Makes the snapshot's model now, so the first answer that needs it does not. */
  prepare(index: StationIndex): void;
}

/**
 * Coverage kept beside each station index snapshot: the model (every area's known count) is made once per
 * snapshot, on its first use or by `prepare`, and each grid cell's answer once per snapshot; a rebuild makes
 * a new StationIndex, so both start again and the old ones go with the old snapshot.
 */
export function createCoverageService(
  facts: CoverageFacts,
  /** The cities of 1,000,000+ inhabitants, or null while they cannot be had without waiting. */
  bigCities: () => readonly BigCity[] | null,
): CoverageService {
  const snapshots = new WeakMap<StationIndex, SnapshotCoverage>();
  const snapshotOf = (index: StationIndex): SnapshotCoverage => {
    let s = snapshots.get(index);
    if (!s || s.provisional) {
      const cities = bigCities();
      if (s && cities === null) return s;
      s = {
        model: new CoverageModel(facts, index.nearest, cities ?? []),
        provisional: cities === null,
        cells: new Map(),
      };
      snapshots.set(index, s);
    }
    return s;
  };
  const cell = (index: StationIndex, lon: number, lat: number) => {
    const s = snapshotOf(index);
    // Rows of 36,001 cells: every rounded longitude from -180 to 180 has its own.
    const key = (roundToGrid(lat) * 100 + 9000) * 36_001 + (roundToGrid(lon) * 100 + 18_000);
    const id = Math.round(key);
    let hit = s.cells.get(id);
    if (!hit) {
      const value = s.model.at(lon, lat);
      hit = { value, json: Buffer.from(JSON.stringify(value)) };
      if (s.cells.size >= MAX_CACHED_CELLS) s.cells.clear();
      s.cells.set(id, hit);
    }
    return hit;
  };
  return {
    at: (index, lon, lat) => cell(index, lon, lat).value,
    jsonAt: (index, lon, lat) => cell(index, lon, lat).json,
    areas(index) {
      const s = snapshotOf(index);
      s.areas ??= s.model.areas();
      return s.areas;
    },
    prepare(index) {
      snapshotOf(index);
    },
  };
}
