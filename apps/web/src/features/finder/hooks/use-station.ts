import type { StationSummary } from '@cng/shared';
import { useEffect, useState } from 'react';
import { FinderApiError, fetchStation } from '../api/finder-api';
import { readFavourites } from '../utils/favourites-store';

export interface StationState {
  station: StationSummary | null;
  /** 'live': fresh from the server; 'saved': the copy kept with a favourite or the list (offline or gone). */
  origin: 'live' | 'saved' | null;
  loading: boolean;
  /** Set when the server does not know the id any more, or cannot be reached and nothing is saved. */
  problem: string | null;
}

/** A station by id: fresh from the API, falling back to a saved copy (favourite or list row) when offline. */
export function useStation(id: string, known?: StationSummary | null): StationState {
  const saved = known ?? readFavourites().find((f) => f.id === id)?.station ?? null;
  const [state, setState] = useState<StationState>({
    station: saved,
    origin: saved ? 'saved' : null,
    loading: true,
    problem: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    const fallback = known ?? readFavourites().find((f) => f.id === id)?.station ?? null;
    setState({ station: fallback, origin: fallback ? 'saved' : null, loading: true, problem: null });
    fetchStation(id, controller.signal)
      .then((station) => setState({ station, origin: 'live', loading: false, problem: null }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const gone = err instanceof FinderApiError && err.status === 404;
        setState({
          station: fallback,
          origin: fallback ? 'saved' : null,
          loading: false,
          problem: gone
            ? 'This station is no longer in our data (it may have closed or been removed by its source).'
            : navigator.onLine
              ? `Could not load the latest details: ${(err as Error).message}`
              : 'You are offline.',
        });
      });
    return () => controller.abort();
  }, [id, known]);
  return state;
}
