import { operatorSearchText } from '@cng/shared';
import { grownArray } from '../lib/grown-array';
import type { StationIndexRow } from './station-index-repository';
import { type SearchParts, StationSearchBuilder, searchBuffers } from './station-search';

/**
 * A built StationIndex's data, as StationIndexBuilder.finish makes it: plain values and typed arrays, so the
 * worker thread that builds an index hands it over without copying the big parts (ADR 0023).
 */
export interface StationIndexParts {
  ids: string[];
  lons: Float64Array;
  lats: Float64Array;
  /**
   * Every station's packed row (packedRowText) in UTF-8, one after another in blocks of about 8 MB: station i's
   * is in block blockOf[i] and ends at ends[i] there (a row never spans two blocks).
   */
  blocks: Uint8Array[];
  blockOf: Uint16Array;
  ends: Uint32Array;
  /** The distinct folded operator texts, and which one each station has. */
  operatorTexts: string[];
  operatorOf: Uint32Array;
  search: SearchParts;
}

/** What a worker that builds only the search answers (its ids, to check it read the same stations). */
export interface SearchOnlyParts {
  ids: string[];
  search: SearchParts;
}

/** The buffers of `parts`' typed arrays, to transfer to another thread. */
export function stationIndexBuffers(parts: StationIndexParts): ArrayBuffer[] {
  const { lons, lats, blockOf, ends, operatorOf } = parts;
  return [lons, lats, blockOf, ends, operatorOf, ...parts.blocks]
    .map((a) => a.buffer as ArrayBuffer)
    .concat(searchBuffers(parts.search));
}

/** Bytes per block of packed rows: 8 MB, about 16,000 stations. */
const TEXT_BLOCK = 8 * 2 ** 20;

/**
 * Takes the stations of a StationIndex one at a time, in position order, keeping of each only what the index
 * holds: a station streamed from the database becomes garbage at once instead of living until the build
 * ends, which at 200,000 stations was most of the garbage collector's work during a start. Packed
 * rows are kept as UTF-8 bytes, outside the JavaScript heap.
 */
export class StationIndexBuilder {
  private readonly ids: string[] = [];
  private lons: Float64Array;
  private lats: Float64Array;
  /**
   * Packed rows in UTF-8, in blocks of TEXT_BLOCK bytes, each its own memory (not Node's shared pool: they are
   * transferred): growing one array by doubling copied it ~8 times, and joining the blocks once more.
   */
  private readonly blocks: Uint8Array[] = [];
  private block: Buffer;
  private blockBytes = 0;
  private blockOf: Uint16Array;
  private ends: Uint32Array;
  private readonly operatorTexts: string[] = [];
  private operatorOf: Uint32Array;
  /** Null when another thread builds the search (StationIndexBuilder's `withSearch`). */
  private readonly search: StationSearchBuilder | null;
  /** Which operator text, by `operator\nbrand`: a few hundred companies among 200,000 stations. */
  private readonly operatorIds = new Map<string, number>();

  /**
   * `expected`: how many stations will be added, if known; `blockBytesMin`: the blocks' size (tests make it
   * small); `withSearch`: false when another thread builds the search (finish is then given it).
   */
  constructor(
    expected = 1024,
    private readonly blockBytesMin = TEXT_BLOCK,
    withSearch = true,
  ) {
    const n = Math.max(1, expected);
    this.lons = new Float64Array(n);
    this.lats = new Float64Array(n);
    this.ends = new Uint32Array(n);
    this.blockOf = new Uint16Array(n);
    this.block = Buffer.from(new ArrayBuffer(blockBytesMin));
    this.operatorOf = new Uint32Array(n);
    this.search = withSearch ? new StationSearchBuilder(expected) : null;
  }

  /** Adds the next station. */
  add(row: StationIndexRow): void {
    const i = this.ids.length;
    if (i === this.lons.length) {
      this.lons = grownArray(this.lons);
      this.lats = grownArray(this.lats);
      this.ends = grownArray(this.ends);
      this.blockOf = grownArray(this.blockOf);
      this.operatorOf = grownArray(this.operatorOf);
    }
    this.ids.push(row.id);
    this.lons[i] = row.lon;
    this.lats[i] = row.lat;
    // A row that might not fit starts a new block (at most 3 bytes of UTF-8 per UTF-16 unit).
    const sources = row.sources;
    let most = 3 * row.data.length + 4;
    if (sources) for (const source of sources) most += 3 * source.length + 1;
    if (this.blockBytes + most > this.block.length) {
      this.blocks.push(this.block.subarray(0, this.blockBytes));
      this.block = Buffer.from(new ArrayBuffer(Math.max(this.blockBytesMin, most)));
      this.blockBytes = 0;
    }
    const block = this.block;
    let at = this.blockBytes + block.write(row.data, this.blockBytes, 'utf8');
    if (sources) {
      // The columns' closing `]` gives way to `,[source,…]]` (packedRowText).
      block[at - 1] = 0x2c; // ,
      block[at++] = 0x5b; // [
      for (let k = 0; k < sources.length; k++) {
        if (k > 0) block[at++] = 0x2c;
        at += block.write(sources[k]!, at, 'utf8');
      }
      block[at++] = 0x5d; // ]
      block[at++] = 0x5d;
    }
    this.blockBytes = at;
    this.blockOf[i] = this.blocks.length;
    this.ends[i] = at;
    this.search?.add(row);
    // With the short names of the companies ("Indraprastha Gas Limited" is found by "IGL" too).
    const key = `${row.operator ?? ''}\n${row.brand ?? ''}`;
    let operator = this.operatorIds.get(key);
    if (operator === undefined) {
      operator = this.operatorTexts.push(operatorSearchText(row)) - 1;
      this.operatorIds.set(key, operator);
    }
    this.operatorOf[i] = operator;
  }

  /** The index's data, every array cut to its length; `search` as another thread built it, when it did. */
  finish(search?: SearchParts): StationIndexParts {
    const n = this.ids.length;
    return {
      ids: this.ids,
      lons: this.lons.slice(0, n),
      lats: this.lats.slice(0, n),
      blocks: [...this.blocks, this.block.subarray(0, this.blockBytes)],
      blockOf: this.blockOf.slice(0, n),
      ends: this.ends.slice(0, n),
      operatorTexts: this.operatorTexts,
      operatorOf: this.operatorOf.slice(0, n),
      search: search ?? this.search!.finish(),
    };
  }
}
