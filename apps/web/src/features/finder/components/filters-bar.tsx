import { useEffect, useState } from 'react';
import type { FinderFilters } from '../utils/finder-filters';

/** Open now, gas reported available, operator/brand; `brands` feeds the operator suggestions. */
export function FiltersBar({
  filters,
  brands,
  onChange,
}: {
  filters: FinderFilters;
  brands: string[];
  onChange: (f: FinderFilters) => void;
}) {
  const [operator, setOperator] = useState(filters.operator);
  // Debounce typing so each keystroke is not a request.
  useEffect(() => {
    if (operator === filters.operator) return;
    const t = setTimeout(() => onChange({ ...filters, operator }), 400);
    return () => clearTimeout(t);
  }, [operator, filters, onChange]);
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">Filters</legend>
      <label className="filters__toggle">
        <input
          type="checkbox"
          checked={filters.openNow}
          onChange={(e) => onChange({ ...filters, openNow: e.target.checked })}
        />
        Open now
      </label>
      <label className="filters__toggle">
        <input
          type="checkbox"
          checked={filters.availableOnly}
          onChange={(e) => onChange({ ...filters, availableOnly: e.target.checked })}
        />
        Gas reported available
      </label>
      <label className="filters__operator">
        <span>Operator or brand</span>
        <input
          type="search"
          list="finder-brands"
          value={operator}
          maxLength={80}
          placeholder="e.g. IGL, Eni"
          onChange={(e) => setOperator(e.target.value)}
        />
        <datalist id="finder-brands">
          {brands.map((b) => (
            <option key={b} value={b} />
          ))}
        </datalist>
      </label>
    </fieldset>
  );
}
