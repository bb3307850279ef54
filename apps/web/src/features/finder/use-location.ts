import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  INITIAL_LOCATION,
  type LocationState,
  locationReducer,
  wantsWatch,
} from '../position/location-state';
import { type Fix, INITIAL_MOTION, type MotionState, nextMotion } from '../position/motion';
import { takeEarlyWatch, WATCH_OPTIONS } from './early-location';

function toFix(p: GeolocationPosition): Fix {
  const { coords } = p;
  return {
    lon: coords.longitude,
    lat: coords.latitude,
    accuracyM: Number.isFinite(coords.accuracy) ? coords.accuracy : 0,
    timestampMs: p.timestamp,
    speedMs: coords.speed !== null && Number.isFinite(coords.speed) ? coords.speed : null,
    headingDeg: coords.heading !== null && Number.isFinite(coords.heading) ? coords.heading : null,
  };
}

export interface UseLocation {
  state: LocationState;
  motion: MotionState;
  /** Starts GPS after the driver asked for it (the browser then shows its permission prompt). */
  start: () => void;
  /** Uses a point chosen by search or on the map instead of GPS. */
  setManual: (lon: number, lat: number, label: string) => void;
}

/**
 * GPS for the finder: starts by itself only when permission was already granted (Permissions API),
 * watches with high accuracy while the page is visible and stops while it is hidden.
 */
export function useLocation(): UseLocation {
  const [state, dispatch] = useReducer(locationReducer, INITIAL_LOCATION);
  const [motion, dispatchMotion] = useReducer(nextMotion, INITIAL_MOTION);
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator && window.isSecureContext;
  const startedByPermission = useRef(false);

  useEffect(() => {
    if (!supported) {
      dispatch({ type: 'error', code: 'unavailable' });
      return;
    }
    let status: PermissionStatus | null = null;
    const onChange = () => {
      if (!status) return;
      dispatch({ type: 'permission', state: status.state });
      if (status.state === 'granted' && !startedByPermission.current) {
        startedByPermission.current = true;
        dispatch({ type: 'start' });
      }
    };
    // Safari before 16 has no geolocation in the Permissions API: then we simply wait for the button.
    // The early watch (early-location.ts) already runs when this says granted: the start adopts it at once.
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        status = s;
        onChange();
        s.addEventListener('change', onChange);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', onChange);
  }, [supported]);

  useEffect(() => {
    const onVisibility = () =>
      dispatch({ type: document.visibilityState === 'hidden' ? 'hidden' : 'visible' });
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const watching = supported && wantsWatch(state.status);
  useEffect(() => {
    if (!watching) return;
    const onFix = (p: GeolocationPosition) => {
      const fix = toFix(p);
      dispatchMotion(fix);
      dispatch({ type: 'fix', fix });
    };
    const onError = (err: GeolocationPositionError) => {
      const code =
        err.code === err.PERMISSION_DENIED ? 'denied' : err.code === err.TIMEOUT ? 'timeout' : 'unavailable';
      dispatch({ type: 'error', code });
    };
    // On /App the watch usually runs already (early-location.ts, started before this code loaded): take it over.
    const early = takeEarlyWatch();
    if (early) return early.adopt(onFix, onError);
    const id = navigator.geolocation.watchPosition(onFix, onError, WATCH_OPTIONS);
    return () => navigator.geolocation.clearWatch(id);
  }, [watching]);

  const start = useCallback(() => {
    if (supported) dispatch({ type: 'start' });
  }, [supported]);
  const setManual = useCallback((lon: number, lat: number, label: string) => {
    dispatch({ type: 'manual', lon, lat, label });
  }, []);
  return { state, motion, start, setManual };
}
