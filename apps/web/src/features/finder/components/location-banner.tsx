import type { LocationState } from '../utils/location-state';
import { LOW_ACCURACY_M } from '../utils/location-state';

/** Says what the finder knows about the driver's position and what to do next, before and after asking. */
export function LocationBanner({ state, onStart }: { state: LocationState; onStart: () => void }) {
  const { status, position } = state;
  const useButton = (
    <button type="button" className="button button--primary finder-banner__button" onClick={onStart}>
      Use my location
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
          Showing stations around <strong>{position.label}</strong>: distances and directions are from there,
          not from you.{' '}
          {status === 'denied'
            ? 'Location is off for this site; to use GPS, allow location for this site in your browser settings.'
            : 'Use GPS for live distance, direction and speed.'}
        </p>
        {status !== 'denied' && useButton}
      </div>
    );
  }
  switch (status) {
    case 'idle':
      return (
        <div className="finder-banner" data-testid="location-banner" data-status={status}>
          <p>
            <strong>
              To show the nearest CNG station with live distance, direction and your speed, the finder needs
              your location.
            </strong>{' '}
            It is used on this device and sent only to look up nearby stations. Your browser will ask next.
          </p>
          {useButton}
          <p className="finder-banner__alt">
            Prefer not to? Search a city or station above, or long-press the map.
          </p>
        </div>
      );
    case 'requesting':
      return (
        <div className="finder-banner" data-testid="location-banner" data-status={status} role="status">
          <p>Waiting for your position… If your browser asks, choose “Allow”.</p>
        </div>
      );
    case 'paused':
      return (
        <div className="finder-banner" data-testid="location-banner" data-status={status} role="status">
          <p>GPS is paused while this page is in the background.</p>
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
          <p>
            <strong>Location is off for this site.</strong> Search a city or station above, or long-press
            (right-click) the map to set your position. To use GPS, allow location for this site in your
            browser settings.
          </p>
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
          <p>
            <strong>Your device could not tell where you are.</strong> Search a city or station above, or
            long-press the map.
          </p>
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
          <p>Still looking for a GPS signal… Meanwhile, search a city or station, or long-press the map.</p>
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
            <p>
              <strong>GPS signal lost.</strong> Distances are from your last known position until the signal
              returns.
            </p>
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
          <p>
            <strong>Low GPS accuracy (±{Math.round(acc)} m).</strong> Distances and direction may be off by
            that much; the circle on the map shows where you could be.
          </p>
        </div>
      );
    }
  }
}
