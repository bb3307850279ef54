import type { Coverage } from '@cng/shared/client';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { intlLocale, t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';
import { unitFormat } from '../../lib/format';
import { formatInteger } from '../../lib/formatters';
import { officialDate, supplierNames } from './coverage-words';
import './coverage.css';

/** Names, sources and figures from the data stay as the data spells them (and out of translation tools). */
const TAGS = { data: (children: ReactNode) => <span translate="no">{children}</span> };

/**
 * How complete our list is here, in one sentence: the known and official counts of the area judged, or the few
 * stations known around a big city, or none within reach.
 */
function coverageSentence(coverage: Coverage): ReactNode {
  const { area } = coverage;
  if (coverage.level === 'none')
    return t('finder.coverage.noneNearby', {
      distance: unitFormat(intlLocale(), 'kilometer', 0).format(coverage.nearbyKm),
    });
  if (area?.official)
    return tRich(
      'finder.coverage.share',
      {
        known: formatInteger(area.known),
        official: formatInteger(area.official.count),
        area: area.name,
        source: area.official.source,
        date: officialDate(area.official.asOf),
      },
      TAGS,
    );
  if (coverage.bigCity)
    return tRich(
      'finder.coverage.sparseCity',
      { count: coverage.bigCity.knownWithinKm, city: coverage.bigCity.name },
      TAGS,
    );
  return t('finder.coverage.fewKnown', { count: coverage.knownNearby });
}

/**
 * The finder's word on how far to trust its answer, where our list is known to be incomplete (any level but
 * `good`, ADR 0030): what we know against the official count, who runs the CNG network here, that a closer
 * station may exist, and the way to add one. Official counts are as of their date, so the notice says they
 * are lower bounds.
 */
export function CoverageNotice({ coverage, onAddStation }: { coverage: Coverage; onAddStation: () => void }) {
  if (coverage.level === 'good') return null;
  return (
    <div className={`coverage-notice coverage-notice--${coverage.level}`} data-coverage={coverage.level}>
      <p className="coverage-notice__text">
        {coverageSentence(coverage)}{' '}
        {coverage.suppliers.length > 0 &&
          tRich(
            'finder.coverage.suppliers',
            { count: coverage.suppliers.length, suppliers: supplierNames(coverage) },
            TAGS,
          )}{' '}
        {t('finder.coverage.closer')}
      </p>
      {coverage.area?.official && <p className="coverage-notice__note">{t('finder.coverage.lowerBound')}</p>}
      <p className="coverage-notice__actions">
        <button type="button" className="button coverage-notice__add" onClick={onAddStation}>
          {t('finder.coverage.add')}
        </button>{' '}
        <Link to="/coverage" className="coverage-notice__more">
          {t('finder.coverage.more')}
        </Link>
      </p>
    </div>
  );
}
