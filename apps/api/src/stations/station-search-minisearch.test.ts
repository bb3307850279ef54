import { foldText } from '@cng/shared';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { MIN_LOOSE_TERM_LENGTH, queryTerms } from '../lib/search-terms';
import { realStations } from '../test-support/real-stations';
import { StationSearch, WORD_SEPARATOR } from './station-search';

/**
 * The MiniSearch configuration StationSearch replaced, with one change since: station text is split
 * into words where queries are split (WORD_SEPARATOR), not at MiniSearch's spaces and punctuation only.
 */
function miniSearchOf(stations: ReturnType<typeof realStations>) {
  const mini = new MiniSearch<{ i: number }>({
    idField: 'i',
    fields: ['name', 'brand', 'operator', 'city', 'region', 'address'],
    tokenize: (text) => text.split(WORD_SEPARATOR),
    processTerm: (term) => {
      const folded = foldText(term);
      return folded.length > 0 ? folded : null;
    },
    searchOptions: {
      boost: { name: 2, city: 1.5, brand: 1.2 },
      prefix: (term) => term.length >= MIN_LOOSE_TERM_LENGTH,
      fuzzy: (term) => (term.length >= MIN_LOOSE_TERM_LENGTH ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  mini.addAll(stations.map((s, i) => ({ ...s, i })));
  return (q: string) =>
    mini.search(queryTerms(q).join(' ')).map((r) => ({ index: r.id as number, score: r.score }));
}

describe('StationSearch scores as MiniSearch did', () => {
  const stations = realStations();
  const search = new StationSearch(stations);
  const mini = miniSearchOf(stations);
  const queries = [
    'pune',
    'mumbai cng',
    'pontedra',
    'forli',
    'mngl',
    'igl',
    'FC',
    'mi',
    'via roma',
    'agip eni milano mi via roma',
    'Mahanagar Gas',
    'gail gas',
    'indraprasta',
    'sta',
    'bharat petroleum nagpur',
    'qqxzvj',
    '123',
    'strada statale',
  ];

  it.each(queries)('"%s": the same stations with the same scores', (q) => {
    const ours = search.search(q);
    const theirs = mini(q);
    expect(ours.map((m) => m.index).sort((a, b) => a - b)).toEqual(
      theirs.map((m) => m.index).sort((a, b) => a - b),
    );
    const score = new Map(theirs.map((m) => [m.index, m.score]));
    for (const m of ours) expect(m.score).toBeCloseTo(score.get(m.index)!, 9);
    // Best first, in the same order up to ties.
    for (let i = 1; i < ours.length; i++) expect(ours[i]!.score).toBeLessThanOrEqual(ours[i - 1]!.score);
  });
});
