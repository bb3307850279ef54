import type { NearestStation } from '@cng/shared/client';
import { useState } from 'react';
import { t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';
import { cardinalText } from '../../lib/cardinal';
import { formatInteger } from '../../lib/formatters';
import { brandBesideName, shownName } from '../../lib/station-name';
import { useFormat } from '../../lib/use-format';
import { arrowRotationDeg, type Heading } from '../position/heading-source';
import { OpenNow, PriceAgeWarning, priceText } from '../station/station-facts';
import { StatusBadge } from '../station/status-badge';
import { DirectionArrow } from './direction-arrow';

/** Rows shown before "Show all". */
const COLLAPSED_ROWS = 8;

export interface StationListProps {
  stations: NearestStation[];
  selectedId: string | null;
  heading: Heading;
  onSelect: (id: string) => void;
  onDetails: (id: string) => void;
}

/**
 * Stations nearest first. Each row: the name and brand over the full width, then one compact line with
 * distance · direction · open-now · status · price, so a phone shows several rows at once. "No recent
 * reports" is left to the details: in every row it would only be noise.
 */
export function StationList({ stations, selectedId, heading, onSelect, onDetails }: StationListProps) {
  const format = useFormat();
  const [showAll, setShowAll] = useState(false);
  // A short list reads at a glance; the rest is one tap away.
  const shown = showAll ? stations : stations.slice(0, COLLAPSED_ROWS);
  return (
    <>
      <ol className="station-list" aria-label={t('finder.list.label')} data-testid="station-list">
        {shown.map((s) => {
          const price = priceText(s.price, { short: true });
          const sub = [brandBesideName(s), s.city].filter(Boolean).join(' · ');
          const cardinal = cardinalText(s.bearingDeg);
          return (
            <li
              key={s.id}
              className={`station-row${s.id === selectedId ? ' is-selected' : ''}`}
              data-station-id={s.id}
            >
              <button
                type="button"
                className="station-row__main"
                onClick={() => onSelect(s.id)}
                aria-pressed={s.id === selectedId}
              >
                <DirectionArrow
                  size={32}
                  rotationDeg={arrowRotationDeg(heading, s.bearingDeg)}
                  label={t('finder.list.towards', { cardinal })}
                />
                <span className="station-row__text">
                  <span className="station-row__name" translate="no">
                    {shownName(s)}
                  </span>
                  {sub && <span className="station-row__sub">{sub}</span>}
                  <span className="station-row__facts">
                    <strong className="station-row__distance" data-testid="row-distance">
                      {format.distance(s.distanceKm)}
                    </strong>
                    <span className="station-row__cardinal">{cardinal}</span>
                    <OpenNow station={s} hideUnknown />
                    {s.status.status !== 'unknown' && <StatusBadge status={s.status} compact />}
                    {price && (
                      <span className="station-row__price">
                        {price}
                        <PriceAgeWarning price={s.price} nowMs={Date.now()} short />
                      </span>
                    )}
                  </span>
                </span>
              </button>
              <button type="button" className="station-row__details" onClick={() => onDetails(s.id)}>
                {tRich(
                  'finder.list.details',
                  { name: shownName(s) },
                  { hidden: (children) => <span className="visually-hidden">{children}</span> },
                )}
              </button>
            </li>
          );
        })}
      </ol>
      {stations.length > shown.length && (
        <button type="button" className="button station-list__more" onClick={() => setShowAll(true)}>
          {t('finder.list.showAll', { count: formatInteger(stations.length) })}
        </button>
      )}
    </>
  );
}
