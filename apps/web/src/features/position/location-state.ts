import type { Fix } from './motion';

/** Accuracy worse than this (metres) is shown as "low accuracy" with its circle. */
export const LOW_ACCURACY_M = 100;

/** A position the finder works from: a GPS fix, or a point the driver chose (search or map tap). */
export type FinderPosition =
  | { kind: 'gps'; fix: Fix }
  | { kind: 'manual'; lon: number; lat: number; label: string };

/**
 * Where the location flow stands. `idle`: not asked yet (we explain first); `requesting`: waiting for the
 * first fix; `tracking`: fixes are arriving; `paused`: page hidden, GPS stopped; `denied`, `unavailable`,
 * `timeout`: no GPS, the driver searches or taps the map instead.
 */
export type LocationStatus =
  | 'idle'
  | 'requesting'
  | 'tracking'
  | 'paused'
  | 'denied'
  | 'unavailable'
  | 'timeout';

export interface LocationState {
  status: LocationStatus;
  position: FinderPosition | null;
  /** True when the browser already granted location, so we may start without asking. */
  granted: boolean;
  /** True while GPS reports errors after earlier fixes: the position shown is the last known one. */
  signalLost: boolean;
}

export type LocationEvent =
  | { type: 'permission'; state: 'granted' | 'denied' | 'prompt' }
  | { type: 'start' }
  | { type: 'fix'; fix: Fix }
  | { type: 'error'; code: 'denied' | 'unavailable' | 'timeout' }
  | { type: 'hidden' }
  | { type: 'visible' }
  | { type: 'manual'; lon: number; lat: number; label: string };

export const INITIAL_LOCATION: LocationState = {
  status: 'idle',
  position: null,
  granted: false,
  signalLost: false,
};

/** The location flow as a pure reducer, so every transition is tested without a browser. */
export function locationReducer(state: LocationState, event: LocationEvent): LocationState {
  switch (event.type) {
    case 'permission':
      if (event.state === 'denied') {
        return {
          ...state,
          granted: false,
          status:
            state.status === 'tracking' || state.status === 'requesting' || state.status === 'idle'
              ? 'denied'
              : state.status,
        };
      }
      return { ...state, granted: event.state === 'granted' };
    case 'start':
      return { ...state, status: state.position?.kind === 'gps' ? 'tracking' : 'requesting' };
    case 'fix':
      // A fix that arrives while hidden (queued by the browser) still counts, but we stay paused.
      return {
        ...state,
        granted: true,
        signalLost: false,
        position: { kind: 'gps', fix: event.fix },
        status: state.status === 'paused' ? 'paused' : 'tracking',
      };
    case 'error':
      // A timeout or a lost signal after we already have fixes is a gap, not a failure: keep the last position
      // and keep watching. Only a denial ends GPS.
      if (event.code !== 'denied' && state.position?.kind === 'gps') return { ...state, signalLost: true };
      return { ...state, status: event.code, granted: event.code === 'denied' ? false : state.granted };
    case 'hidden':
      return state.status === 'tracking' || state.status === 'requesting'
        ? { ...state, status: 'paused' }
        : state;
    case 'visible':
      return state.status === 'paused'
        ? { ...state, status: state.position?.kind === 'gps' ? 'tracking' : 'requesting' }
        : state;
    case 'manual':
      return {
        ...state,
        position: { kind: 'manual', lon: event.lon, lat: event.lat, label: event.label },
        // Choosing a point by hand stops GPS-driven updates but keeps why GPS is off visible.
        status: state.status === 'tracking' || state.status === 'requesting' ? 'idle' : state.status,
      };
  }
}

/** True when the GPS should be watched in this state. */
export function wantsWatch(status: LocationStatus): boolean {
  return status === 'requesting' || status === 'tracking' || status === 'timeout' || status === 'unavailable';
}

/** lon, lat of any finder position. */
export function positionLonLat(p: FinderPosition): { lon: number; lat: number } {
  return p.kind === 'gps' ? { lon: p.fix.lon, lat: p.fix.lat } : { lon: p.lon, lat: p.lat };
}
