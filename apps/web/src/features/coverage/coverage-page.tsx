import type { CoverageArea } from '@cng/shared/client';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { type MessageId, t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';
import { apiGet } from '../../lib/api-client';
import { formatInteger } from '../../lib/formatters';
import { queryClient } from '../../lib/query-client';
import { LEVEL_WORDS, officialDate, supplierNames } from './coverage-words';
import './coverage.css';

// Leaflet loads on this page only, after the table.
const CoverageMap = lazy(() => import('./coverage-map'));

const KIND_WORDS: Record<CoverageArea['kind'], MessageId> = {
  country: 'coverage.kind.country',
  state: 'coverage.kind.state',
  city: 'coverage.kind.city',
};

function AreaRow({ area }: { area: CoverageArea }) {
  return (
    <tr data-area={area.name} data-level={area.level ?? 'unknown'}>
      <th scope="row">
        <span translate="no">{area.name}</span> <small>{t(KIND_WORDS[area.kind])}</small>
      </th>
      <td>{formatInteger(area.known)}</td>
      <td>{area.official ? formatInteger(area.official.count) : '–'}</td>
      <td>{area.official ? officialDate(area.official.asOf) : '–'}</td>
      <td translate="no">{area.official?.source ?? '–'}</td>
      <td translate="no">{area.suppliers.length ? supplierNames(area) : '–'}</td>
      <td>
        <span className={`coverage-level coverage-level--${area.level ?? 'unknown'}`}>
          {area.level ? t(LEVEL_WORDS[area.level]) : t('coverage.level.unknown')}
        </span>
      </td>
    </tr>
  );
}

/** The census from the running server (GET /api/coverage): countries, states, then listed cities. */
function CoverageTable() {
  const census = useQuery({
    queryKey: ['coverage'],
    queryFn: ({ signal }) => apiGet<{ areas: CoverageArea[]; builtAt: string }>('/api/coverage', { signal }),
  });
  if (census.isPending) return <p className="finder-message">{t('coverage.loading')}</p>;
  if (census.error)
    return (
      <p className="finder-message finder-message--warn" role="alert">
        {t('coverage.failed', { error: census.error.message })}
      </p>
    );
  const { areas } = census.data;
  return (
    <>
      {/* Scrolls sideways on a phone. */}
      <section
        className="coverage-table__scroll"
        aria-labelledby="coverage-caption"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so a keyboard can scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
      >
        <table className="coverage-table" data-testid="coverage-table">
          <caption id="coverage-caption">{t('coverage.table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('coverage.col.area')}</th>
              <th scope="col">{t('coverage.col.known')}</th>
              <th scope="col">{t('coverage.col.official')}</th>
              <th scope="col">{t('coverage.col.date')}</th>
              <th scope="col">{t('coverage.col.source')}</th>
              <th scope="col">{t('coverage.col.suppliers')}</th>
              <th scope="col">{t('coverage.col.level')}</th>
            </tr>
          </thead>
          <tbody>
            {areas.map((area) => (
              <AreaRow key={`${area.kind}:${area.name}`} area={area} />
            ))}
          </tbody>
        </table>
      </section>
      <Suspense fallback={null}>
        <CoverageMap areas={areas.filter((a) => a.kind === 'city' && a.centre)} />
      </Suspense>
    </>
  );
}

/**
 * How complete the station list is, for drivers, operators and journalists: prerendered words on what the
 * levels mean and why official counts are lower bounds, then the census of the running server and a map of the
 * listed cities coloured by level.
 */
export default function CoveragePage() {
  return (
    <section className="container page-section coverage-page" aria-labelledby="coverage-title">
      <header className="section-heading">
        <h1 id="coverage-title">{t('coverage.title')}</h1>
        <p className="section-heading__intro">{t('coverage.intro')}</p>
      </header>
      <p>{t('coverage.levels')}</p>
      <p>{t('coverage.lowerBound')}</p>
      <p>{tRich('coverage.help', {}, { link: (children) => <Link to="/App">{children}</Link> })}</p>
      <QueryClientProvider client={queryClient}>
        <CoverageTable />
      </QueryClientProvider>
    </section>
  );
}
