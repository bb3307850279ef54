import { grownArray } from './grown-array';

const rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Edit distance between `a` and `b` counting insertions, deletions, substitutions and swaps of neighbours
 * (optimal string alignment), or `max + 1` as soon as it is known to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (b.length + 1 > rows[0]!.length) for (let r = 0; r < 3; r++) rows[r] = new Int32Array(b.length + 1);
  let [prev2, prev, row] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2]! + 1);
      row[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** The bigrams of `^key$` as numbers (two UTF-16 units), so the first and last letters count too. */
function bigramsOf(key: string): number[] {
  const padded = `\u0002${key}\u0003`;
  const grams: number[] = [];
  for (let i = 0; i + 1 < padded.length; i++)
    grams.push(padded.charCodeAt(i) * 65536 + padded.charCodeAt(i + 1));
  return grams;
}

/**
 * Lists of ints packed into one array (list i is `postings[offsets[i] … offsets[i + 1])`), gathered as
 * (list, item) pairs in growable typed arrays: a JS array per list would cost tens of MB for a moment over a
 * few hundred thousand lists.
 */
export class PairCollector {
  private lists = new Int32Array(4096);
  private items = new Int32Array(4096);
  private length = 0;

  add(list: number, item: number): void {
    if (this.length === this.lists.length) {
      this.lists = grownArray(this.lists);
      this.items = grownArray(this.items);
    }
    this.lists[this.length] = list;
    this.items[this.length++] = item;
  }

  /**
   * Lists `0 … count - 1` packed, each holding its items in the order they were added; with `position`, a
   * pair added to list l goes to list `position[l]`.
   */
  pack(count: number, position?: Int32Array): { offsets: Int32Array; postings: Int32Array } {
    const at = (l: number) => (position ? position[l]! : l);
    const offsets = new Int32Array(count + 1);
    for (let p = 0; p < this.length; p++) offsets[at(this.lists[p]!) + 1]!++;
    for (let i = 0; i < count; i++) offsets[i + 1]! += offsets[i]!;
    const next = offsets.slice(0, count);
    const postings = new Int32Array(this.length);
    for (let p = 0; p < this.length; p++) postings[next[at(this.lists[p]!)]!++] = this.items[p]!;
    return { offsets, postings };
  }
}

/** FuzzyKeys' index as plain arrays, to store and load again (`FuzzyKeys.parts`, `new FuzzyKeys(keys, parts)`). */
export interface FuzzyParts {
  /** The bigram of each list, as in `bigramsOf`. */
  grams: Uint32Array;
  offsets: Int32Array;
  postings: Int32Array;
}

/**
 * Finds the keys within a small edit distance of a word among ~200,000 keys in well under a millisecond,
 * without a radix tree's memory: a bigram → keys index, compact in typed arrays. One edit changes at most
 * three bigrams (a swap: "xaby" → "xbay"), so a key within k edits of a word holds all but at most 3k of
 * the word's distinct padded bigrams.
 */
export class FuzzyKeys {
  private readonly keys: readonly string[];
  private readonly gramIds = new Map<number, number>();
  private readonly grams: Uint32Array;
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;
  /** Per key, how many of the word's bigrams it holds, during one `near` call; zero again after it. */
  private readonly marks: Uint8Array;

  /** Indexes `keys`, or takes the index `parts` that `parts()` gave for the same keys. */
  constructor(keys: readonly string[], parts?: FuzzyParts) {
    this.keys = keys;
    if (parts) {
      ({ grams: this.grams, offsets: this.offsets, postings: this.postings } = parts);
      this.grams.forEach((g, id) => {
        this.gramIds.set(g, id);
      });
    } else {
      const pairs = new PairCollector();
      const grams: number[] = [];
      keys.forEach((key, k) => {
        for (const g of new Set(bigramsOf(key))) {
          let id = this.gramIds.get(g);
          if (id === undefined) {
            id = grams.length;
            this.gramIds.set(g, id);
            grams.push(g);
          }
          pairs.add(id, k);
        }
      });
      this.grams = Uint32Array.from(grams);
      ({ offsets: this.offsets, postings: this.postings } = pairs.pack(grams.length));
    }
    this.marks = new Uint8Array(keys.length);
  }

  /** The index, for `new FuzzyKeys(keys, parts)` to take again without rebuilding it. */
  parts(): FuzzyParts {
    return { grams: this.grams, offsets: this.offsets, postings: this.postings };
  }

  /**
   * Whether `near(word, maxEdits)` can use the index: a word with few distinct bigrams ("aaaa") may share none
   * with a key within reach, and then every key must be measured (~15 ms over 100,000 keys).
   */
  static selective(word: string, maxEdits: number): boolean {
    return new Set(bigramsOf(word)).size > EDIT_BIGRAMS * maxEdits;
  }

  /** Positions of the keys within `maxEdits` of `word` (exact matches included), with their distances. */
  near(word: string, maxEdits: number): { key: number; edits: number }[] {
    const ranges = [...new Set(bigramsOf(word))]
      .map((g) => this.gramIds.get(g))
      .map((id): [number, number] => (id === undefined ? [0, 0] : [this.offsets[id]!, this.offsets[id + 1]!]))
      .sort((a, b) => a[1] - a[0] - (b[1] - b[0]));
    const need = ranges.length - EDIT_BIGRAMS * maxEdits;
    // A short word may share no bigram at all with a key within reach: measure every key of a fitting length.
    if (need <= 0) return this.scan(word, maxEdits);
    // A key that misses at most 3k of the word's bigrams holds at least one of any 3k + 1 of them. When the
    // 3k + 1 rarest are rare enough, measuring each of their keys beats counting every bigram's keys.
    const rare = ranges.slice(0, EDIT_BIGRAMS * maxEdits + 1);
    const size = (list: [number, number][]) => list.reduce((n, [from, to]) => n + to - from, 0);
    const counting = size(rare) * RARE_GRAM_COST > size(ranges);
    const touched: number[] = [];
    for (const [from, to] of counting ? ranges : rare) {
      for (let p = from; p < to; p++) {
        const k = this.postings[p]!;
        if (this.marks[k] === 0) touched.push(k);
        if (this.marks[k]! < 255) this.marks[k]!++;
      }
    }
    const found: { key: number; edits: number }[] = [];
    for (const k of touched) {
      const key = this.keys[k]!;
      if ((!counting || this.marks[k]! >= need) && Math.abs(key.length - word.length) <= maxEdits) {
        const edits = editDistance(word, key, maxEdits);
        if (edits <= maxEdits) found.push({ key: k, edits });
      }
      this.marks[k] = 0;
    }
    return found;
  }

  /** Every key within `maxEdits` of `word`, by measuring each one of a length that could be. */
  private scan(word: string, maxEdits: number): { key: number; edits: number }[] {
    const found: { key: number; edits: number }[] = [];
    this.keys.forEach((key, k) => {
      if (Math.abs(key.length - word.length) > maxEdits) return;
      const edits = editDistance(word, key, maxEdits);
      if (edits <= maxEdits) found.push({ key: k, edits });
    });
    return found;
  }
}

/** Most bigrams one edit can change: a swap of neighbours changes three. */
const EDIT_BIGRAMS = 3;
/** Rough cost of measuring one key's edit distance, in counted postings. */
const RARE_GRAM_COST = 8;
