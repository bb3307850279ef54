import {
  bearingDeg,
  cardinalOf,
  distanceKm,
  explanationAt,
  formatDistance,
  type StationSummary,
} from '@cng/shared';
import type { LonLat } from '../../../components/map/lat-lng';
import { formatDay } from '../../../lib/formatters';
import { brandBesideName, shownName } from '../../../lib/station-name';
import { OfflineMarker } from '../../../pwa/offline-marker';
import { useFavourites } from '../hooks/use-favourites';
import { useStation } from '../hooks/use-station';
import { useStationDataTime } from '../offline/use-station-data-time';
import { ReportForm } from '../status/report-form';
import { ReportTimeline } from '../status/report-timeline';
import { StatusBadge } from '../status/status-badge';
import { useMinuteClock } from '../status/use-minute-clock';
import { useStationEvents } from '../status/use-station-events';
import { ProblemForm } from './problem-form';
import { StationActions } from './station-actions';
import { OpenNow, PriceAgeWarning, priceText } from './station-facts';

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
const CONFIRMED_BY: Record<StationSummary['lastConfirmed']['by'], string> = {
  source: 'by its source',
  driver: 'by a driver’s report',
  operator: 'by the operator',
};

/** Where a station's position comes from, in a driver's words (issue 15: trust on every station). */
const POSITION_SOURCE: Record<StationSummary['coordinateQuality'], string> = {
  operator: 'published by the operator',
  osm: 'from OpenStreetMap',
  government: 'from the official register',
  geocoded: 'approximate: placed from an address',
  drivers: 'added by drivers, unconfirmed',
  corrected: 'corrected by a moderator from drivers’ reports',
};

export function StationDetails({
  stationId,
  known,
  position,
  manualPosition = false,
  headingLevel = 2,
}: StationDetailsProps) {
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
          {loading
            ? 'Loading station…'
            : problemKind === 'offline'
              ? 'Not available offline'
              : problemKind === 'gone'
                ? 'Station not found'
                : 'Could not load this station'}
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
      <H className="station-details__name">{shownName(station)}</H>
      {brandBesideName(station) && <p className="station-details__brand">{brandBesideName(station)}</p>}
      {origin === 'saved' && problem && (
        <p className="finder-message finder-message--warn" role="status">
          {problem} Showing the copy saved on this device.
        </p>
      )}
      <OfflineMarker dataAtMs={offlineDataAtMs} />
      <p className="station-details__live">
        {km !== null && deg !== null && (
          <strong data-testid="details-distance">
            {formatDistance(km)} {cardinalOf(deg)}
          </strong>
        )}
        <OpenNow station={station} />
        <StatusBadge status={station.status} />
      </p>
      <StationActions station={station} />
      <dl className="station-details__facts">
        <Fact label="Address">
          {[station.address, station.city, station.region, station.countryCode].filter(Boolean).join(', ') ||
            'Not published by the source'}
        </Fact>
        <Fact label="Opening hours">
          {station.openingHours ?? (cng.open24x7 ? '24/7' : 'Not published by the source')}
        </Fact>
        {station.accessHours && station.accessHours !== station.openingHours && (
          <Fact label="Hours and access">{station.accessHours}</Fact>
        )}
        <Fact label="Phone">
          {station.phone ? (
            <a href={`tel:${station.phone.replace(/[^\d+]/g, '')}`}>{station.phone}</a>
          ) : (
            'Not published'
          )}
        </Fact>
        <Fact label="CNG price">
          {price ??
            (station.price?.outlier
              ? 'The published price looks wrong, so we do not show it'
              : 'Not published')}
          {price && (
            <>
              {' '}
              <PriceAgeWarning price={station.price} nowMs={nowMs} />
            </>
          )}
        </Fact>
        <Fact label="Live status">{explanationAt(station.status, nowMs)}</Fact>
        {(cng.fillType || cng.pressurePsi || cng.vehicleClass || cng.dispensers || cng.renewable) && (
          <Fact label="CNG details">
            {[
              cng.fillType && `${cng.fillType} fill`,
              cng.pressurePsi && `${cng.pressurePsi.join('/')} PSI`,
              cng.vehicleClass && `vehicles: ${cng.vehicleClass}`,
              cng.dispensers && `${cng.dispensers} dispenser${cng.dispensers === 1 ? '' : 's'}`,
              cng.renewable && 'sells renewable gas',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Fact>
        )}
        {shownName(station) !== station.name && (
          <Fact label="Name in the source">
            <span data-testid="details-source-name">{station.name}</span>
          </Fact>
        )}
        <Fact label="Position">
          {station.lat.toFixed(5)}, {station.lon.toFixed(5)} ·{' '}
          <span data-testid="details-position-source">{POSITION_SOURCE[station.coordinateQuality]}</span>
        </Fact>
        {station.lastConfirmed && (
          <Fact label="Last confirmed">
            <span data-testid="details-last-confirmed">
              {CONFIRMED_BY[station.lastConfirmed.by]}, {formatDay(new Date(station.lastConfirmed.at))}
            </span>
          </Fact>
        )}
      </dl>
      <section className="station-details__reports" aria-labelledby="details-reports">
        <h3 id="details-reports">Recent reports from drivers</h3>
        <ReportTimeline stationId={station.id} version={events.seqs[station.id]} />
      </section>
      <ReportForm
        stationId={station.id}
        stationName={shownName(station)}
        position={manualPosition ? undefined : position}
        stationAt={station}
      />
      <ProblemForm station={station} position={position} />
      <section className="station-details__sources" aria-label="Data sources">
        <h3>Source and licence</h3>
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
                (imported {new Date(s.importedAt).toLocaleDateString()})
              </span>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
