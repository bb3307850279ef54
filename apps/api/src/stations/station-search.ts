import { foldText } from '@cng/shared';
import { FuzzyKeys } from '../lib/fuzzy-keys';
import { grownArray } from '../lib/grown-array';
import { MIN_LOOSE_TERM_LENGTH, queryTerms } from '../lib/search-terms';

/** The fields searched, in MiniSearch's order, and how much a match in each counts. */
const FIELDS = ['name', 'brand', 'operator', 'city', 'region', 'address'] as const;
const FIELD_BOOSTS = [2, 1.2, 1, 1.5, 1, 1];
const NF = FIELDS.length;
/** Fields whose values repeat from station to station (cities, companies); names and addresses seldom do. */
const REPEATED_FIELDS = FIELDS.map((f) => f !== 'name' && f !== 'address');
type SearchFields = { readonly [F in (typeof FIELDS)[number]]: string | null };

/**
 * What separates a station's words: anything but a letter, a digit or an accent mark, as a query's words are
 * split (foldedWords; the query is folded first, which drops its accent marks). MiniSearch's tokenizer split
 * only at spaces and punctuation, so symbols (`KM 67+744`, `CNG+Petrol`) stayed inside words no query has.
 */
export const WORD_SEPARATOR = /[^\p{L}\p{N}\p{M}]+/u;
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

/** A finished StationSearch's data (StationSearchBuilder.finish). */
export interface SearchParts {
  size: number;
  terms: string[];
  sorted: Int32Array;
  offsets: Int32Array;
  docs: Int32Array;
  freqs: Uint16Array;
  fieldLengths: Uint16Array;
  avgFieldLength: Float64Array;
}

/** The typed arrays of `parts`' buffers, to transfer to another thread. */
export function searchBuffers(parts: SearchParts): ArrayBuffer[] {
  const { sorted, offsets, docs, freqs, fieldLengths, avgFieldLength } = parts;
  return [sorted, offsets, docs, freqs, fieldLengths, avgFieldLength].map((a) => a.buffer as ArrayBuffer);
}

/**
 * Takes the stations of a StationSearch one at a time, in position order, and keeps only what the search
 * needs of them (term ids and counts in typed arrays, the distinct terms), so a caller streaming 200,000
 * stations from the database never holds their texts.
 */
export class StationSearchBuilder {
  size = 0;
  readonly terms: string[] = [];
  readonly termIds = new Map<string, number>();
  /** Per (document, field) pair in the order added: its `term * NF + field` key, document and count. */
  keys: Int32Array;
  docs: Int32Array;
  freqs: Uint16Array;
  used = 0;
  fieldLengths: Uint16Array;
  readonly avgFieldLength = new Float64Array(NF);
  /**
   * Raw token -> term id (-1: folds to nothing). Values themselves are not cached: most names and
   * addresses are unique, and a cache of 200,000s of them cost more (old-space garbage) than it saved.
   */
  private readonly termOf = new Map<string, number>();
  /** wordsOf's answer, reused. */
  private words = new Int32Array(130);
  /** wordsOf of the values of REPEATED_FIELDS, kept: a few thousand cities and companies among 200,000. */
  private readonly wordsOfRepeated = new Map<string, Int32Array>();

  /** `expected`: how many stations will be added, if known (only sizes the first arrays). */
  constructor(expected = 1024) {
    this.keys = new Int32Array(Math.max(16, expected * 8));
    this.docs = new Int32Array(this.keys.length);
    this.freqs = new Uint16Array(this.keys.length);
    this.fieldLengths = new Uint16Array(Math.max(1, expected) * NF);
  }

  /** Adds the next station (document `size`). */
  add(s: SearchFields): void {
    const doc = this.size++;
    if (this.size * NF > this.fieldLengths.length) this.fieldLengths = grownArray(this.fieldLengths);
    for (let f = 0; f < NF; f++) {
      const value = s[FIELDS[f]!];
      if (value == null) continue;
      const text = String(value);
      let words: Int32Array | undefined;
      if (REPEATED_FIELDS[f]) {
        words = this.wordsOfRepeated.get(text);
        if (words === undefined) {
          words = this.wordsOf(text).slice();
          this.wordsOfRepeated.set(text, words);
        }
      } else words = this.wordsOf(text);
      const unique = words[0]!;
      const distinct = words[1]!;
      this.fieldLengths[doc * NF + f] = Math.min(unique, 65_535);
      const avg = this.avgFieldLength[f]!;
      this.avgFieldLength[f] = (avg * doc + unique) / (doc + 1);
      if (this.used + distinct > this.keys.length) {
        const min = this.used + distinct;
        this.keys = grownArray(this.keys, min);
        this.docs = grownArray(this.docs, min);
        this.freqs = grownArray(this.freqs, min);
      }
      for (let k = 0; k < distinct; k++) {
        this.keys[this.used] = words[2 + 2 * k]! * NF + f;
        this.docs[this.used] = doc;
        this.freqs[this.used] = Math.min(words[3 + 2 * k]!, 65_535);
        this.used++;
      }
    }
  }

  /**
   * The search's arrays, postings sorted by (term, field) in one counting sort (documents stay in order within
   * each): plain data and typed arrays, so a worker thread can hand them over without copying (ADR 0023).
   */
  finish(): SearchParts {
    const { terms, size, used, keys } = this;
    const offsets = new Int32Array(terms.length * NF + 1);
    for (let p = 0; p < used; p++) offsets[keys[p]! + 1]!++;
    for (let k = 0; k < terms.length * NF; k++) offsets[k + 1]! += offsets[k]!;
    const fill = offsets.slice(0, -1);
    const docs = new Int32Array(used);
    const freqs = new Uint16Array(used);
    for (let p = 0; p < used; p++) {
      const at = fill[keys[p]!]!++;
      docs[at] = this.docs[p]!;
      freqs[at] = this.freqs[p]!;
    }
    const sorted = Int32Array.from(terms.keys()).sort((a, b) =>
      terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0,
    );
    const fieldLengths = this.fieldLengths.slice(0, size * NF);
    return { size, terms, sorted, offsets, docs, freqs, fieldLengths, avgFieldLength: this.avgFieldLength };
  }

  /**
   * The words of one value: `[raw words counted once, distinct terms, term, count, term, count, …]`, terms in
   * first-seen order, in an array reused by the next call.
   */
  private wordsOf(text: string): Int32Array {
    const raw = text.split(WORD_SEPARATOR);
    if (2 + 2 * raw.length > this.words.length) this.words = new Int32Array(4 * raw.length + 2);
    const words = this.words;
    let unique = 0;
    let distinct = 0;
    for (let t = 0; t < raw.length; t++) {
      const token = raw[t]!;
      if (raw.indexOf(token) === t) unique++;
      let id = this.termOf.get(token);
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
        this.termOf.set(token, id);
      }
      if (id < 0) continue;
      let k = 0;
      while (k < distinct && words[2 + 2 * k] !== id) k++;
      if (k === distinct) {
        words[2 + 2 * distinct] = id;
        words[3 + 2 * distinct++] = 1;
      } else words[3 + 2 * k]!++;
    }
    words[0] = unique;
    words[1] = distinct;
    return words.subarray(0, 2 + 2 * distinct);
  }
}

/**
 * Full-text station search: typo-tolerant, prefix-matching, accent-insensitive. It scores exactly as the
 * MiniSearch configuration it replaces (BM25+ per field, boosts name 2, city 1.5, brand 1.2; prefix matches
 * from 3 letters weighted 0.375, one typo per ~5 letters weighted 0.45; OR of the words, times the number of
 * words matched), but keeps its postings in typed arrays, built in one counting sort: at 200,000 stations
 * MiniSearch took ~10 s and ~300 MB to build, this a small part of both.
 */
export class StationSearch {
  private readonly size: number;
  /** Distinct folded terms; a term's id is its position. */
  private readonly terms: string[];
  private termIdsMap: Map<string, number> | null = null;
  /** Term ids in the order of their text, for prefix ranges. */
  private readonly sorted: Int32Array;
  /** Postings of (term, field) = `term * NF + field`: docs[offsets[key] .. offsets[key + 1]) and their counts. */
  private readonly offsets: Int32Array;
  private readonly docs: Int32Array;
  private readonly freqs: Uint16Array;
  /** Distinct raw words per document and field, and their average as MiniSearch keeps it. */
  private readonly fieldLengths: Uint16Array;
  private readonly avgFieldLength: Float64Array;
  private fuzzyKeys: FuzzyKeys | null = null;

  /** The search over `stations` (document i is stations[i]), or over what a StationSearchBuilder finished. */
  constructor(stations: readonly SearchFields[] | SearchParts) {
    let parts: SearchParts;
    if (Array.isArray(stations)) {
      const builder = new StationSearchBuilder(stations.length);
      for (const s of stations) builder.add(s);
      parts = builder.finish();
    } else parts = stations as SearchParts;
    ({
      size: this.size,
      terms: this.terms,
      sorted: this.sorted,
      offsets: this.offsets,
      docs: this.docs,
      freqs: this.freqs,
      fieldLengths: this.fieldLengths,
      avgFieldLength: this.avgFieldLength,
    } = parts);
  }

  /** Term id by term; made on first use (prepareFuzzy makes it just after a rebuild). */
  private get termIds(): Map<string, number> {
    this.termIdsMap ??= new Map(this.terms.map((term, id) => [term, id]));
    return this.termIdsMap;
  }

  /**
   * Builds the index of near misses now instead of on the first search of 3+ letters (~50 ms at 200,000
   * stations): the station index does it just after a rebuild, off the path of both start-up and that search.
   */
  prepareFuzzy(): FuzzyKeys {
    this.termIdsMap ??= new Map(this.terms.map((term, id) => [term, id]));
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
