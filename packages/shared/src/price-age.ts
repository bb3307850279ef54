import type { Price } from './station';

/**
 * A price published more than this many days ago is shown with a warning about its age. Italy's MIMIT
 * publishes every station's prices daily (a station must report each change), so a week-old price is one
 * that station stopped reporting; India's operator prices change a few times a year but the same rule
 * keeps a driver from trusting a figure nobody has confirmed recently.
 */
export const PRICE_STALE_AFTER_DAYS = 7;

/** Whole days from `publishedAt` to `nowMs` (0 for a price from the future), and whether that is stale. */
export function priceAge(price: Pick<Price, 'publishedAt'>, nowMs: number): { days: number; stale: boolean } {
  const days = Math.max(0, Math.floor((nowMs - Date.parse(price.publishedAt)) / 86_400_000));
  return { days, stale: days > PRICE_STALE_AFTER_DAYS };
}
