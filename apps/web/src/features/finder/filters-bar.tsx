import { memo, useEffect, useState } from 'react';
import { t } from '../../i18n/i18n';
import type { FinderFilters } from './finder-filters';

/**
 * Open now, gas reported available, operator/brand; `brands` feeds the operator suggestions. `hoursKnown`
 * false (no listed station publishes opening hours) disables "Open now" and says why, instead of letting it
 * empty the list; the driver's choice stays remembered for places where it applies.
 */
export const FiltersBar = memo(function FiltersBar({
  filters,
  brands,
  hoursKnown,
  onChange,
}: {
  filters: FinderFilters;
  brands: string[];
  hoursKnown: boolean | null;
  onChange: (f: FinderFilters) => void;
}) {
  const noHours = hoursKnown === false;
  const [operator, setOperator] = useState(filters.operator);
  // "Clear filters" (or any change from outside) replaces what was typed; otherwise the debounce below
  // would send the old text straight back.
  const [seenOperator, setSeenOperator] = useState(filters.operator);
  if (filters.operator !== seenOperator) {
    setSeenOperator(filters.operator);
    setOperator(filters.operator);
  }
  // Debounce typing so each keystroke is not a request.
  useEffect(() => {
    if (operator === filters.operator) return;
    const timer = setTimeout(() => onChange({ ...filters, operator }), 400);
    return () => clearTimeout(timer);
  }, [operator, filters, onChange]);
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t('finder.filters.legend')}</legend>
      <label className={`filters__toggle${noHours ? ' is-unavailable' : ''}`}>
        <input
          type="checkbox"
          checked={filters.openNow && !noHours}
          disabled={noHours}
          aria-describedby={noHours ? 'filters-open-now-note' : undefined}
          onChange={(e) => onChange({ ...filters, openNow: e.target.checked })}
        />
        {t('finder.filters.openNow')}
      </label>
      <label className="filters__toggle">
        <input
          type="checkbox"
          checked={filters.availableOnly}
          onChange={(e) => onChange({ ...filters, availableOnly: e.target.checked })}
        />
        {t('finder.filters.available')}
      </label>
      <label className="filters__operator">
        <span>{t('finder.filters.operator')}</span>
        <input
          type="search"
          list="finder-brands"
          value={operator}
          maxLength={80}
          placeholder={t('finder.filters.operatorExample')}
          onChange={(e) => setOperator(e.target.value)}
        />
        <datalist id="finder-brands">
          {brands.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
      </label>
      {noHours && (
        <p className="filters__note" id="filters-open-now-note" data-testid="open-now-note">
          {t(filters.openNow ? 'finder.filters.noHoursKept' : 'finder.filters.noHours')}
        </p>
      )}
    </fieldset>
  );
});
