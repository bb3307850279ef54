import type { StationSummary } from '@cng/shared/client';
import { useQuery } from '@tanstack/react-query';
import { t } from '../../i18n/i18n';
import { readFavourites } from '../favourites/favourites-store';
import { savedStation } from './offline-stations';
import { FinderApiError, fetchStation } from './station-api';

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

/** The query of one station's details: shared by the finder's dialog and the station page. */
export const stationQuery = (id: string) => ({
  queryKey: ['station', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchStation(id, signal),
  // One more try on a failure, but not for a station the server no longer knows, nor while offline (the saved
  // copy is shown at once, and the query asks again when the page shows the station again).
  retry: (failures: number, error: unknown) =>
    failures < 1 && navigator.onLine && !(error instanceof FinderApiError && error.status === 404),
});

/**
 * A station by id: fresh from the API once per id (TanStack Query, the app's one data layer), falling back to
 * a copy saved on this device (favourite, the last list or the saved area) when offline. `known` is only a
 * fallback: a new object for the same id (the finder passes one on every GPS fix) never asks again.
 */
export function useStation(id: string, known?: StationSummary | null): StationState {
  const { data, error, isPending } = useQuery(stationQuery(id));
  if (data) return { station: data, origin: 'live', loading: false, problemKind: null, problem: null };
  const copy = copyOnDevice(id, known);
  const origin = copy ? 'saved' : null;
  if (isPending) return { station: copy, origin, loading: true, problemKind: null, problem: null };
  const gone = error instanceof FinderApiError && error.status === 404;
  const offline = !gone && !navigator.onLine;
  return {
    station: copy,
    origin,
    loading: false,
    problemKind: gone ? 'gone' : offline ? 'offline' : 'error',
    problem: gone
      ? t('finder.details.gone')
      : offline
        ? copy
          ? t('finder.details.offline')
          : t('finder.details.offlineNotSaved')
        : t('finder.details.couldNotLoadLatest', { error: (error as Error).message }),
  };
}
