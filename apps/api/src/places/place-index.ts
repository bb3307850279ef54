import { distanceKm, foldText } from '@cng/shared';
import { NearestIndex } from '../geo/nearest-index';
import { FuzzyKeys, type FuzzyParts, PairCollector } from '../lib/fuzzy-keys';
import { foldedWords, MIN_LOOSE_TERM_LENGTH, queryTerms } from '../lib/search-terms';
import { PLACE_ALIASES } from './place-aliases';

/** Strings by position: an array, or one that decodes each on demand (the compact file's names). */
export interface TextList {
  readonly length: number;
  at(index: number): string | undefined;
}

/** Places as parallel columns (one entry per place), the compact form the index keeps. */
export interface PlaceColumns {
  names: TextList;
  countryCodes: string[];
  /** GeoNames first-level division code within the country; may be empty. */
  adminCodes: string[];
  populations: Uint32Array;
  lons: Float64Array;
  lats: Float64Array;
}

/** The words index of a PlaceIndex as plain arrays, to store and load again without rebuilding it. */
export interface PlaceIndexParts {
  /** Distinct folded words of all names and aliases, sorted. */
  keys: string[];
  offsets: Int32Array;
  postings: Int32Array;
  wordCounts: Uint8Array;
  fuzzy: FuzzyParts;
}

export interface PlaceMatch {
  place: number;
  score: number;
  /** From `near`, km. */
  distanceKm?: number;
  /** A place nearby whose name matched the query's other words ("Noida" for "Noida Sector 18"). */
  within?: number;
}

/** The driver's country and first-level division (GeoNames admin1 code), whose places rank first. */
export interface PlacePreference {
  countryCode: string;
  adminCode?: string;
}

/** Words of a query a place search uses (words of one letter are skipped first). */
const PLACE_MAX_TERMS = 4;
/** How much a word typed as the start of a longer one counts, at most (a whole word counts 1). */
const PREFIX_QUALITY = 0.8;
const FUZZY_QUALITY = [1, 0.6, 0.4];
/** A query that is the place's whole name (all words, nothing more) counts this much more. */
const WHOLE_NAME_BONUS = 1.5;
/** How fast nearness to `near` outweighs a match: a place 300 km away counts half as much as one here. */
const NEAR_HALF_SCORE_KM = 300;
/** Places in the driver's country count this much more; in the driver's division, REGION_BOOST more again. */
export const COUNTRY_BOOST = 3;
export const REGION_BOOST = 1.5;
/**
 * A word of the query a place's name lacks still counts (CONTEXT_QUALITY × its match) when a place within
 * CONTEXT_KM and more populous is called that: "Noida Sector 18" finds the locality "Sector" in Noida. Only the
 * CONTEXT_ANCHORS most populous places a word names are tried as the surrounding place.
 */
const CONTEXT_KM = 25;
const CONTEXT_QUALITY = 0.9;
const CONTEXT_ANCHORS = 20;
/** Degrees of latitude per km, for the cheap box test before the context distance. */
const DEG_PER_KM = 1 / 111.2;

/** Weight of a place's population: 1 for an empty place, ~2.5 for a town of 1,000, ~4.5 for 12 million. */
const populationWeight = (population: number) => 1 + Math.log10(1 + population) / 2;

/** First position in sorted `keys` whose key is not less than `word`. */
function lowerBound(keys: readonly string[], word: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Place-name search over a gazetteer (~168,000 places): accent- and case-insensitive, whole words, word
 * starts (3+ letters) and typos (1 edit from 4 letters, 2 from 8), plus the aliases in PLACE_ALIASES.
 * Ranked by how much of the query matched, whole-name matches first, weighted by population and, with
 * `near`, by nearness. Words are kept once, in sorted arrays, to stay within a few tens of MB.
 */
export class PlaceIndex {
  readonly size: number;
  readonly columns: PlaceColumns;
  /** Distinct folded words of all names and aliases, sorted; `postings[offsets[k]…offsets[k+1]]` hold them. */
  private readonly keys: string[];
  private readonly offsets: Int32Array;
  private readonly postings: Int32Array;
  private readonly wordCounts: Uint8Array;
  private readonly fuzzy: FuzzyKeys;
  private spatial?: NearestIndex;

  /**
   * Indexes the names of `columns` and `aliases`; or, with `parts` (what `parts()` gave for the same columns
   * and aliases), takes that index as it is.
   */
  constructor(columns: PlaceColumns, aliases = PLACE_ALIASES, parts?: PlaceIndexParts) {
    this.columns = columns;
    this.size = columns.names.length;
    if (parts) {
      ({
        keys: this.keys,
        offsets: this.offsets,
        postings: this.postings,
        wordCounts: this.wordCounts,
      } = parts);
      this.fuzzy = new FuzzyKeys(this.keys, parts.fuzzy);
      return;
    }
    // Word ids in first-seen order and (word, place) pairs in typed arrays: a JS array per word would cost
    // tens of MB for a moment over a few hundred thousand places.
    const wordIds = new Map<string, number>();
    const idOf = (word: string) => {
      let id = wordIds.get(word);
      if (id === undefined) {
        id = wordIds.size;
        wordIds.set(word, id);
      }
      return id;
    };
    const pairs = new PairCollector();
    this.wordCounts = new Uint8Array(this.size);
    const aliasTargets = new Map(aliases.map((a) => [`${foldText(a.name)}|${a.countryCode}`, -1]));
    const aliasFirstWords = new Set(aliases.map((a) => foldedWords(a.name)[0]));
    for (let i = 0; i < this.size; i++) {
      const words = [...new Set(foldedWords(columns.names.at(i)!))];
      this.wordCounts[i] = Math.min(255, words.length);
      for (const w of words) pairs.add(idOf(w), i);
      if (!aliasFirstWords.has(words[0])) continue;
      const target = `${words.join(' ')}|${columns.countryCodes[i]}`;
      const known = aliasTargets.get(target);
      if (known !== undefined && (known < 0 || columns.populations[i]! > columns.populations[known]!)) {
        aliasTargets.set(target, i);
      }
    }
    for (const a of aliases) {
      const place = aliasTargets.get(`${foldText(a.name)}|${a.countryCode}`) ?? -1;
      if (place >= 0) pairs.add(idOf(a.alias), place);
    }
    const unsorted = [...wordIds.keys()];
    const order = unsorted.map((_, id) => id).sort((a, b) => (unsorted[a]! < unsorted[b]! ? -1 : 1));
    const position = new Int32Array(order.length);
    order.forEach((id, at) => {
      position[id] = at;
    });
    this.keys = order.map((id) => unsorted[id]!);
    ({ offsets: this.offsets, postings: this.postings } = pairs.pack(this.keys.length, position));
    this.fuzzy = new FuzzyKeys(this.keys);
  }

  /** The words index, for `new PlaceIndex(columns, aliases, parts)` to take again. */
  parts(): PlaceIndexParts {
    return {
      keys: this.keys,
      offsets: this.offsets,
      postings: this.postings,
      wordCounts: this.wordCounts,
      fuzzy: this.fuzzy.parts(),
    };
  }

  /** Nearest place to (lon, lat) within `maxKm`, or null; the spatial index is built on first use. */
  nearestPlace(lon: number, lat: number, maxKm: number): { place: number; distanceKm: number } | null {
    this.spatial ??= new NearestIndex(this.columns.lons, this.columns.lats);
    const hit = this.spatial.nearest(lon, lat, 1, maxKm)[0];
    return hit ? { place: hit.index, distanceKm: hit.distanceKm } : null;
  }

  /** Place i's stored fields. */
  place(i: number) {
    const c = this.columns;
    return {
      name: c.names.at(i)!,
      adminCode: c.adminCodes[i]!,
      countryCode: c.countryCodes[i]!,
      lon: c.lons[i]!,
      lat: c.lats[i]!,
      population: c.populations[i]!,
    };
  }

  /** The country and division of the place nearest to (lon, lat), within 50 km; null out at sea or far off. */
  preferenceAt(lon: number, lat: number): PlacePreference | null {
    const hit = this.nearestPlace(lon, lat, 50);
    if (!hit) return null;
    const { countryCode, adminCode } = this.place(hit.place);
    return adminCode ? { countryCode, adminCode } : { countryCode };
  }

  /**
   * Places matching `query`, best first; with `near` ([lon, lat]), nearer ones rank higher; places in
   * `prefer`'s country (and division) rank higher still (COUNTRY_BOOST, REGION_BOOST), unless a word
   * reached them only through a typo.
   */
  search(
    query: string,
    options: { limit: number; near?: { lon: number; lat: number }; prefer?: PlacePreference | null },
  ): PlaceMatch[] {
    // Place names rarely have more than four words; each word searched costs up to a few milliseconds.
    const terms = queryTerms(query)
      .filter((t) => t.length >= 2)
      .slice(0, PLACE_MAX_TERMS);
    if (terms.length === 0 || options.limit <= 0) return [];
    const sums = new Map<number, number>();
    const wholeWords = new Map<number, number>();
    // Places a word reached only through a typo: the driver's country does not lift them over an exact
    // match elsewhere ("bari" from a US browser is still Bari, Italy, not Diamond Bar).
    const typos = new Set<number>();
    const perTerm = terms.map((term) => this.matchTerm(term, typos));
    for (const found of perTerm) {
      for (const [place, quality] of found) {
        sums.set(place, (sums.get(place) ?? 0) + quality);
        if (quality === 1) wholeWords.set(place, (wholeWords.get(place) ?? 0) + 1);
      }
    }
    const anchors = terms.length > 1 ? perTerm.map((found) => this.anchorsOf(found)) : [];
    const { near, prefer } = options;
    const c = this.columns;
    const matches: PlaceMatch[] = [];
    for (const [place, ownSum] of sums) {
      let sum = ownSum;
      let within: number | undefined;
      for (let t = 0; t < anchors.length; t++) {
        if (perTerm[t]!.has(place)) continue;
        const around = this.around(place, anchors[t]!);
        if (!around) continue;
        sum += CONTEXT_QUALITY * around.quality;
        within ??= around.place;
      }
      const wholeName = wholeWords.get(place) === terms.length && this.wordCounts[place] === terms.length;
      let score = (sum / terms.length) * (wholeName ? WHOLE_NAME_BONUS : 1);
      score *= populationWeight(c.populations[place]!);
      if (prefer && c.countryCodes[place] === prefer.countryCode && !typos.has(place)) {
        score *= COUNTRY_BOOST;
        if (prefer.adminCode && c.adminCodes[place] === prefer.adminCode) score *= REGION_BOOST;
      }
      const match: PlaceMatch = { place, score };
      if (within !== undefined) match.within = within;
      if (near) {
        const d = distanceKm(near.lon, near.lat, c.lons[place]!, c.lats[place]!);
        match.score = score / (1 + d / NEAR_HALF_SCORE_KM);
        match.distanceKm = d;
      }
      matches.push(match);
    }
    const pop = this.columns.populations;
    matches.sort((a, b) => b.score - a.score || pop[b.place]! - pop[a.place]! || a.place - b.place);
    return matches.slice(0, options.limit);
  }

  /** The most populous places a word matched as a whole word or a word start, as surrounding places. */
  private anchorsOf(found: Map<number, number>): { place: number; quality: number }[] {
    const pop = this.columns.populations;
    return [...found]
      .filter(([, quality]) => quality >= PREFIX_QUALITY * 0.5)
      .sort((a, b) => pop[b[0]]! - pop[a[0]]! || a[0] - b[0])
      .slice(0, CONTEXT_ANCHORS)
      .map(([place, quality]) => ({ place, quality }));
  }

  /** The best (then nearest) of `anchors` more populous than `place` and within CONTEXT_KM of it, or null. */
  private around(place: number, anchors: readonly { place: number; quality: number }[]) {
    const c = this.columns;
    const lon = c.lons[place]!;
    const lat = c.lats[place]!;
    const dLat = CONTEXT_KM * DEG_PER_KM;
    const dLon = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    const population = c.populations[place]!;
    let best: { place: number; quality: number } | null = null;
    let bestKm = Number.POSITIVE_INFINITY;
    for (const a of anchors) {
      // A locality lies within a larger town, not the other way round.
      if (c.populations[a.place]! <= population || (best && best.quality > a.quality)) continue;
      const aLon = c.lons[a.place]!;
      const aLat = c.lats[a.place]!;
      // Longitudes are compared the short way round: 179.9° E and 179.9° W are 0.2° apart.
      const gap = Math.abs(aLon - lon);
      if (Math.abs(aLat - lat) > dLat || Math.min(gap, 360 - gap) > dLon) continue;
      const km = distanceKm(lon, lat, aLon, aLat);
      // The best match of the word, and of equal ones the nearest ("Noida" before "Greater Noida").
      if (km <= CONTEXT_KM && (!best || a.quality > best.quality || km < bestKm)) {
        best = a;
        bestKm = km;
      }
    }
    return best;
  }

  /** Each place one word of the query matches, with the quality of its best match (1 = a whole word). */
  private matchTerm(term: string, typos?: Set<number>): Map<number, number> {
    const found = new Map<number, number>();
    const typoOnly = new Set<number>();
    const add = (key: number, quality: number, typo = false) => {
      for (let p = this.offsets[key]!; p < this.offsets[key + 1]!; p++) {
        const place = this.postings[p]!;
        if (quality > (found.get(place) ?? 0)) {
          found.set(place, quality);
          if (typo) typoOnly.add(place);
          else typoOnly.delete(place);
        }
      }
    };
    const first = lowerBound(this.keys, term);
    if (this.keys[first] === term) add(first, 1);
    if (term.length >= MIN_LOOSE_TERM_LENGTH) {
      for (let k = first; k < this.keys.length && this.keys[k]!.startsWith(term); k++) {
        const key = this.keys[k]!;
        if (key !== term) add(k, PREFIX_QUALITY * (0.5 + (0.5 * term.length) / key.length));
      }
    }
    const maxEdits = term.length >= 8 ? 2 : 1;
    // Typos from 4 letters, and only in words varied enough to look up quickly (not "aaaa").
    if (term.length >= MIN_LOOSE_TERM_LENGTH + 1 && FuzzyKeys.selective(term, maxEdits)) {
      for (const { key, edits } of this.fuzzy.near(term, maxEdits)) {
        if (edits > 0) add(key, FUZZY_QUALITY[edits]!, true);
      }
    }
    if (typos) for (const place of typoOnly) typos.add(place);
    return found;
  }
}
