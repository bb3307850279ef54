import { foldText, STATION_API_LIMITS } from '@cng/shared';

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
