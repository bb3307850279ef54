import type { Coverage, NearestStation } from '@cng/shared/client';
import type { ReactNode } from 'react';
import { t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';
import { cardinalText } from '../../lib/cardinal';
import { formatDuration, formatInteger } from '../../lib/formatters';
import { brandBesideName, shownName } from '../../lib/station-name';
import { useFormat } from '../../lib/use-format';
import { OfflineMarker } from '../../pwa/offline-marker';
import { isBeyondReach, isIncomplete } from '../coverage/coverage-words';
import { isBehind, PICKED_WITHIN_KM } from '../position/ahead';
import { arrowRotationDeg, type Heading, headingLabel } from '../position/heading-source';
import { defaultNavigationApp, navigationLabel, navigationUrl } from '../station/navigation-links';
import { StatusBadge } from '../station/status-badge';
import { DirectionArrow } from './direction-arrow';
import { etaText, straightLineEta } from './eta';

/** The list shown comes from this device's saved stations, not from the server just now. */
export interface OfflineSource {
  /** When the saved data was fetched, ms since the epoch. */
  dataAtMs: number;
  /** True when the saved area vouches that the nearest saved station is the real nearest here. */
  sure: boolean;
}

export interface HeadsUpPanelProps {
  station: NearestStation;
  isNearest: boolean;
  /** True when the panel follows the nearest station ahead, not the nearest one (ADR 0008). */
  followingAhead?: boolean;
  /** Speed in km/h; null when the position is not from GPS or the speed is not known yet. */
  speedKmh: number | null;
  /** Direction of travel in degrees from true north; null when standing or unknown. */
  courseDeg: number | null;
  heading: Heading;
  /** True when the position was searched or tapped on the map rather than measured. */
  manualPosition: boolean;
  /** True when the position comes from GPS (so a missing speed is "not yet", not "never"). */
  gps: boolean;
  offline: OfflineSource | null;
  onBackToNearest: () => void;
  onDetails: () => void;
  /** True when a filter chose the list: the nearest is the nearest match, not the nearest station. */
  filtered?: boolean;
  /** How complete our list is here: where it is thin, the nearest is "the nearest we know" (ADR 0030). */
  coverage?: Coverage | null;
  /** Beyond reach of any known station: the driver is pointed to search and to adding a station instead. */
  onSearch?: () => void;
  onAddStation?: () => void;
  /** Shown at the top of the panel (the filter and coverage notices). */
  children?: ReactNode;
}

/** The label before the station's name: what it is to the driver. */
function panelLabel(props: HeadsUpPanelProps): string {
  if (props.followingAhead) return t('finder.hud.nextAhead');
  if (!props.isNearest) return t('finder.hud.selected');
  if (props.offline) return t(props.filtered ? 'finder.hud.nearestSavedMatch' : 'finder.hud.nearestSaved');
  if (props.filtered) return t('finder.hud.nearestMatch');
  return t(isIncomplete(props.coverage) ? 'finder.hud.nearestKnown' : 'finder.hud.nearest');
}

/**
 * The panel's top for a nearest station beyond reach of our list: how far it is and which way, in words, and
 * what to do instead; no arrow, no ETA, as if the trip were sensible.
 */
function FarTop({ props }: { props: HeadsUpPanelProps }) {
  const format = useFormat();
  return (
    <div className="hud__far" data-testid="hud-far">
      <p className="hud__far-distance">
        {t('finder.hud.farKnown', {
          distance: format.distance(props.station.distanceKm),
          cardinal: cardinalText(props.station.bearingDeg),
        })}
      </p>
      <p className="hud__far-advice">{t('finder.hud.farAdvice')}</p>
      <div className="hud__actions">
        <button type="button" className="button button--primary" onClick={props.onSearch}>
          {t('finder.hud.search')}
        </button>
        <button type="button" className="button" onClick={props.onAddStation}>
          {t('finder.coverage.add')}
        </button>
      </div>
    </div>
  );
}

/** The one-glance panel: distance, direction, speed and ETA to the selected station, in big type. */
export function HeadsUpPanel(props: HeadsUpPanelProps) {
  const format = useFormat();
  const { station, isNearest, speedKmh, courseDeg, heading, manualPosition, offline } = props;
  const rotation = arrowRotationDeg(heading, station.bearingDeg);
  const bearing = Math.round(station.bearingDeg) % 360;
  const cardinal = cardinalText(station.bearingDeg);
  const degrees = formatInteger(bearing);
  const picked = manualPosition && station.distanceKm < PICKED_WITHIN_KM;
  const app = defaultNavigationApp(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const label = panelLabel(props);
  // Only the nearest station of any kind: a filtered match far away is the driver's choice, not a gap in our list.
  const far = isNearest && !props.filtered && isBeyondReach(props.coverage, station.distanceKm);
  // An arrow pointing backwards always says so (ADR 0008).
  const behind = !picked && isBehind(station, heading);
  return (
    <section
      className="hud"
      aria-label={t('finder.hud.regionLabel')}
      data-testid="hud"
      data-station-id={station.id}
    >
      {offline && (
        <div className="hud__offline" data-testid="hud-offline">
          <OfflineMarker dataAtMs={offline.dataAtMs} always />
          {!offline.sure && (
            <p className="hud__warning" data-testid="hud-offline-warning">
              {t('finder.hud.offlineBeyond')}
            </p>
          )}
        </div>
      )}
      {props.children}
      {far ? (
        <FarTop props={props} />
      ) : (
        <div className="hud__top">
          {picked ? (
            <p className="hud__picked" data-testid="hud-picked">
              {t('finder.hud.picked')} <span>{t('finder.hud.pickedNote')}</span>
            </p>
          ) : (
            <>
              <DirectionArrow
                rotationDeg={rotation}
                label={t(behind ? 'finder.hud.arrowBehind' : 'finder.hud.arrow', { cardinal, degrees })}
              />
              <div className="hud__figures">
                <p
                  className="hud__distance"
                  data-testid="hud-distance"
                  data-distance-km={station.distanceKm.toFixed(4)}
                >
                  {format.distance(station.distanceKm)}
                </p>
                <p
                  className="hud__bearing"
                  data-testid="hud-bearing"
                  data-bearing-deg={station.bearingDeg.toFixed(1)}
                >
                  {t('finder.hud.bearing', { cardinal, degrees })}
                </p>
                <p className="hud__road" data-testid="hud-road" data-road={station.road ? 'yes' : 'no'}>
                  {station.road
                    ? t('finder.hud.road', {
                        distance: format.distance(station.road.distanceKm),
                        duration: formatDuration(station.road.durationMin),
                      })
                    : t('finder.hud.straightLine')}
                </p>
                {behind && (
                  <p className="hud__behind" data-testid="hud-behind">
                    {t('finder.hud.behind')}
                  </p>
                )}
              </div>
            </>
          )}
          <div
            className="hud__speed"
            data-testid="hud-speed"
            data-speed-kmh={speedKmh === null ? '' : speedKmh.toFixed(1)}
          >
            <span className="hud__speed-value">{speedKmh === null ? '–' : formatInteger(speedKmh)}</span>
            <span className="hud__speed-unit">{t('finder.hud.kmh')}</span>
          </div>
        </div>
      )}
      <p className="hud__name" data-testid="hud-station-name">
        <span className="hud__label">{label}</span> <span translate="no">{shownName(station)}</span>
        {brandBesideName(station) ? <span className="hud__brand"> · {brandBesideName(station)}</span> : null}
      </p>
      <p className="hud__meta">
        <StatusBadge status={station.status} compact />
        {!picked && !far && (
          <span data-testid="hud-eta">
            {etaText(straightLineEta(station, speedKmh, courseDeg, props.gps))}
          </span>
        )}
      </p>
      {!picked && !far && (
        <p className="hud__note" data-testid="hud-heading-source" data-source={heading.source}>
          {headingLabel(heading.source, props.gps)}
        </p>
      )}
      <div className="hud__actions">
        <a
          className="button button--primary hud__navigate"
          href={navigationUrl(app, station.lon, station.lat, station.name)}
          target="_blank"
          rel="noopener noreferrer"
        >
          {tRich(
            'finder.hud.navigate',
            { app: navigationLabel(app) },
            { hidden: (children) => <span className="visually-hidden">{children}</span> },
          )}
        </a>
        <button type="button" className="button" onClick={props.onDetails}>
          {t('finder.hud.details')}
        </button>
        {!isNearest && (
          <button type="button" className="button" onClick={props.onBackToNearest}>
            {t('finder.hud.backToNearest')}
          </button>
        )}
      </div>
    </section>
  );
}
