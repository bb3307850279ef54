import { bearingDeg, distanceKm, type StationSummary } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { type MessageId, t } from '../../i18n/i18n';
import { cardinalText } from '../../lib/cardinal';
import { formatDateNumeric, formatDay, formatInteger } from '../../lib/formatters';
import { brandBesideName, shownName } from '../../lib/station-name';
import { OfflineMarker } from '../../pwa/offline-marker';
import { useFavourites } from '../favourites/use-favourites';
import { ProblemForm } from './problem-form';
import { ReportForm } from './report-form';
import { ReportTimeline } from './report-timeline';
import { StationActions } from './station-actions';
import { OpenNow, PriceAgeWarning, priceText } from './station-facts';
import { StatusBadge } from './status-badge';
import { statusExplanation } from './status-labels';
import { useMinuteClock } from './use-minute-clock';
import { useStation } from './use-station';
import { useStationDataTime } from './use-station-data-time';
import { useStationEvents } from './use-station-events';
import './station.css';
import { useFormat } from '../../lib/use-format';

export interface StationDetailsProps {
  stationId: string;
  known?: StationSummary | null;
  position: LonLat | null;
  /**
   * `position` is a place the driver searched or tapped, not where the phone is: a report then asks the
   * browser for the phone's own position (the server checks the driver is at the station).
   */
  manualPosition?: boolean;
  /** Heading level of the station name: 1 on the deep-link page, 2 inside the finder. */
  headingLevel?: 1 | 2;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** Everything known about one station, where it came from, and what the driver can do with it. */
/** Who last confirmed a station. */
const CONFIRMED_BY: Record<StationSummary['lastConfirmed']['by'], MessageId> = {
  source: 'finder.details.confirmedBySource',
  driver: 'finder.details.confirmedByDriver',
  operator: 'finder.details.confirmedByOperator',
};

/** Where a station's position comes from, in a driver's words (trust on every station). */
const POSITION_SOURCE: Record<StationSummary['coordinateQuality'], MessageId> = {
  operator: 'finder.details.positionOperator',
  osm: 'finder.details.positionOsm',
  government: 'finder.details.positionGovernment',
  geocoded: 'finder.details.positionGeocoded',
  drivers: 'finder.details.positionDrivers',
  corrected: 'finder.details.positionCorrected',
};

export function StationDetails({
  stationId,
  known,
  position,
  manualPosition = false,
  headingLevel = 2,
}: StationDetailsProps) {
  const format = useFormat();
  const { station: loaded, origin, loading, problemKind, problem } = useStation(stationId, known);
  // Live status changes pushed by the server replace the status the page loaded with.
  const events = useStationEvents([stationId], loaded ? [loaded] : []);
  const liveStatus = events.statuses[stationId];
  const station = loaded && liveStatus ? { ...loaded, status: liveStatus } : loaded;
  const savedAt = useFavourites().find((f) => f.id === stationId)?.savedAt;
  const offlineDataAtMs = useStationDataTime(stationId, savedAt ? Date.parse(savedAt) : null);
  const nowMs = useMinuteClock();
  const H = headingLevel === 1 ? 'h1' : 'h2';
  if (!station) {
    return (
      <div className="station-details" data-testid="station-details">
        <H>
          {t(
            loading
              ? 'finder.details.loading'
              : problemKind === 'offline'
                ? 'finder.details.notOffline'
                : problemKind === 'gone'
                  ? 'finder.details.notFound'
                  : 'finder.details.couldNotLoad',
          )}
        </H>
        {problem && <p className="finder-message finder-message--warn">{problem}</p>}
      </div>
    );
  }
  const km = position ? distanceKm(position.lon, position.lat, station.lon, station.lat) : null;
  const deg = position ? bearingDeg(position.lon, position.lat, station.lon, station.lat) : null;
  const price = priceText(station.price);
  const cng = station.cng;
  return (
    <article className="station-details" data-testid="station-details" data-station-id={station.id}>
      <H className="station-details__name" translate="no">
        {shownName(station)}
      </H>
      {brandBesideName(station) && <p className="station-details__brand">{brandBesideName(station)}</p>}
      {origin === 'saved' && problem && (
        <p className="finder-message finder-message--warn" role="status">
          {t('finder.details.savedCopy', { problem })}
        </p>
      )}
      <OfflineMarker dataAtMs={offlineDataAtMs} />
      <p className="station-details__live">
        {km !== null && deg !== null && (
          <strong data-testid="details-distance">
            {t('finder.distanceTowards', { distance: format.distance(km), cardinal: cardinalText(deg) })}
          </strong>
        )}
        <OpenNow station={station} />
        <StatusBadge status={station.status} />
      </p>
      <StationActions station={station} />
      <dl className="station-details__facts">
        <Fact label={t('finder.details.address')}>
          {[station.address, station.city, station.region, station.countryCode].filter(Boolean).join(', ') ||
            t('finder.details.notPublishedBySource')}
        </Fact>
        <Fact label={t('finder.details.openingHours')}>
          {station.openingHours ??
            (cng.open24x7 ? t('finder.details.open247') : t('finder.details.notPublishedBySource'))}
        </Fact>
        {station.accessHours && station.accessHours !== station.openingHours && (
          <Fact label={t('finder.details.hoursAndAccess')}>{station.accessHours}</Fact>
        )}
        <Fact label={t('finder.details.phone')}>
          {station.phone ? (
            <a href={`tel:${station.phone.replace(/[^\d+]/g, '')}`}>{station.phone}</a>
          ) : (
            t('finder.details.notPublished')
          )}
        </Fact>
        <Fact label={t('finder.details.price')}>
          {price ??
            (station.price?.outlier ? t('finder.details.priceOutlier') : t('finder.details.notPublished'))}
          {price && (
            <>
              {' '}
              <PriceAgeWarning price={station.price} nowMs={nowMs} />
            </>
          )}
        </Fact>
        <Fact label={t('finder.details.liveStatus')}>{statusExplanation(station.status, nowMs)}</Fact>
        {(cng.fillType || cng.pressurePsi || cng.vehicleClass || cng.dispensers || cng.renewable) && (
          <Fact label={t('finder.details.cngDetails')}>
            {[
              cng.fillType && t('finder.details.fill', { type: cng.fillType }),
              cng.pressurePsi &&
                t('finder.details.psi', { values: cng.pressurePsi.map((p) => formatInteger(p)).join('/') }),
              cng.vehicleClass && t('finder.details.vehicles', { classes: cng.vehicleClass }),
              cng.dispensers && t('finder.details.dispensers', { count: cng.dispensers }),
              cng.renewable && t('finder.details.renewable'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Fact>
        )}
        {shownName(station) !== station.name && (
          <Fact label={t('finder.details.sourceName')}>
            <span data-testid="details-source-name">{station.name}</span>
          </Fact>
        )}
        {/* A pump OpenStreetMap listed without CNG, which independent drivers said sells it (ADR 0037). */}
        {station.sources.some((s) => s.source === 'drivers-confirmed') && (
          <Fact label={t('finder.details.cngConfirmed')}>
            <span data-testid="details-cng-confirmed">{t('finder.details.cngConfirmedByDrivers')}</span>
          </Fact>
        )}
        <Fact label={t('finder.details.position')}>
          {station.lat.toFixed(5)}, {station.lon.toFixed(5)} ·{' '}
          <span data-testid="details-position-source">{t(POSITION_SOURCE[station.coordinateQuality])}</span>
        </Fact>
        {station.lastConfirmed && (
          <Fact label={t('finder.details.lastConfirmed')}>
            <span data-testid="details-last-confirmed">
              {t('finder.details.confirmedAt', {
                by: t(CONFIRMED_BY[station.lastConfirmed.by]),
                date: formatDay(new Date(station.lastConfirmed.at)),
              })}
            </span>
          </Fact>
        )}
      </dl>
      <section className="station-details__reports" aria-labelledby="details-reports">
        <h3 id="details-reports">{t('finder.details.reports')}</h3>
        <ReportTimeline stationId={station.id} version={events.seqs[station.id]} />
      </section>
      <ReportForm
        stationId={station.id}
        stationName={shownName(station)}
        position={manualPosition ? undefined : position}
        stationAt={station}
      />
      <ProblemForm station={station} position={position} />
      <section className="station-details__sources" aria-label={t('finder.details.sourcesLabel')}>
        <h3>{t('finder.details.sources')}</h3>
        <ul>
          {station.sources.map((s) => (
            <li key={`${s.source}:${s.sourceId}`}>
              {s.url ? (
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  {s.attribution}
                </a>
              ) : (
                s.attribution
              )}{' '}
              — {s.licence}
              <span className="station-details__imported">
                {' '}
                {t('finder.details.imported', { date: formatDateNumeric(new Date(s.importedAt)) })}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
