import type { Coverage, NearestStation } from '@cng/shared/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LonLat } from '../../components/map/lat-lng';
import type { SavedCoverage } from '../station/offline-stations';
import type { FinderFilters } from './finder-filters';
import { type FetchedList, loadNearest, nearestIsProven, stationsAt } from './nearest-list';
import { refetchReason } from './refetch-rule';

export interface NearestState {
  /** Stations as the server listed them for `list.origin`; `here` has them recomputed for the position. */
  stations: NearestStation[];
  /** The nearest station of any kind as listed (no filter applied); null when unknown. */
  anyNearest: NearestStation | null;
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
  /**
   * The filters this list answers (null before the first answer). While the answer to newly set filters is on
   * its way, the list shown is still the previous one: the panel labels it with these, never with the new ones.
   */
  filters: FinderFilters | null;
  /** How complete our list is where it was asked (ADR 0030); null before a live answer, or offline. */
  coverage?: Coverage | null;
}

/** Wait this long after a failed request before trying again on a new fix. */
const ERROR_RETRY_MS = 15_000;

/**
 * The nearest list (nearest/nearest-list.ts does the asking): fetched for the first position and whenever the
 * refetch rule says the list may be wrong or stale (never once per fix), or when the filters change. Returns
 * the list with distances and bearings computed once for the current position (`here`, `anyHere`), and,
 * for the saved copy, whether its nearest station is proven.
 */
export function useNearest(position: LonLat | null, filters: FinderFilters) {
  const [state, setState] = useState<NearestState>({
    stations: [],
    anyNearest: null,
    list: null,
    loading: false,
    error: null,
    version: 0,
    openNowApplied: false,
    filters: null,
  });
  const inFlight = useRef<AbortController | null>(null);
  const filtersKey = JSON.stringify(filters);
  const lastKey = useRef<string | null>(null);
  const [retry, setRetry] = useState(0);
  // The per-fix work, once: distance and bearing to every listed station and to the nearest of any kind.
  const here = useMemo(
    () => stationsAt(state.stations, state.anyNearest, position),
    [state.stations, state.anyNearest, position],
  );
  // The effect reads the latest list through a ref: a new answer must not itself trigger another request.
  const latest = useRef({ state, nearestKm: here.stations[0]?.distanceKm ?? null });
  latest.current = { state, nearestKm: here.stations[0]?.distanceKm ?? null };
  const failedAtMs = useRef(0);
  const lastRetry = useRef(0);

  useEffect(() => {
    if (!position) return;
    const { state: current, nearestKm } = latest.current;
    const filtersChanged = lastKey.current !== filtersKey;
    // After a failure, wait a little (or for the browser to come back online) rather than retry on every fix.
    const retryDue = retry !== lastRetry.current || Date.now() - failedAtMs.current > ERROR_RETRY_MS;
    const due =
      filtersChanged ||
      (current.error !== null
        ? retryDue
        : !current.list || refetchReason(current.list, position, nearestKm, Date.now()) !== null);
    lastRetry.current = retry;
    if (!due || (inFlight.current && !filtersChanged)) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    lastKey.current = filtersKey;
    const origin = { lon: position.lon, lat: position.lat };
    const asked = JSON.parse(filtersKey) as FinderFilters;
    setState((s) => ({ ...s, loading: true }));
    loadNearest(origin, asked, controller.signal)
      .then((answer) => {
        if (answer.list === null) failedAtMs.current = Date.now();
        setState((s) =>
          answer.list || answer.offline
            ? {
                stations: answer.stations,
                anyNearest: answer.anyNearest,
                list: answer.list,
                loading: false,
                error: answer.error,
                version: s.version + 1,
                offlineDataAtMs: answer.offline?.dataAtMs ?? null,
                offlineCoverage: answer.offline?.coverage ?? null,
                coverage: answer.coverage,
                openNowApplied: asked.openNow,
                filters: asked,
              }
            : // Nothing at all: keep what is shown, and say why.
              { ...s, loading: false, error: answer.error },
        );
      })
      .catch(() => {
        // Aborted: a newer ask replaced this one.
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

  const nearestHere = here.stations[0];
  const offline =
    state.offlineDataAtMs && position && nearestHere
      ? {
          dataAtMs: state.offlineDataAtMs,
          sure: nearestIsProven(state.offlineCoverage ?? null, position, nearestHere.distanceKm),
        }
      : null;
  return { ...state, here: here.stations, anyHere: here.anyNearest, offline };
}
