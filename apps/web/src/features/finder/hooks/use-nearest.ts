import { distanceKm, type NearestStation } from '@cng/shared';
import { useEffect, useRef, useState } from 'react';
import type { LonLat } from '../../../components/map/lat-lng';
import { fetchNearest, NEAREST_LIMIT, NEAREST_RADIUS_KM } from '../api/finder-api';
import { type SavedCoverage, savedStationsNear } from '../offline/offline-stations';
import { rememberNearest } from '../offline/remember-nearest';
import type { FinderFilters } from '../utils/finder-filters';
import { type FetchedList, listBoundKm, refetchReason } from '../utils/refetch-rule';

export interface NearestState {
  /** Stations as the server listed them for `list.origin`; the finder recomputes them per fix. */
  stations: NearestStation[];
  list: FetchedList | null;
  loading: boolean;
  error: string | null;
  /** Increments on every answer, so views can tell a new list from a recompute. */
  version: number;
  /** Set when the list is the copy saved on this device (no answer from the server): when it was fetched. */
  offlineDataAtMs?: number | null;
  /** With a saved list: how far the saved area vouches for its nearest station (null: no area saved). */
  offlineCoverage?: SavedCoverage | null;
  /** True when the list was filtered by "open now" (on the server, or from the saved fields). */
  openNowApplied: boolean;
}

/** Wait this long after a failed request before trying again on a new fix. */
const ERROR_RETRY_MS = 15_000;

/**
 * The nearest list from the API: fetched for the first position and whenever the refetch rule says the list
 * may be wrong or stale (never once per fix), or when the filters change.
 */
export function useNearest(position: LonLat | null, filters: FinderFilters) {
  const [state, setState] = useState<NearestState>({
    stations: [],
    list: null,
    loading: false,
    error: null,
    version: 0,
    openNowApplied: false,
  });
  const inFlight = useRef<AbortController | null>(null);
  const filtersKey = JSON.stringify(filters);
  const lastKey = useRef<string | null>(null);
  const [retry, setRetry] = useState(0);
  // The effect reads the latest list through a ref: a new answer must not itself trigger another request.
  const latest = useRef(state);
  latest.current = state;
  const failedAtMs = useRef(0);
  const lastRetry = useRef(0);

  useEffect(() => {
    if (!position) return;
    const current = latest.current;
    const filtersChanged = lastKey.current !== filtersKey;
    let currentNearestKm: number | null = null;
    for (const s of current.stations) {
      const d = distanceKm(position.lon, position.lat, s.lon, s.lat);
      if (currentNearestKm === null || d < currentNearestKm) currentNearestKm = d;
    }
    // After a failure, wait a little (or for the browser to come back online) rather than retry on every fix.
    const retryDue = retry !== lastRetry.current || Date.now() - failedAtMs.current > ERROR_RETRY_MS;
    const due =
      filtersChanged ||
      (current.error !== null
        ? retryDue
        : !current.list || refetchReason(current.list, position, currentNearestKm, Date.now()) !== null);
    lastRetry.current = retry;
    if (!due || (inFlight.current && !filtersChanged)) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    lastKey.current = filtersKey;
    const origin = { lon: position.lon, lat: position.lat };
    const asked = JSON.parse(filtersKey) as FinderFilters;
    setState((s) => ({ ...s, loading: true }));
    fetchNearest(origin, asked, controller.signal)
      .then((res) => {
        performance.mark('finder:nearest-response');
        const distances = res.stations.map((s) => s.distanceKm);
        rememberNearest(origin, res.stations);
        setState((s) => ({
          stations: res.stations,
          list: {
            origin,
            fetchedAtMs: Date.now(),
            boundKm: listBoundKm(distances, NEAREST_LIMIT, NEAREST_RADIUS_KM),
            nearestKm: distances[0] ?? null,
          },
          loading: false,
          error: null,
          version: s.version + 1,
          offlineDataAtMs: null,
          offlineCoverage: null,
          openNowApplied: asked.openNow,
        }));
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        failedAtMs.current = Date.now();
        const offline = typeof navigator !== 'undefined' && !navigator.onLine;
        // No answer: the stations saved around the last known position, marked with their fetch time.
        const saved = savedStationsNear(origin, asked, NEAREST_LIMIT);
        if (saved?.stations.length) {
          setState((s) => ({
            ...s,
            stations: saved.stations,
            loading: false,
            error: offline
              ? 'You are offline: showing saved stations.'
              : 'No connection: showing saved stations.',
            version: s.version + 1,
            offlineDataAtMs: saved.dataAtMs,
            offlineCoverage: saved.coverage,
            openNowApplied: asked.openNow,
          }));
          return;
        }
        setState((s) => ({
          ...s,
          loading: false,
          error: offline
            ? 'You are offline: showing the last list.'
            : `Could not load stations: ${(err as Error).message}`,
        }));
      })
      .finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
      });
  }, [position, filtersKey, retry]);

  // Back online after a failure: try again at once instead of waiting for the next fix.
  useEffect(() => {
    const onOnline = () => setRetry((n) => n + 1);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);

  useEffect(() => () => inFlight.current?.abort(), []);
  return state;
}
