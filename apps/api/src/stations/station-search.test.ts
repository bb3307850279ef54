import { foldText } from '@cng/shared';
import { describe, expect, it } from 'vitest';
import { foldedWords, queryTerms } from '../lib/search-terms';
import { realStations } from '../test-support/real-stations';
import { StationSearch } from './station-search';

describe('StationSearch on the real stations', () => {
  const stations = realStations();
  const search = new StationSearch(stations);
  const cityOf = (i: number) => foldText(stations[i]!.city ?? '');
  const inCity = (city: string) => stations.filter((s) => foldText(s.city ?? '') === city).length;

  it('finds every station of a town typed without its accent', () => {
    // MONDOVÌ and PATERNÒ in the MIMIT registry, typed the way a phone keyboard makes it easy.
    for (const town of ['mondovi', 'paterno', 'forli']) {
      const hits = search.search(town).filter((h) => cityOf(h.index) === town);
      expect(inCity(town)).toBeGreaterThan(0);
      expect(hits).toHaveLength(inCity(town));
    }
  });

  it('tolerates a typo and ranks the intended town first', () => {
    const hits = search.search('pontedra');
    expect(inCity('pontedera')).toBeGreaterThanOrEqual(5);
    const top = hits.slice(0, inCity('pontedera')).map((h) => cityOf(h.index));
    expect(top.every((c) => c === 'pontedera')).toBe(true);
  });

  it('matches names and brands by prefix', () => {
    const hits = new Set(search.search('mngl').map((h) => h.index));
    const text = (i: number) => [stations[i]!.name, stations[i]!.brand, stations[i]!.operator].join(' ');
    const wordPrefix = stations.map((_, i) => i).filter((i) => /(^|[^a-z])mngl/i.test(text(i)));
    expect(wordPrefix.length).toBeGreaterThan(5);
    for (const i of wordPrefix) expect(hits.has(i), text(i)).toBe(true);
  });

  const words = (i: number) => {
    const s = stations[i]!;
    return new Set(foldedWords([s.name, s.brand, s.operator, s.city, s.region, s.address].join(' ')));
  };

  it("splits a station's words where a query splits them: at symbols too (KM 67+744, CNG+Petrol)", () => {
    // The index once split only at spaces and punctuation, so "+", "=", "|" and "~" stayed inside its words
    // while the query split at them: "744" or "petrol" found nothing.
    const joined = /[\p{L}\p{N}][+=|~<>^$`][\p{L}\p{N}]/u;
    const withSymbols = stations
      .map((_, i) => i)
      .filter((i) => joined.test([stations[i]!.name, stations[i]!.address].join(' ')));
    expect(withSymbols.length).toBeGreaterThan(20);
    for (const i of withSymbols.slice(0, 40)) {
      const text = [stations[i]!.name, stations[i]!.address].join(' ');
      const after = foldedWords(text.slice(text.search(joined) + 2))[0]!;
      const hits = search.search(after).map((h) => h.index);
      expect(hits, `${after} in ${text}`).toContain(i);
    }
    const small = new StationSearch([
      {
        name: 'Shree CNG+Petrol Pump',
        brand: null,
        operator: null,
        city: 'Pune',
        region: null,
        address: null,
      },
      { name: 'A=B Station', brand: null, operator: null, city: null, region: null, address: null },
    ]);
    expect(small.search('petrol').map((h) => h.index)).toEqual([0]);
    expect(small.search('A=B').map((h) => h.index)).toEqual([1]);
  });

  it('finds stations by their region (the province code in the MIMIT registry)', () => {
    const hits = new Set(search.search('FC').map((h) => h.index));
    const inFc = stations.map((_, i) => i).filter((i) => stations[i]!.region === 'FC');
    expect(inFc.length).toBeGreaterThan(3);
    for (const i of inFc) expect(hits.has(i), stations[i]!.name).toBe(true);
  });

  it('matches a word of one or two letters whole, never as the start of a longer word or with a typo', () => {
    const hits = search.search('mi');
    expect(hits.length).toBeGreaterThan(5);
    for (const h of hits) expect(words(h.index).has('mi'), stations[h.index]!.name).toBe(true);
  });

  it('uses only the first six distinct words of a query', () => {
    expect(queryTerms('a b c d e f g h i j k l m n o p q r s t u v w x y')).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
    expect(queryTerms('Forlì FORLI forli, Cesena')).toEqual(['forli', 'cesena']);
    const long = search.search('agip eni milano mi via roma viale monza corso');
    expect(long).toEqual(search.search('agip eni milano mi via roma'));
  });

  it('finds nothing for gibberish', () => {
    expect(search.search('qqxzvj')).toEqual([]);
  });

  it('folds case and accents', () => {
    expect(foldText('CANTÙ Forlì')).toBe('cantu forli');
  });
});
