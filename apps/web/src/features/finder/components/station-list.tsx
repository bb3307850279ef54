import { cardinalOf, formatDistance, type NearestStation } from '@cng/shared';
import { useState } from 'react';
import { StatusBadge } from '../../../components/status/status-badge';
import { arrowRotationDeg, type Heading } from '../utils/heading-source';
import { DirectionArrow } from './direction-arrow';
import { OpenNow, priceText } from './station-facts';

/** Rows shown before "Show all". */
const COLLAPSED_ROWS = 8;

export interface StationListProps {
  stations: NearestStation[];
  selectedId: string | null;
  heading: Heading;
  onSelect: (id: string) => void;
  onDetails: (id: string) => void;
}

/** Stations nearest first: name, brand, distance, direction, open-now, status and price where known. */
export function StationList({ stations, selectedId, heading, onSelect, onDetails }: StationListProps) {
  const [showAll, setShowAll] = useState(false);
  // A short list reads at a glance; the rest is one tap away.
  const shown = showAll ? stations : stations.slice(0, COLLAPSED_ROWS);
  return (
    <>
      <ol className="station-list" aria-label="Stations nearest first" data-testid="station-list">
        {shown.map((s) => {
          const price = priceText(s.price);
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
                  size={36}
                  rotationDeg={arrowRotationDeg(heading, s.bearingDeg)}
                  label={`${cardinalOf(s.bearingDeg)}`}
                />
                <span className="station-row__text">
                  <span className="station-row__name">{s.name}</span>
                  <span className="station-row__sub">
                    {[s.brand && s.brand !== s.name ? s.brand : null, s.city].filter(Boolean).join(' · ')}
                  </span>
                  <span className="station-row__facts">
                    <OpenNow station={s} hideUnknown />
                    <StatusBadge status={s.status} compact />
                    {price && <span className="station-row__price">{price}</span>}
                  </span>
                </span>
                <span className="station-row__distance">
                  <strong data-testid="row-distance">{formatDistance(s.distanceKm)}</strong>
                  <span>{cardinalOf(s.bearingDeg)}</span>
                </span>
              </button>
              <button type="button" className="station-row__details" onClick={() => onDetails(s.id)}>
                Details<span className="visually-hidden"> of {s.name}</span>
              </button>
            </li>
          );
        })}
      </ol>
      {stations.length > shown.length && (
        <button type="button" className="button station-list__more" onClick={() => setShowAll(true)}>
          Show all {stations.length} stations
        </button>
      )}
    </>
  );
}
