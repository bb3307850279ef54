import { type Price, priceAge, type StationSummary } from '@cng/shared/client';
import { t } from '../../i18n/i18n';
import { formatCurrency, formatDay } from '../../lib/formatters';

/**
 * "€1.65/kg · 21 Aug 2026" ("€1.65/kg · 21 Aug" when `short`, for list rows), or null when there is no
 * price we can state as fact.
 */
export function priceText(price: Price | null, { short = false }: { short?: boolean } = {}): string | null {
  if (!price || price.outlier) return null;
  // Fuel prices are published to the tenth of a cent (€1.699/kg) and drivers compare that digit.
  const amount = formatCurrency(price.amount, price.currency);
  return t('finder.price.perKg', { amount, date: formatDay(new Date(price.publishedAt), { short }) });
}

/** "3 months old"-style words for a price's age in days. */
export function ageText(days: number): string {
  if (days < 14) return t('finder.price.daysOld', { count: days });
  if (days < 60) return t('finder.price.weeksOld', { count: Math.floor(days / 7) });
  if (days < 730) return t('finder.price.monthsOld', { count: Math.floor(days / 30) });
  return t('finder.price.yearsOld', { count: Math.floor(days / 365) });
}

/**
 * A warning for a price older than PRICE_STALE_AFTER_DAYS ("Price 3 months old: it may have changed"), or
 * null for a recent price, an outlier (not shown) or none.
 */
export function PriceAgeWarning({
  price,
  nowMs,
  short = false,
}: {
  price: Price | null;
  nowMs: number;
  short?: boolean;
}) {
  if (!price || price.outlier) return null;
  const { days, stale } = priceAge(price, nowMs);
  if (!stale) return null;
  return (
    <span className="price-age price-age--stale" data-testid="price-age-warning" data-days={days}>
      {short ? (
        // List rows stay compact: the row already shows the price's date; the mark says it is old.
        <>
          {' '}
          <span aria-hidden="true">⚠</span>
          <span className="visually-hidden">{t('finder.price.ageShort', { age: ageText(days) })}</span>
        </>
      ) : (
        t('finder.price.ageWarning', { age: ageText(days) })
      )}
    </span>
  );
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
    return (
      <span className="open-now open-now--open">
        {t(station.cng.open24x7 ? 'finder.open.allDay' : 'finder.open.now')}
      </span>
    );
  if (station.openNow === false)
    return <span className="open-now open-now--closed">{t('finder.open.closed')}</span>;
  if (hideUnknown) return null;
  return <span className="open-now open-now--unknown">{t('finder.open.unknown')}</span>;
}
