/**
 * A price is an outlier when the modified z-score of its logarithm (0.6745 · |ln x − median| / MAD) exceeds 7.
 * Logs, because prices are compared by ratio (half and double the median are equally odd); median and MAD,
 * because a handful of typos (1.000 or 4.999 €/kg) cannot move them. 7 rather than the textbook 3.5: real
 * regional spreads (Sicily vs the north) are wide, and only clear mistakes should be flagged.
 */
export const OUTLIER_Z = 7;

const median = (sorted: number[]): number => {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Robust bounds [low, high] for prices of one currency in one run; null when there are too few to judge. */
export function outlierBounds(amounts: number[]): [number, number] | null {
  // Below ~10 prices the median is not a fair reference for what "normal" is.
  if (amounts.length < 10) return null;
  const logs = amounts
    .filter((x) => x > 0)
    .map(Math.log)
    .sort((a, b) => a - b);
  if (logs.length < 10) return null;
  const med = median(logs);
  const mad = median(logs.map((x) => Math.abs(x - med)).sort((a, b) => a - b));
  if (mad === 0) return null;
  const halfWidth = (OUTLIER_Z * mad) / 0.6745;
  return [Math.exp(med - halfWidth), Math.exp(med + halfWidth)];
}

/** Marks `outlier` on every price outside the robust bounds of its currency; returns how many were flagged. */
export function flagPriceOutliers(prices: { amount: number; currency: string; outlier: boolean }[]): number {
  const byCurrency = new Map<string, typeof prices>();
  for (const p of prices) {
    const list = byCurrency.get(p.currency);
    if (list) list.push(p);
    else byCurrency.set(p.currency, [p]);
  }
  let flagged = 0;
  for (const list of byCurrency.values()) {
    const bounds = outlierBounds(list.map((p) => p.amount));
    for (const p of list) {
      p.outlier = p.amount <= 0 || (bounds !== null && (p.amount < bounds[0] || p.amount > bounds[1]));
      if (p.outlier) flagged++;
    }
  }
  return flagged;
}
