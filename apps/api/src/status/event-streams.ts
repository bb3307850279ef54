import type { ServerResponse } from 'node:http';
import type { StatusEvent } from '@cng/shared';
import type { StatusChange } from './status-cache';

/** What one stream follows: a set of station ids, or a box [minLon, minLat, maxLon, maxLat]. */
export type StreamFilter = { stationIds: Set<string> } | { bbox: [number, number, number, number] };

interface Stream {
  ip: string;
  filter: StreamFilter;
  res: ServerResponse;
  heartbeat: NodeJS.Timeout;
}

/** True when a station at lon, lat with this id passes the filter; a box may cross the antimeridian. */
export function matchesFilter(filter: StreamFilter, stationId: string, lon: number, lat: number): boolean {
  if ('stationIds' in filter) return filter.stationIds.has(stationId);
  const [minLon, minLat, maxLon, maxLat] = filter.bbox;
  if (lat < minLat || lat > maxLat) return false;
  return minLon <= maxLon ? lon >= minLon && lon <= maxLon : lon >= minLon || lon <= maxLon;
}

/** One server-sent event as text: id = the sequence, so a reconnect can resume after it. */
export function formatStatusEvent(event: StatusEvent): string {
  return `id: ${event.seq}\nevent: status\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * The open event streams of this instance: counts them per IP, fans status changes out to the streams
 * whose filter matches, sends heartbeats, and forgets a stream as soon as its connection closes.
 */
export class EventStreams {
  private readonly streams = new Set<Stream>();
  private readonly perIp = new Map<string, number>();

  constructor(private readonly options: { heartbeatMs: number; maxPerIp: number }) {}

  /** True when this IP may open one more stream. */
  canOpen(ip: string): boolean {
    return (this.perIp.get(ip) ?? 0) < this.options.maxPerIp;
  }

  /** Starts tracking an already-opened response; returns a function that writes to it (false once closed). */
  add(ip: string, filter: StreamFilter, res: ServerResponse): (text: string) => boolean {
    const stream: Stream = {
      ip,
      filter,
      res,
      // A comment line keeps proxies and mobile networks from dropping an idle connection.
      heartbeat: setInterval(() => res.write(': ping\n\n'), this.options.heartbeatMs),
    };
    this.streams.add(stream);
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1);
    res.on('close', () => this.remove(stream));
    return (text) => {
      if (!this.streams.has(stream)) return false;
      res.write(text);
      return true;
    };
  }

  /** Sends a status change to every stream that follows the station. */
  broadcast(change: StatusChange): void {
    const text = formatStatusEvent({ stationId: change.stationId, seq: change.seq, status: change.status });
    for (const s of this.streams) {
      if (matchesFilter(s.filter, change.stationId, change.lon, change.lat)) s.res.write(text);
    }
  }

  /** Open streams, in total or for one IP. */
  count(ip?: string): number {
    return ip === undefined ? this.streams.size : (this.perIp.get(ip) ?? 0);
  }

  /** Ends every stream (server shutdown); clients reconnect elsewhere with Last-Event-ID. */
  closeAll(): void {
    for (const s of [...this.streams]) {
      this.remove(s);
      s.res.end();
    }
  }

  private remove(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    clearInterval(stream.heartbeat);
    const n = (this.perIp.get(stream.ip) ?? 1) - 1;
    if (n > 0) this.perIp.set(stream.ip, n);
    else this.perIp.delete(stream.ip);
  }
}
