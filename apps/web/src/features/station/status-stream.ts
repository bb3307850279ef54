import type { StatusEvent, StreamResetEvent } from '@cng/shared/client';

export interface StatusStreamHandlers {
  onStatus(event: StatusEvent): void;
  /** The server could not replay what was missed: fetch the statuses shown again. */
  onReset(event: StreamResetEvent): void;
  onOpen?(): void;
  onError?(): void;
  /** The stream is live from event id `seq` on (a resume point for the next stream). */
  onReady?(seq: number): void;
}

/**
 * Opens one EventSource on /api/events with `query` (`stations=a,b` or `bbox=w,s,e,n`) and hands its
 * `status` and `reset` events to the handlers; returns the function that closes it. The browser reconnects
 * by itself and resumes with Last-Event-ID. Without EventSource (old browsers, tests), does nothing.
 */
export function openStatusStream(query: string, handlers: StatusStreamHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  const source = new EventSource(`/api/events?${query}`);
  source.onopen = () => handlers.onOpen?.();
  source.onerror = () => handlers.onError?.();
  source.addEventListener('status', (e) => {
    handlers.onStatus(JSON.parse((e as MessageEvent<string>).data) as StatusEvent);
  });
  source.addEventListener('ready', (e) => {
    const seq = Number((JSON.parse((e as MessageEvent<string>).data) as { seq?: unknown }).seq);
    if (Number.isFinite(seq)) handlers.onReady?.(seq);
  });
  source.addEventListener('reset', (e) => {
    handlers.onReset(JSON.parse((e as MessageEvent<string>).data) as StreamResetEvent);
  });
  return () => source.close();
}
