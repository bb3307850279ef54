import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test-support/random';
import { editDistance, FuzzyKeys } from './fuzzy-keys';

/** Oracle: the textbook dynamic programme (Levenshtein plus swaps of neighbours), no shortcuts. */
function oracleDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

const randomWord = (rand: () => number, alphabet: string, min: number, max: number) =>
  Array.from(
    { length: min + Math.floor(rand() * (max - min + 1)) },
    () => alphabet[Math.floor(rand() * alphabet.length)],
  ).join('');

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours', () => {
    expect(editDistance('mumbai', 'mumbai', 2)).toBe(0);
    expect(editDistance('mumbi', 'mumbai', 2)).toBe(1);
    expect(editDistance('mubmai', 'mumbai', 2)).toBe(1);
    expect(editDistance('bengaluru', 'bengalooru', 2)).toBe(2);
    expect(editDistance('forli', 'forlimpopoli', 2)).toBe(3);
  });

  it('agrees with the textbook algorithm up to its cut-off, on 3,000 random pairs', () => {
    const rand = seededRandom(11);
    for (let n = 0; n < 3000; n++) {
      const a = randomWord(rand, 'abcde', 0, 9);
      const b =
        rand() < 0.5
          ? randomWord(rand, 'abcde', 0, 9)
          : `${a.slice(0, Math.floor(rand() * a.length))}e${a.slice(1)}`;
      const max = Math.floor(rand() * 3);
      expect(editDistance(a, b, max), `${a} ${b} ${max}`).toBe(Math.min(oracleDistance(a, b), max + 1));
    }
  });
});

describe('FuzzyKeys', () => {
  it('finds exactly the keys a scan of every key finds, for 300 random words', () => {
    const rand = seededRandom(12);
    const keys = [...new Set(Array.from({ length: 5000 }, () => randomWord(rand, 'abcdefgh', 3, 10)))];
    const fuzzy = new FuzzyKeys(keys);
    for (let n = 0; n < 300; n++) {
      const base = keys[Math.floor(rand() * keys.length)]!;
      // Half the words are a key with a typo or two, half are anything.
      const word =
        n % 2 ? randomWord(rand, 'abcdefgh', 3, 10) : base.replace(base[1]!, 'h') + (n % 3 ? '' : 'a');
      const maxEdits = 1 + (n % 2);
      const got = fuzzy
        .near(word, maxEdits)
        .map((h) => `${keys[h.key]}:${h.edits}`)
        .sort();
      const want = keys
        .map((k) => `${k}:${oracleDistance(word, k)}`)
        .filter((e) => Number(e.split(':')[1]) <= maxEdits)
        .sort();
      expect(got, word).toEqual(want);
    }
  });

  it('finds nothing in an empty index and a word with no bigram in common', () => {
    expect(new FuzzyKeys([]).near('milan', 1)).toEqual([]);
    expect(new FuzzyKeys(['milan', 'rome']).near('xyzq', 1)).toEqual([]);
  });
});
