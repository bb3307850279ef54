import { REPORT_LIMITS, type StatusEvent, type StatusSummary } from '@cng/shared';
import { useEffect, useState } from 'react';

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

/** Live status changes of the given stations over one EventSource on /api/events. */
export function useStationEvents(stationIds: readonly string[]): StationEvents {
  const key = eventStreamKey(stationIds);
  const [state, setState] = useState<StationEvents>(EMPTY);
  useEffect(() => {
    setState(EMPTY);
    if (!key || typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/events?stations=${encodeURIComponent(key).replace(/%2C/g, ',')}`);
    source.onopen = () => setState((s) => ({ ...s, connected: true }));
    source.onerror = () => setState((s) => ({ ...s, connected: false }));
    source.addEventListener('status', (e) => {
      const event = JSON.parse((e as MessageEvent<string>).data) as StatusEvent;
      setState((s) => ({
        connected: true,
        statuses: { ...s.statuses, [event.stationId]: event.status },
        seqs: { ...s.seqs, [event.stationId]: event.seq },
      }));
    });
    return () => source.close();
  }, [key]);
  return state;
}
