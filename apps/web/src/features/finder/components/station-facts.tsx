import type { Price, StationSummary } from '@cng/shared';

/**
 * "€1.65/kg · 21 Aug 2026" ("€1.65/kg · 21 Aug" when `short`, for list rows), or null when there is no
 * price we can state as fact.
 */
export function priceText(price: Price | null, { short = false }: { short?: boolean } = {}): string | null {
  if (!price || price.outlier) return null;
  // Fuel prices are published to the tenth of a cent (€1.699/kg) and drivers compare that digit.
  const amount = new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency: price.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  }).format(price.amount);
  const date = new Date(price.publishedAt).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(short ? {} : { year: 'numeric' }),
  });
  return `${amount}/kg · ${date}`;
}

/** Open now, closed now, or unknown, in words with a modifier class. */
export function OpenNow({
  station,
  hideUnknown = false,
}: {
  station: Pick<StationSummary, 'openNow' | 'cng'>;
  hideUnknown?: boolean;
}) {
  if (station.openNow === true)
    return <span className="open-now open-now--open">{station.cng.open24x7 ? 'Open 24/7' : 'Open now'}</span>;
  if (station.openNow === false) return <span className="open-now open-now--closed">Closed now</span>;
  if (hideUnknown) return null;
  return <span className="open-now open-now--unknown">Hours unknown</span>;
}
