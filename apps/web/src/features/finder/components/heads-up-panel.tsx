import { cardinalOf, formatDistance, formatDurationMin, type NearestStation } from '@cng/shared';
import { StatusBadge } from '../../../components/status/status-badge';
import { arrowRotationDeg, type Heading, headingLabel } from '../utils/heading-source';
import { straightLineEtaMin } from '../utils/live-stations';
import { defaultNavigationApp, NAVIGATION_LABELS, navigationUrl } from '../utils/navigation-links';
import { DirectionArrow } from './direction-arrow';

export interface HeadsUpPanelProps {
  station: NearestStation;
  isNearest: boolean;
  /** Speed in km/h, or null when the position is not from GPS. */
  speedKmh: number | null;
  heading: Heading;
  onBackToNearest: () => void;
  onDetails: () => void;
}

/** The one-glance panel: distance, direction, speed and ETA to the selected station, in big type. */
export function HeadsUpPanel({
  station,
  isNearest,
  speedKmh,
  heading,
  onBackToNearest,
  onDetails,
}: HeadsUpPanelProps) {
  const rotation = arrowRotationDeg(heading, station.bearingDeg);
  const bearing = Math.round(station.bearingDeg) % 360;
  const cardinal = cardinalOf(station.bearingDeg);
  const etaMin = speedKmh === null ? null : straightLineEtaMin(station.distanceKm, speedKmh);
  const app = defaultNavigationApp(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return (
    <section className="hud" aria-label="Selected station" data-testid="hud" data-station-id={station.id}>
      <div className="hud__top">
        <DirectionArrow
          rotationDeg={rotation}
          label={`Station is ${cardinal}, ${bearing} degrees from north`}
        />
        <div className="hud__figures">
          <p
            className="hud__distance"
            data-testid="hud-distance"
            data-distance-km={station.distanceKm.toFixed(4)}
          >
            {formatDistance(station.distanceKm)}
          </p>
          <p
            className="hud__bearing"
            data-testid="hud-bearing"
            data-bearing-deg={station.bearingDeg.toFixed(1)}
          >
            {cardinal} · {bearing}°
          </p>
        </div>
        <div
          className="hud__speed"
          data-testid="hud-speed"
          data-speed-kmh={speedKmh === null ? '' : speedKmh.toFixed(1)}
        >
          <span className="hud__speed-value">{speedKmh === null ? '–' : Math.round(speedKmh)}</span>
          <span className="hud__speed-unit">km/h</span>
        </div>
      </div>
      <p className="hud__name" data-testid="hud-station-name">
        <span className="hud__label">{isNearest ? 'Nearest' : 'Selected'}</span> {station.name}
        {station.brand && station.brand !== station.name ? (
          <span className="hud__brand"> · {station.brand}</span>
        ) : null}
      </p>
      <p className="hud__meta">
        <StatusBadge status={station.status} compact />
        <span data-testid="hud-eta">
          {etaMin === null
            ? speedKmh === null
              ? 'ETA needs GPS'
              : 'ETA when moving'
            : `ETA ${formatDurationMin(etaMin)} (straight-line)`}
        </span>
      </p>
      <p className="hud__note" data-testid="hud-heading-source" data-source={heading.source}>
        {headingLabel(heading.source)}
      </p>
      <div className="hud__actions">
        <a
          className="button button--primary hud__navigate"
          href={navigationUrl(app, station.lon, station.lat, station.name)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Navigate <span className="visually-hidden">with {NAVIGATION_LABELS[app]}</span>
        </a>
        <button type="button" className="button" onClick={onDetails}>
          Details
        </button>
        {!isNearest && (
          <button type="button" className="button" onClick={onBackToNearest}>
            Back to nearest
          </button>
        )}
      </div>
    </section>
  );
}
