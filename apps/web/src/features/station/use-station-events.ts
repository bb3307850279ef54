import { REPORT_LIMITS, type StatusSummary } from '@cng/shared/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { fetchStatuses } from './station-api';
import { statusHub } from './status-hub';

export interface StationEvents {
  /** Latest status per station received on the stream (stations without news are absent). */
  statuses: Record<string, StatusSummary>;
  /** Latest event sequence per station: changes when a station's reports change (refresh timelines). */
  seqs: Record<string, number>;
  /** True while the stream is open; the browser reconnects by itself, resuming with Last-Event-ID. */
  connected: boolean;
}

const EMPTY: StationEvents = { statuses: {}, seqs: {}, connected: false };

/** The stream key: sorted, distinct ids, at most the server's limit. */
export function eventStreamKey(stationIds: readonly string[]): string {
  return [...new Set(stationIds)].sort().slice(0, REPORT_LIMITS.eventsMaxStations).join(',');
}

/**
 * Live status changes of the given stations, from the page's one status subscription (status-hub.ts; one
 * EventSource on /api/events for the list, the map and the details together). `points`, the stations'
 * positions when known, let the hub cover them when it follows a box. After a `reset` (the server could not
 * replay what was missed), fetches every station's status again from /api/status.
 */
export function useStationEvents(
  stationIds: readonly string[],
  points: readonly { lon: number; lat: number }[] = [],
): StationEvents {
  const key = eventStreamKey(stationIds);
  const [state, setState] = useState<StationEvents>(EMPTY);
  const queryClient = useQueryClient();
  const latestPoints = useRef(points);
  latestPoints.current = points;
  useEffect(() => {
    setState(EMPTY);
    if (!key) return;
    const wanted = new Set(key.split(','));
    const ids = encodeURIComponent(key).replace(/%2C/g, ',');
    const close = statusHub.subscribe(
      { ids: [...wanted], points: latestPoints.current },
      {
        onOpen: () => setState((s) => ({ ...s, connected: true })),
        onError: () => setState((s) => ({ ...s, connected: false })),
        onStatus: (event) =>
          // The one stream carries other parts' stations too: keep only ours.
          wanted.has(event.stationId) &&
          setState((s) => ({
            connected: true,
            statuses: { ...s.statuses, [event.stationId]: event.status },
            seqs: { ...s.seqs, [event.stationId]: event.seq },
          })),
        onReset: (reset) => {
          // Fresh from the server, never from the data cache: the reset says what the page holds is stale.
          queryClient
            .fetchQuery({
              queryKey: ['statuses', key, reset.seq],
              queryFn: ({ signal }) => fetchStatuses(ids, signal),
              staleTime: 0,
            })
            .then(({ statuses }) => {
              // Every station may have changed: new statuses, and a new sequence so timelines refetch too.
              const seqs = Object.fromEntries(Object.keys(statuses).map((id) => [id, reset.seq]));
              setState((s) => ({
                connected: true,
                statuses: { ...s.statuses, ...statuses },
                seqs: { ...s.seqs, ...seqs },
              }));
            })
            .catch(() => {
              // Offline or failing: the page keeps what it shows; the next event or reconnect corrects it.
            });
        },
      },
    );
    return () => {
      void queryClient.cancelQueries({ queryKey: ['statuses', key] });
      close();
    };
  }, [key, queryClient]);
  return state;
}
