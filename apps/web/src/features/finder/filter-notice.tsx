import type { NearestStation } from '@cng/shared/client';
import { t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';
import { cardinalText } from '../../lib/cardinal';
import { shownName } from '../../lib/station-name';
import { type FinderFilters, filtersSummary } from './finder-filters';
import './filter-notice.css';
import { useFormat } from '../../lib/use-format';

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
  const format = useFormat();
  const summary = filtersSummary(filters);
  if (!summary) return null;
  return (
    <div className="filter-notice" data-testid="hud-filter">
      <p>
        <span className="filter-notice__what">{t('finder.filters.notice', { filters: summary })}</span>{' '}
        <button type="button" className="filter-notice__clear" onClick={onClear}>
          {t('finder.filters.clear')}
        </button>
      </p>
      {anyNearest && (
        <p data-testid="hud-any-nearest" data-station-id={anyNearest.id}>
          {tRich(
            'finder.filters.anyNearest',
            {
              name: shownName(anyNearest),
              distance: format.distance(anyNearest.distanceKm),
              cardinal: cardinalText(anyNearest.bearingDeg),
            },
            {
              station: (children) => (
                <button type="button" className="filter-notice__station" onClick={() => onSelect(anyNearest)}>
                  {children}
                </button>
              ),
              distance: (children) => (
                <span
                  data-testid="hud-any-nearest-distance"
                  data-distance-km={anyNearest.distanceKm.toFixed(4)}
                >
                  {children}
                </span>
              ),
            },
          )}
        </p>
      )}
    </div>
  );
}
