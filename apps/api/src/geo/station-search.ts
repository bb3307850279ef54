import { foldText, STATION_API_LIMITS, type Station } from '@cng/shared';
import MiniSearch from 'minisearch';

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

type SearchDoc = { i: number } & Pick<Station, 'name' | 'brand' | 'operator' | 'city' | 'region' | 'address'>;

export interface SearchMatch {
  index: number;
  score: number;
}

/** Full-text station search (MiniSearch): typo-tolerant, prefix-matching, accent-insensitive. */
export class StationSearch {
  private readonly mini: MiniSearch<SearchDoc>;

  constructor(stations: readonly Station[]) {
    this.mini = new MiniSearch<SearchDoc>({
      idField: 'i',
      fields: ['name', 'brand', 'operator', 'city', 'region', 'address'],
      processTerm: (term) => {
        const folded = foldText(term);
        return folded.length > 0 ? folded : null;
      },
      searchOptions: {
        boost: { name: 2, city: 1.5, brand: 1.2 },
        prefix: (term) => term.length >= MIN_LOOSE_TERM_LENGTH,
        // One typo per ~5 letters, as people type place names on a phone.
        fuzzy: (term) => (term.length >= MIN_LOOSE_TERM_LENGTH ? 0.2 : false),
        combineWith: 'OR',
      },
    });
    this.mini.addAll(
      stations.map((s, i) => ({
        i,
        name: s.name,
        brand: s.brand,
        operator: s.operator,
        city: s.city,
        region: s.region,
        address: s.address,
      })),
    );
  }

  /** Every match for the first words of `query` (see queryTerms), best first: positions and MiniSearch scores. */
  search(query: string): SearchMatch[] {
    const terms = queryTerms(query);
    if (terms.length === 0) return [];
    return this.mini.search(terms.join(' ')).map((r) => ({ index: r.id as number, score: r.score }));
  }
}
