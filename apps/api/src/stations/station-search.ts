import { foldText, STATION_API_LIMITS } from '@cng/shared';
import { FuzzyKeys } from './fuzzy-keys';

/** Lower-cases and strips accents so "Forlì", "FORLI" and "forli" are one term (one rule with @cng/shared). */
export { foldText };

/** The words of `text`, folded, in order: letters and digits, anything else separates. */
export function foldedWords(text: string): string[] {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/**
 * The words of a query that a search uses: the first STATION_API_LIMITS.searchMaxTerms distinct ones.
 * Every word costs a pass over the index (a fuzzy one for longer words), so 25 words must not cost 25.
 */
export function queryTerms(query: string): string[] {
  return [...new Set(foldedWords(query))].slice(0, STATION_API_LIMITS.searchMaxTerms);
}

/** Words shorter than this match whole words only: a one- or two-letter prefix or typo matches half the index. */
export const MIN_LOOSE_TERM_LENGTH = 3;

/** The fields searched, in MiniSearch's order, and how much a match in each counts. */
const FIELDS = ['name', 'brand', 'operator', 'city', 'region', 'address'] as const;
const FIELD_BOOSTS = [2, 1.2, 1, 1.5, 1, 1];
const NF = FIELDS.length;
type SearchFields = { readonly [F in (typeof FIELDS)[number]]: string | null };

/** MiniSearch's tokenizer: anything that is space or punctuation separates. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;
/** MiniSearch's defaults: BM25+ parameters, the weights of prefix and fuzzy matches, the cap on typos. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
const MAX_FUZZY = 6;
/** One typo per ~5 letters, as people type place names on a phone. */
const FUZZY = 0.2;

export interface SearchMatch {
  index: number;
  score: number;
}

/** Levenshtein distance (insertions, deletions, substitutions), as MiniSearch's fuzzy match counts it. */
function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Full-text station search: typo-tolerant, prefix-matching, accent-insensitive. It scores exactly as the
 * MiniSearch configuration it replaces (BM25+ per field, boosts name 2, city 1.5, brand 1.2; prefix matches
 * from 3 letters weighted 0.375, one typo per ~5 letters weighted 0.45; OR of the words, times the number of
 * words matched), but keeps its postings in typed arrays, built in one counting sort: at 200,000 stations
 * MiniSearch took ~10 s and ~300 MB to build, this a small part of both (issue 17).
 */
export class StationSearch {
  private readonly size: number;
  /** Distinct folded terms; a term's id is its position. */
  private readonly terms: string[] = [];
  private readonly termIds = new Map<string, number>();
  /** Term ids in the order of their text, for prefix ranges. */
  private readonly sorted: Int32Array;
  /** Postings of (term, field) = `term * NF + field`: docs[offsets[key] .. offsets[key + 1]) and their counts. */
  private readonly offsets: Int32Array;
  private readonly docs: Int32Array;
  private readonly freqs: Uint16Array;
  /** Distinct raw words per document and field, and their average as MiniSearch keeps it. */
  private readonly fieldLengths: Uint16Array;
  private readonly avgFieldLength = new Float64Array(NF);
  private fuzzyKeys: FuzzyKeys | null = null;

  constructor(stations: readonly SearchFields[]) {
    this.size = stations.length;
    this.fieldLengths = new Uint16Array(this.size * NF);
    // Raw token -> term id (-1: folds to nothing). Values themselves are not cached: most names and
    // addresses are unique, and a cache of 200,000s of them cost more (old-space garbage) than it saved.
    const termOf = new Map<string, number>();
    let keys = new Int32Array(Math.max(16, this.size * 8));
    let docs = new Int32Array(keys.length);
    let freqs = new Uint16Array(keys.length);
    let used = 0;
    // One value's term ids and how often each occurs, in first-seen order.
    let valueTerms = new Int32Array(64);
    let valueCounts = new Int32Array(64);
    for (let doc = 0; doc < this.size; doc++) {
      const s = stations[doc]!;
      for (let f = 0; f < NF; f++) {
        const value = s[FIELDS[f]!];
        if (value == null) continue;
        const raw = String(value).split(SPACE_OR_PUNCTUATION);
        if (raw.length > valueTerms.length) {
          valueTerms = new Int32Array(raw.length * 2);
          valueCounts = new Int32Array(raw.length * 2);
        }
        let unique = 0;
        let distinct = 0;
        for (let t = 0; t < raw.length; t++) {
          const token = raw[t]!;
          if (raw.indexOf(token) === t) unique++;
          let id = termOf.get(token);
          if (id === undefined) {
            const term = foldText(token);
            if (term.length === 0) id = -1;
            else {
              id = this.termIds.get(term);
              if (id === undefined) {
                id = this.terms.length;
                this.terms.push(term);
                this.termIds.set(term, id);
              }
            }
            termOf.set(token, id);
          }
          if (id < 0) continue;
          let k = 0;
          while (k < distinct && valueTerms[k] !== id) k++;
          if (k === distinct) {
            valueTerms[distinct] = id;
            valueCounts[distinct++] = 1;
          } else valueCounts[k]!++;
        }
        this.fieldLengths[doc * NF + f] = Math.min(unique, 65_535);
        const avg = this.avgFieldLength[f]!;
        this.avgFieldLength[f] = (avg * doc + unique) / (doc + 1);
        for (let k = 0; k < distinct; k++) {
          if (used === keys.length) {
            const grow = <T extends Int32Array | Uint16Array>(a: T): T => {
              const b = new (a.constructor as new (n: number) => T)(a.length * 2);
              b.set(a);
              return b;
            };
            keys = grow(keys);
            docs = grow(docs);
            freqs = grow(freqs);
          }
          keys[used] = valueTerms[k]! * NF + f;
          docs[used] = doc;
          freqs[used] = Math.min(valueCounts[k]!, 65_535);
          used++;
        }
      }
    }
    // Counting sort by (term, field); documents stay in order within each.
    this.offsets = new Int32Array(this.terms.length * NF + 1);
    for (let p = 0; p < used; p++) this.offsets[keys[p]! + 1]!++;
    for (let k = 0; k < this.terms.length * NF; k++) this.offsets[k + 1]! += this.offsets[k]!;
    const fill = this.offsets.slice(0, -1);
    this.docs = new Int32Array(used);
    this.freqs = new Uint16Array(used);
    for (let p = 0; p < used; p++) {
      const at = fill[keys[p]!]!++;
      this.docs[at] = docs[p]!;
      this.freqs[at] = freqs[p]!;
    }
    this.sorted = Int32Array.from(this.terms.keys()).sort((a, b) =>
      this.terms[a]! < this.terms[b]! ? -1 : this.terms[a]! > this.terms[b]! ? 1 : 0,
    );
  }

  /**
   * Builds the index of near misses now instead of on the first search of 3+ letters (~50 ms at 200,000
   * stations): the station index does it just after a rebuild, off the path of both start-up and that search.
   */
  prepareFuzzy(): FuzzyKeys {
    this.fuzzyKeys ??= new FuzzyKeys(this.terms);
    return this.fuzzyKeys;
  }

  /** Whether the index of near misses is built. */
  get fuzzyPrepared(): boolean {
    return this.fuzzyKeys !== null;
  }

  /** Every match for the first words of `query` (see queryTerms), best first: positions and scores. */
  search(query: string): SearchMatch[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    const scores = new Map<number, { score: number; words: number }>();
    for (const term of terms) {
      const matched = this.searchTerm(term);
      for (const [doc, score] of matched) {
        const hit = scores.get(doc);
        if (hit) {
          hit.score += score;
          hit.words++;
        } else scores.set(doc, { score, words: 1 });
      }
    }
    const results: SearchMatch[] = [];
    for (const [index, { score, words }] of scores) results.push({ index, score: score * words });
    return results.sort((a, b) => b.score - a.score);
  }

  /** Scores of one query word: the word itself, longer words it begins (3+ letters), and near misses. */
  private searchTerm(term: string): Map<number, number> {
    const scores = new Map<number, number>();
    const exact = this.termIds.get(term);
    if (exact !== undefined) this.addTerm(exact, 1, scores);
    if (term.length < MIN_LOOSE_TERM_LENGTH) return scores;
    const prefixed = new Set<number>();
    for (let p = this.lowerBound(term); p < this.sorted.length; p++) {
      const id = this.sorted[p]!;
      const found = this.terms[id]!;
      if (!found.startsWith(term)) break;
      if (found.length === term.length) continue;
      prefixed.add(id);
      const weight = (PREFIX_WEIGHT * found.length) / (found.length + 0.3 * (found.length - term.length));
      this.addTerm(id, weight, scores);
    }
    const maxDistance = Math.min(MAX_FUZZY, Math.round(term.length * FUZZY));
    if (maxDistance > 0) {
      for (const { key } of this.prepareFuzzy().near(term, maxDistance)) {
        if (key === exact || prefixed.has(key)) continue;
        const found = this.terms[key]!;
        // FuzzyKeys counts a swap of neighbours as one edit; MiniSearch counts it as two.
        const distance = levenshtein(term, found);
        if (distance === 0 || distance > maxDistance) continue;
        this.addTerm(key, (FUZZY_WEIGHT * found.length) / (found.length + distance), scores);
      }
    }
    return scores;
  }

  /** Adds term `id`'s BM25+ score in every field, weighted, to `scores`. */
  private addTerm(id: number, weight: number, scores: Map<number, number>) {
    for (let f = 0; f < NF; f++) {
      const from = this.offsets[id * NF + f]!;
      const to = this.offsets[id * NF + f + 1]!;
      if (from === to) continue;
      const matching = to - from;
      const idf = Math.log(1 + (this.size - matching + 0.5) / (matching + 0.5));
      const avg = this.avgFieldLength[f]!;
      for (let p = from; p < to; p++) {
        const doc = this.docs[p]!;
        const tf = this.freqs[p]!;
        const length = this.fieldLengths[doc * NF + f]!;
        const raw =
          idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * length) / avg)));
        scores.set(doc, (scores.get(doc) ?? 0) + weight * FIELD_BOOSTS[f]! * raw);
      }
    }
  }

  /** First position in `sorted` whose term is not before `term`. */
  private lowerBound(term: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.terms[this.sorted[mid]!]! < term) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
