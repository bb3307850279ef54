import type { StationSummary } from '@cng/shared/client';
import { useEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { FinderApiError, fetchStation } from '../api/finder-api';
import { savedStation } from '../offline/offline-stations';
import { readFavourites } from '../utils/favourites-store';

export interface StationState {
  station: StationSummary | null;
  /** 'live': fresh from the server; 'saved': a copy kept on this device (favourite, list or saved area). */
  origin: 'live' | 'saved' | null;
  loading: boolean;
  /** Why the live details are missing: the server no longer knows the id, the device is offline, or an error. */
  problemKind: 'gone' | 'offline' | 'error' | null;
  /** The same in words, for the driver. */
  problem: string | null;
}

/** The copy of station `id` kept on this device: what the caller knows, a favourite, or a saved list. */
function copyOnDevice(id: string, known: StationSummary | null | undefined): StationSummary | null {
  return known ?? readFavourites().find((f) => f.id === id)?.station ?? savedStation(id);
}

/**
 * A station by id: fresh from the API once per id, falling back to a copy saved on this device (favourite,
 * the last list or the saved area) when offline. `known` is only a fallback: a new object for the same id
 * (the finder passes one on every GPS fix) never triggers another request.
 */
export function useStation(id: string, known?: StationSummary | null): StationState {
  // Read through a ref: the request depends on the id only.
  const knownRef = useRef(known);
  knownRef.current = known;
  const [state, setState] = useState<StationState>(() => {
    const saved = copyOnDevice(id, known);
    return {
      station: saved,
      origin: saved ? 'saved' : null,
      loading: true,
      problemKind: null,
      problem: null,
    };
  });
  useEffect(() => {
    const controller = new AbortController();
    const fallback = copyOnDevice(id, knownRef.current);
    setState({
      station: fallback,
      origin: fallback ? 'saved' : null,
      loading: true,
      problemKind: null,
      problem: null,
    });
    fetchStation(id, controller.signal)
      .then((station) =>
        setState({ station, origin: 'live', loading: false, problemKind: null, problem: null }),
      )
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const gone = err instanceof FinderApiError && err.status === 404;
        const offline = !gone && !navigator.onLine;
        // A copy saved while the request was in flight (the list arrived meanwhile) still counts.
        const copy = copyOnDevice(id, knownRef.current) ?? fallback;
        setState({
          station: copy,
          origin: copy ? 'saved' : null,
          loading: false,
          problemKind: gone ? 'gone' : offline ? 'offline' : 'error',
          problem: gone
            ? t('finder.details.gone')
            : offline
              ? copy
                ? t('finder.details.offline')
                : t('finder.details.offlineNotSaved')
              : t('finder.details.couldNotLoadLatest', { error: (err as Error).message }),
        });
      });
    return () => controller.abort();
  }, [id]);
  return state;
}
