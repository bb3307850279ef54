import type { TripResponse, TripStation } from '@cng/shared/client';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect } from 'react';
import { useStore } from 'zustand';
import type { LonLat } from '../../components/map/lat-lng';
import { t } from '../../i18n/i18n';
import { formatDuration } from '../../lib/formatters';
import { shownName } from '../../lib/station-name';
import { useFormat } from '../../lib/use-format';
import { OfflineMarker } from '../../pwa/offline-marker';
import { PlaceSearch } from '../search/place-search';
import { StatusBadge } from '../station/status-badge';
import { fetchTrip } from './trip-api';
import {
  clearTrip,
  type Destination,
  type PlannedTrip,
  planTrip,
  tripAnswered,
  tripStore,
} from './trip-store';
import './trip.css';

/** The answer for the trip planned: asked once per trip, and the last one kept for a reload or offline. */
function useTripAnswer(trip: PlannedTrip | null) {
  const query = useQuery({
    queryKey: ['trip', trip?.from.lon, trip?.from.lat, trip?.to.lon, trip?.to.lat],
    queryFn: ({ signal }) => fetchTrip(trip!.from, trip!.to, signal),
    enabled: trip !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  useEffect(() => {
    if (query.data) tripAnswered(query.data);
  }, [query.data]);
  const answer = query.data ?? trip?.answer ?? null;
  // Not an answer of this page's visit: the one kept on the device from before, with its time.
  const savedAtMs = !query.data && trip?.answer ? trip.answeredAtMs : null;
  return { answer, savedAtMs, loading: query.isFetching && !answer, error: query.error };
}

/** Plans the trip from where the driver is, once a position is known. */
function startTrip(from: LonLat | null, to: Destination) {
  if (from) planTrip({ lon: from.lon, lat: from.lat }, to);
}

/** One station of the trip: where it comes on the way, what the stop costs, and its live status. */
function TripStop({ stop, mode }: { stop: TripStation; mode: TripResponse['mode'] }) {
  const format = useFormat();
  return (
    <li className="trip__stop" data-testid="trip-stop" data-station-id={stop.id} data-along-km={stop.alongKm}>
      <strong translate="no">{shownName(stop)}</strong>
      <span>{t('finder.trip.fromStart', { distance: format.distance(stop.alongKm) })}</span>
      <span data-testid="trip-detour">
        {mode === 'road' && stop.detourMin !== null
          ? t('finder.trip.detour', { duration: formatDuration(stop.detourMin) })
          : t('finder.trip.offLine', { distance: format.distance(stop.detourKm) })}
      </span>
      <StatusBadge status={stop.status} compact />
    </li>
  );
}

/** What the route is: by road with its length and time, or the straight line, said as such. */
function RouteSummary({ answer }: { answer: TripResponse }) {
  const format = useFormat();
  return (
    <p className="trip__mode" data-testid="trip-mode" data-mode={answer.mode}>
      {answer.mode === 'road' && answer.durationMin !== null
        ? t('finder.trip.byRoad', {
            distance: format.distance(answer.distanceKm),
            duration: formatDuration(answer.durationMin),
          })
        : t('finder.trip.straightLine', { distance: format.distance(answer.distanceKm) })}
    </p>
  );
}

/**
 * "Stations along my trip": the driver picks a destination with the place search; the CNG stations within the
 * route's corridor are listed in the order the trip passes them, each with its detour and live status (the map
 * draws the route). Without a routing server the route is the straight line, and the list says so (ADR 0031).
 */
export const TripPlanner = memo(function TripPlanner({
  hasPosition,
  getPosition,
}: {
  hasPosition: boolean;
  /** The driver's position, read when they pick a destination (not on every GPS fix). */
  getPosition: () => LonLat | null;
}) {
  const trip = useStore(tripStore, (s) => s.trip);
  const { answer, savedAtMs, loading, error } = useTripAnswer(trip);
  const format = useFormat();
  return (
    <section className="trip" aria-labelledby="trip-title" data-testid="trip">
      <h2 id="trip-title">{t('finder.trip.title')}</h2>
      {!trip ? (
        <>
          <PlaceSearch
            inputId="trip-search"
            label={t('finder.trip.where')}
            buttonLabel={t('finder.trip.plan')}
            getNear={getPosition}
            onPickPlace={(p) => startTrip(getPosition(), { name: p.name, lon: p.lon, lat: p.lat })}
            onPickStation={(h) => startTrip(getPosition(), { name: h.name, lon: h.lon, lat: h.lat })}
          />
          {!hasPosition && <p className="finder-message">{t('finder.trip.needPosition')}</p>}
        </>
      ) : (
        <>
          <p className="trip__to">
            {t('finder.trip.to')} <strong translate="no">{trip.to.name}</strong>{' '}
            <button type="button" className="button trip__change" onClick={clearTrip}>
              {t('finder.trip.change')}
            </button>
          </p>
          <OfflineMarker dataAtMs={savedAtMs} always />
          {loading && <p className="finder-message">{t('finder.trip.loading')}</p>}
          {error && !answer && (
            <p className="finder-message finder-message--warn" role="alert">
              {t('finder.trip.failed', { error: error.message })}
            </p>
          )}
          {answer && <RouteSummary answer={answer} />}
          {answer && answer.stations.length === 0 && (
            <p className="finder-message">
              {t('finder.trip.none', { distance: format.distance(answer.corridorKm) })}
            </p>
          )}
          {answer && answer.stations.length > 0 && (
            <ol className="trip__stops" aria-label={t('finder.trip.listLabel')}>
              {answer.stations.map((stop) => (
                <TripStop key={stop.id} stop={stop} mode={answer.mode} />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
});
