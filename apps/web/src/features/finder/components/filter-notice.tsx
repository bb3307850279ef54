import { cardinalOf, formatDistance, type NearestStation } from '@cng/shared';
import { shownName } from '../../../lib/station-name';
import { type FinderFilters, filtersSummary } from '../utils/finder-filters';
import './filter-notice.css';

/**
 * Inside the panel, while a filter is on: which filter, a way to clear it, and the nearest station of any
 * kind with its distance, so a filter can never hide a station 1 km away behind one 120 km away.
 */
export function FilterNotice({
  filters,
  anyNearest,
  onClear,
  onSelect,
}: {
  filters: FinderFilters;
  /** The nearest station with no filter, recomputed for this fix; null while unknown. */
  anyNearest: NearestStation | null;
  onClear: () => void;
  onSelect: (station: NearestStation) => void;
}) {
  const summary = filtersSummary(filters);
  if (!summary) return null;
  return (
    <div className="filter-notice" data-testid="hud-filter">
      <p>
        <span className="filter-notice__what">Filter: {summary}</span>{' '}
        <button type="button" className="filter-notice__clear" onClick={onClear}>
          Clear filters
        </button>
      </p>
      {anyNearest && (
        <p data-testid="hud-any-nearest" data-station-id={anyNearest.id}>
          Nearest station of any kind:{' '}
          <button type="button" className="filter-notice__station" onClick={() => onSelect(anyNearest)}>
            {shownName(anyNearest)}
          </button>
          ,{' '}
          <span data-testid="hud-any-nearest-distance" data-distance-km={anyNearest.distanceKm.toFixed(4)}>
            {formatDistance(anyNearest.distanceKm)}
          </span>{' '}
          {cardinalOf(anyNearest.bearingDeg)}
        </p>
      )}
    </div>
  );
}
