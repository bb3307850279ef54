import { memo, type ReactNode } from 'react';
import { t } from '../../i18n/i18n';
import { tRich } from '../../i18n/rich';
import { formatMetres } from '../../lib/formatters';
import type { LocationState } from '../position/location-state';
import { LOW_ACCURACY_M } from '../position/location-state';

const strong = { strong: (children: ReactNode) => <strong>{children}</strong> };

/** The banner for one location state. */
function Banner({ state, onStart }: { state: LocationState; onStart: () => void }) {
  const { status, position } = state;
  const useButton = (
    <button type="button" className="button button--primary finder-banner__button" onClick={onStart}>
      {t('finder.location.use')}
    </button>
  );
  if (position?.kind === 'manual') {
    // A place or point chosen by hand: distances are from there, not from the driver — say so first,
    // even when location is off, or the panel's arrow and distance read as if measured from the phone.
    const off = status === 'denied' || status === 'unavailable';
    return (
      <div
        className={`finder-banner${off ? ' finder-banner--warn' : ''}`}
        data-testid="location-banner"
        data-status="manual"
        data-location={status}
        role="status"
      >
        <p>
          {tRich('finder.location.manual', { place: position.label }, strong)}{' '}
          {t(status === 'denied' ? 'finder.location.manualDenied' : 'finder.location.manualUseGps')}
        </p>
        {status !== 'denied' && useButton}
      </div>
    );
  }
  switch (status) {
    case 'idle':
      return (
        <div className="finder-banner" data-testid="location-banner" data-status={status}>
          <p>{tRich('finder.location.idle', {}, strong)}</p>
          {useButton}
          <p className="finder-banner__alt">{t('finder.location.idleAlt')}</p>
        </div>
      );
    case 'requesting':
      return (
        <div className="finder-banner" data-testid="location-banner" data-status={status} role="status">
          <p>{t('finder.location.requesting')}</p>
        </div>
      );
    case 'paused':
      return (
        <div className="finder-banner" data-testid="location-banner" data-status={status} role="status">
          <p>{t('finder.location.paused')}</p>
        </div>
      );
    case 'denied':
      return (
        <div
          className="finder-banner finder-banner--warn"
          data-testid="location-banner"
          data-status={status}
          role="status"
        >
          <p>{tRich('finder.location.denied', {}, strong)}</p>
        </div>
      );
    case 'unavailable':
      return (
        <div
          className="finder-banner finder-banner--warn"
          data-testid="location-banner"
          data-status={status}
          role="status"
        >
          <p>{tRich('finder.location.unavailable', {}, strong)}</p>
          {typeof navigator !== 'undefined' && 'geolocation' in navigator && useButton}
        </div>
      );
    case 'timeout':
      return (
        <div
          className="finder-banner finder-banner--warn"
          data-testid="location-banner"
          data-status={status}
          role="status"
        >
          <p>{t('finder.location.timeout')}</p>
        </div>
      );
    case 'tracking': {
      if (state.signalLost) {
        return (
          <div
            className="finder-banner finder-banner--warn"
            data-testid="location-banner"
            data-status="signal-lost"
            role="status"
          >
            <p>{tRich('finder.location.signalLost', {}, strong)}</p>
          </div>
        );
      }
      const acc = position?.kind === 'gps' ? position.fix.accuracyM : 0;
      if (acc <= LOW_ACCURACY_M) return null;
      return (
        <div
          className="finder-banner finder-banner--warn"
          data-testid="location-banner"
          data-status="low-accuracy"
          role="status"
        >
          <p>{tRich('finder.location.lowAccuracy', { accuracy: formatMetres(acc) }, strong)}</p>
        </div>
      );
    }
  }
}

/** What the banner shows of a location state: a new fix changes none of it unless it changes the accuracy shown. */
function shownOf(state: LocationState): string {
  const { position } = state;
  const acc = position?.kind === 'gps' ? position.fix.accuracyM : 0;
  return [
    state.status,
    state.signalLost ? 'lost' : '',
    position?.kind ?? '',
    position?.kind === 'manual' ? position.label : '',
    acc > LOW_ACCURACY_M ? Math.round(acc) : '',
  ].join('|');
}

/** Says what the finder knows about the driver's position and what to do next, before and after asking. */
export const LocationBanner = memo(
  Banner,
  (a, b) => a.onStart === b.onStart && shownOf(a.state) === shownOf(b.state),
);
