import type { ServerResponse } from 'node:http';
import type { StatusEvent } from '@cng/shared';
import { networkOf } from './network-hash';
import type { StatusChange } from './status-cache';
import { matchesFilter, type StreamFilter } from './stream-filter';

/** One server-sent event as text: id = the sequence, so a reconnect can resume after it. */
export function formatStatusEvent(event: StatusEvent): string {
  return `id: ${event.seq}\nevent: status\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Limits of one instance's streams. */
export interface StreamLimits {
  heartbeatMs: number;
  /** Streams from one network: an IPv4 address, or an IPv6 /64 (one line or phone can use any address in it). */
  maxPerNetwork: number;
  /** Streams this instance holds at once. */
  maxStreams: number;
  /**
   * Events a stream may have waiting while its client does not read. Past it the client is dropped: it comes
   * back with Last-Event-ID and is replayed what it missed.
   */
  maxQueued: number;
}

interface Stream {
  network: string;
  filter: StreamFilter;
  res: ServerResponse;
  heartbeat: NodeJS.Timeout;
  /** True while the socket refuses more (write returned false) and until it drains. */
  blocked: boolean;
  /**
   * What waits while blocked, oldest first, keyed so that a station's newer state replaces its older one:
   * events carry whole states, so a slow client only ever needs the latest of each station.
   */
  queued: Map<string, string>;
}

/** Why a stream cannot be opened now, or null when it can. */
export type OpenRefusal = 'network' | 'instance' | null;

/**
 * The open event streams of this instance: counts them per network and in total, fans status changes out to
 * the streams whose filter matches, sends heartbeats, and forgets a stream as soon as its connection closes.
 * Writes respect backpressure: while a client does not read, its events wait in a small coalescing queue
 * instead of piling up in memory, and a client whose queue passes `maxQueued` is dropped.
 */
export class EventStreams {
  private readonly streams = new Set<Stream>();
  private readonly perNetwork = new Map<string, number>();
  /** Streams dropped for not reading, since start (for the log and tests). */
  dropped = 0;

  constructor(private readonly options: StreamLimits) {}

  /** Whether one more stream may open for a client at `ip`, and if not, which limit is full. */
  refusal(ip: string): OpenRefusal {
    if (this.streams.size >= this.options.maxStreams) return 'instance';
    return (this.perNetwork.get(networkKey(ip)) ?? 0) < this.options.maxPerNetwork ? null : 'network';
  }

  /**
   * Starts tracking an already-opened response; returns a function that sends one event to it (false once the
   * stream is gone). `key` makes a newer event replace an older one with the same key while the client lags.
   */
  add(ip: string, filter: StreamFilter, res: ServerResponse): (text: string, key?: string) => boolean {
    const stream: Stream = {
      network: networkKey(ip),
      filter,
      res,
      // A comment line keeps proxies and mobile networks from dropping an idle connection.
      heartbeat: setInterval(() => {
        if (!stream.blocked) this.write(stream, ': ping\n\n');
      }, this.options.heartbeatMs),
      blocked: false,
      queued: new Map(),
    };
    this.streams.add(stream);
    this.perNetwork.set(stream.network, (this.perNetwork.get(stream.network) ?? 0) + 1);
    res.on('close', () => this.remove(stream));
    res.on('drain', () => this.flush(stream));
    return (text, key) => this.streams.has(stream) && this.write(stream, text, key);
  }

  /** Sends a status change to every stream that follows the station. */
  broadcast(change: StatusChange): void {
    const text = formatStatusEvent({ stationId: change.stationId, seq: change.seq, status: change.status });
    for (const s of this.streams) {
      if (matchesFilter(s.filter, change.stationId, change.lon, change.lat))
        this.write(s, text, change.stationId);
    }
  }

  /** Open streams, in total or from the network of one IP. */
  count(ip?: string): number {
    return ip === undefined ? this.streams.size : (this.perNetwork.get(networkKey(ip)) ?? 0);
  }

  /** Bytes held in memory for all streams: unsent socket buffers plus queued events. */
  bufferedBytes(): number {
    let bytes = 0;
    for (const s of this.streams) {
      bytes += s.res.writableLength;
      for (const text of s.queued.values()) bytes += text.length;
    }
    return bytes;
  }

  /** Ends every stream (server shutdown); clients reconnect elsewhere with Last-Event-ID. */
  closeAll(): void {
    for (const s of [...this.streams]) {
      this.remove(s);
      s.res.end();
    }
  }

  /** Writes now, or queues while the client lags; drops the client when its queue is full. */
  private write(stream: Stream, text: string, key?: string): boolean {
    if (!stream.blocked) {
      if (!stream.res.write(text)) stream.blocked = true;
      return true;
    }
    const k = key ?? `#${stream.queued.size}:${text.length}:${Date.now()}`;
    // Delete first, so a replaced state moves to the end: the queue stays in the order of the latest changes.
    stream.queued.delete(k);
    stream.queued.set(k, text);
    if (stream.queued.size > this.options.maxQueued) {
      this.dropped++;
      this.remove(stream);
      // The client reconnects (EventSource does on its own) with Last-Event-ID and is replayed the changes.
      stream.res.destroy();
      return false;
    }
    return true;
  }

  /** The socket took what it had: send what waited, in order, until it refuses again. */
  private flush(stream: Stream): void {
    stream.blocked = false;
    for (const [k, text] of stream.queued) {
      stream.queued.delete(k);
      if (!stream.res.write(text)) {
        stream.blocked = true;
        return;
      }
    }
  }

  private remove(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    clearInterval(stream.heartbeat);
    stream.queued.clear();
    const n = (this.perNetwork.get(stream.network) ?? 1) - 1;
    if (n > 0) this.perNetwork.set(stream.network, n);
    else this.perNetwork.delete(stream.network);
  }
}

/** The key streams are counted under: the network of `ip` (IPv6 /64), or the address itself. */
const networkKey = (ip: string): string => networkOf(ip) ?? ip;
