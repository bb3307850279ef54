import type { Price, StationSummary } from '@cng/shared';
import { formatCurrency, formatDay } from '../../../lib/formatters';

/**
 * "€1.65/kg · 21 Aug 2026" ("€1.65/kg · 21 Aug" when `short`, for list rows), or null when there is no
 * price we can state as fact.
 */
export function priceText(price: Price | null, { short = false }: { short?: boolean } = {}): string | null {
  if (!price || price.outlier) return null;
  // Fuel prices are published to the tenth of a cent (€1.699/kg) and drivers compare that digit.
  const amount = formatCurrency(price.amount, price.currency);
  return `${amount}/kg · ${formatDay(new Date(price.publishedAt), { short })}`;
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
