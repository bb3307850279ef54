/**
 * GPS at once on /App: a tiny module of its own that the prerendered /App page runs as soon as it
 * arrives (a `<script type="module" async>` added by scripts/prerender.mjs), before React, the finder's code or
 * the map have loaded. When location is already granted it starts `watchPosition` and keeps the fixes; the
 * finder's useLocation adopts that watch instead of starting its own. It never asks: without a grant the
 * finder explains first and the driver taps "Use my location" (ADR 0008).
 *
 * Its fixes also paint the first distance before the finder has loaded (early-nearest.ts, in the same file:
 * see vite.config.ts), until the finder shows its own answer and calls dismissEarlyNearest.
 */
import { earlyNearestFix, stopEarlyNearest } from './early-nearest';

/**
 * The finder's watch options (also hooks/use-location.ts): high accuracy, no cached fix, and give up waiting
 * for a single fix after 20 s (the watch keeps running and the banner says "still looking").
 */
export const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0, timeout: 20_000 };

type OnFix = (p: GeolocationPosition) => void;
type OnError = (e: GeolocationPositionError) => void;

/** A running early watch: what it has seen so far, and a way to take it over. */
export interface EarlyWatch {
  /** The latest fix, if one arrived before the finder subscribed. */
  last: GeolocationPosition | null;
  /** The latest error since the latest fix. */
  error: GeolocationPositionError | null;
  /** Sends every later fix and error to the finder (and the ones already seen, at once); returns the stop. */
  adopt: (onFix: OnFix, onError: OnError) => () => void;
}

let early: EarlyWatch | null = null;
/** The finder shows its own answer now (or /App is gone): remove the early distance for good. */
export const dismissEarlyNearest = stopEarlyNearest;

/**
 * An early watch the finder has not taken over by then is stopped (the driver left /App before the finder
 * mounted, or its code failed to load): GPS must not stay on for the rest of the visit.
 */
export const EARLY_WATCH_UNCLAIMED_MS = 30_000;
let started = false;
/** The finder asked for the early watch: from then on it watches by itself, so none may start late. */
let claimed = false;

function watch(): EarlyWatch {
  let onFix: OnFix | null = null;
  let onError: OnError | null = null;
  let adopted = false;
  const state: EarlyWatch = {
    last: null,
    error: null,
    adopt(fix, error) {
      adopted = true;
      clearTimeout(unclaimed);
      onFix = fix;
      onError = error;
      if (state.last) fix(state.last);
      if (state.error) error(state.error);
      return () => {
        navigator.geolocation.clearWatch(id);
        onFix = null;
        onError = null;
      };
    },
  };
  const id = navigator.geolocation.watchPosition(
    (p) => {
      state.last = p;
      state.error = null;
      onFix?.(p);
      earlyNearestFix(p);
    },
    (e) => {
      state.error = e;
      onError?.(e);
    },
    WATCH_OPTIONS,
  );
  const unclaimed = setTimeout(() => {
    if (adopted) return;
    navigator.geolocation.clearWatch(id);
    if (early === state) early = null;
  }, EARLY_WATCH_UNCLAIMED_MS);
  return state;
}

/** Starts the early watch once, if the browser already granted location; harmless everywhere else. */
export function startEarlyLocation(): void {
  if (
    started ||
    typeof navigator === 'undefined' ||
    !('geolocation' in navigator) ||
    !window.isSecureContext
  ) {
    return;
  }
  started = true;
  void navigator.permissions
    ?.query({ name: 'geolocation' })
    .then((status) => {
      if (status.state === 'granted' && !early && !claimed) early = watch();
    })
    .catch(() => undefined);
}

/** The early watch, handed over once: the finder owns it from then on (and stops it like its own). */
export function takeEarlyWatch(): EarlyWatch | null {
  claimed = true;
  const taken = early;
  early = null;
  return taken;
}

/**
 * True on /App in any language (/App, /hi/App …). Any two-letter prefix passes: only the /App pages load this
 * file, and @cng/shared/locales would be one more file to fetch before GPS can start.
 */
export function isAppPath(pathname: string): boolean {
  return /^(?:\/[a-z]{2})?\/app\/?$/i.test(pathname);
}

// On /App the page loads this module by itself: start at once.
if (typeof window !== 'undefined' && isAppPath(window.location.pathname)) startEarlyLocation();
