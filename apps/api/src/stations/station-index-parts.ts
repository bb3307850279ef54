import { operatorSearchText } from '@cng/shared';
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
  /** Every station's packed row (StationIndexRow.data) in UTF-8, one after another; station i ends at ends[i]. */
  texts: Uint8Array;
  ends: Uint32Array;
  /** The distinct folded operator texts, and which one each station has. */
  operatorTexts: string[];
  operatorOf: Uint32Array;
  search: SearchParts;
}

/** The buffers of `parts`' typed arrays, to transfer to another thread. */
export function stationIndexBuffers(parts: StationIndexParts): ArrayBuffer[] {
  const { lons, lats, texts, ends, operatorOf } = parts;
  return [lons, lats, texts, ends, operatorOf]
    .map((a) => a.buffer as ArrayBuffer)
    .concat(searchBuffers(parts.search));
}

/** Bytes per block of packed rows: 8 MB, about 16,000 stations. */
const TEXT_BLOCK = 8 * 2 ** 20;

/** A typed array twice as long (or `min`), with the same contents. */
function grown<T extends Float64Array | Uint32Array>(a: T, min = 0): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(a.length * 2, min));
  b.set(a);
  return b;
}

/**
 * Takes the stations of a StationIndex one at a time, in position order, keeping of each only what the index
 * holds: a station streamed from the database becomes garbage at once instead of living until the build
 * ends, which at 200,000 stations was most of the garbage collector's work during a start (issue 17). Packed
 * rows are kept as UTF-8 bytes, outside the JavaScript heap.
 */
export class StationIndexBuilder {
  private readonly ids: string[] = [];
  private lons: Float64Array;
  private lats: Float64Array;
  /** Packed rows in UTF-8, in blocks of TEXT_BLOCK bytes (growing one array by doubling copied it ~8 times). */
  private readonly blocks: Buffer[] = [];
  private block = Buffer.allocUnsafe(TEXT_BLOCK);
  private blockBytes = 0;
  private ends: Uint32Array;
  private textBytes = 0;
  private readonly operatorTexts: string[] = [];
  private operatorOf: Uint32Array;
  private readonly search: StationSearchBuilder;
  /** Which operator text, by `operator\nbrand`: a few hundred companies among 200,000 stations. */
  private readonly operatorIds = new Map<string, number>();

  constructor(expected = 1024) {
    const n = Math.max(1, expected);
    this.lons = new Float64Array(n);
    this.lats = new Float64Array(n);
    this.ends = new Uint32Array(n);
    this.operatorOf = new Uint32Array(n);
    this.search = new StationSearchBuilder(expected);
  }

  /** Adds the next station. */
  add(row: StationIndexRow): void {
    const i = this.ids.length;
    if (i === this.lons.length) {
      this.lons = grown(this.lons);
      this.lats = grown(this.lats);
      this.ends = grown(this.ends);
      this.operatorOf = grown(this.operatorOf);
    }
    this.ids.push(row.id);
    this.lons[i] = row.lon;
    this.lats[i] = row.lat;
    // At most 3 bytes of UTF-8 per UTF-16 unit: a row that might not fit starts a new block.
    const most = 3 * row.data.length;
    if (this.blockBytes + most > this.block.length) {
      this.blocks.push(this.block.subarray(0, this.blockBytes));
      this.block = Buffer.allocUnsafe(Math.max(TEXT_BLOCK, most));
      this.blockBytes = 0;
    }
    const written = this.block.write(row.data, this.blockBytes, 'utf8');
    this.blockBytes += written;
    this.textBytes += written;
    this.ends[i] = this.textBytes;
    this.search.add(row);
    // With the short names of the companies ("Indraprastha Gas Limited" is found by "IGL" too).
    const key = `${row.operator ?? ''}\n${row.brand ?? ''}`;
    let operator = this.operatorIds.get(key);
    if (operator === undefined) {
      operator = this.operatorTexts.push(operatorSearchText(row)) - 1;
      this.operatorIds.set(key, operator);
    }
    this.operatorOf[i] = operator;
  }

  /** The blocks of packed rows in one array of its own (not a slice of Node's shared pool: it is transferred). */
  private joinedTexts(): Uint8Array {
    const texts = new Uint8Array(this.textBytes);
    let at = 0;
    for (const block of [...this.blocks, this.block.subarray(0, this.blockBytes)]) {
      texts.set(block, at);
      at += block.length;
    }
    return texts;
  }

  /** The index's data, every array cut to its length. */
  finish(): StationIndexParts {
    const n = this.ids.length;
    return {
      ids: this.ids,
      lons: this.lons.slice(0, n),
      lats: this.lats.slice(0, n),
      texts: this.joinedTexts(),
      ends: this.ends.slice(0, n),
      operatorTexts: this.operatorTexts,
      operatorOf: this.operatorOf.slice(0, n),
      search: this.search.finish(),
    };
  }
}
