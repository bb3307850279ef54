import type { Station } from '@cng/shared';
import MiniSearch from 'minisearch';

/** Lower-cases and strips accents so "Forlì", "FORLI" and "forli" are one term. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

type SearchDoc = { i: number } & Pick<Station, 'name' | 'brand' | 'operator' | 'city' | 'address'>;

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
      fields: ['name', 'brand', 'operator', 'city', 'address'],
      processTerm: (term) => {
        const folded = foldText(term);
        return folded.length > 0 ? folded : null;
      },
      searchOptions: {
        boost: { name: 2, city: 1.5, brand: 1.2 },
        prefix: true,
        // One typo per ~5 letters, as people type place names on a phone.
        fuzzy: 0.2,
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
        address: s.address,
      })),
    );
  }

  /** Every match for `query`, best first (station positions and MiniSearch scores). */
  search(query: string): SearchMatch[] {
    return this.mini.search(query).map((r) => ({ index: r.id as number, score: r.score }));
  }
}
