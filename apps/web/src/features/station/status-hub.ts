import { REPORT_LIMITS } from '@cng/shared/client';
import { openStatusStream, type StatusStreamHandlers } from './status-stream';

/** [minLon, minLat, maxLon, maxLat] in degrees. */
export type StatusBox = readonly [number, number, number, number];

/** What one part of the page wants live statuses for: some stations (with their positions when known), or a box. */
export interface StatusInterest {
  ids?: readonly string[];
  /** Positions of `ids`, so the hub can cover them with a box when it must follow one anyway. */
  points?: readonly { lon: number; lat: number }[];
  box?: StatusBox;
}

interface Subscriber {
  interest: StatusInterest;
  handlers: StatusStreamHandlers;
}

/** Fixed decimals: the API's bbox pattern takes no exponent notation (1e-7). */
const boxKey = (b: StatusBox) => b.map((v) => v.toFixed(5)).join(',');

/**
 * The query of the one stream that covers every interest: the stations' ids when no part of the page follows
 * a box and they fit the server's limit, else one box around every box and every known station position
 * (the server takes ids or a box, not both). Null when nobody wants anything.
 */
export function streamQuery(interests: readonly StatusInterest[]): string | null {
  const ids = [...new Set(interests.flatMap((i) => i.ids ?? []))].sort();
  const boxes = interests.flatMap((i) => (i.box ? [i.box] : []));
  if (!boxes.length && ids.length && ids.length <= REPORT_LIMITS.eventsMaxStations)
    return `stations=${encodeURIComponent(ids.join(',')).replace(/%2C/g, ',')}`;
  const points = interests.flatMap((i) => i.points ?? []);
  if (!boxes.length && !points.length) return null;
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const b of boxes)
    [w, s, e, n] = [Math.min(w, b[0]), Math.min(s, b[1]), Math.max(e, b[2]), Math.max(n, b[3])];
  for (const p of points)
    [w, s, e, n] = [Math.min(w, p.lon), Math.min(s, p.lat), Math.max(e, p.lon), Math.max(n, p.lat)];
  const clamp = (v: number, max: number) => Math.max(-max, Math.min(max, v));
  return `bbox=${boxKey([clamp(w, 180), clamp(s, 90), clamp(e, 180), clamp(n, 90)])}`;
}

/**
 * One status subscription (one EventSource on /api/events) for the whole page: the finder's list, its map
 * markers and an open station's details subscribe here instead of opening a stream each. The stream follows
 * the union of their interests; a change reopens it once (changes made together are batched), resuming after
 * the last event seen so nothing is missed in between. Every subscriber gets every event and keeps its own.
 */
export class StatusHub {
  private readonly subscribers = new Set<Subscriber>();
  private stream: { query: string; close: () => void } | null = null;
  private lastEventId: string | null = null;
  private scheduled = false;
  private connected = false;

  constructor(private readonly open: typeof openStatusStream = openStatusStream) {}

  /** Follows `interest` with `handlers` until the returned function is called. */
  subscribe(interest: StatusInterest, handlers: StatusStreamHandlers): () => void {
    const sub: Subscriber = { interest, handlers };
    this.subscribers.add(sub);
    if (this.connected) queueMicrotask(() => this.subscribers.has(sub) && handlers.onOpen?.());
    this.changed();
    return () => {
      if (!this.subscribers.delete(sub)) return;
      this.changed();
    };
  }

  /** The query of the stream open now, or null (for tests and the bench). */
  get openQuery(): string | null {
    return this.stream?.query ?? null;
  }

  private changed() {
    if (!this.subscribers.size) {
      this.reopen();
      return;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.reopen();
    });
  }

  private reopen() {
    const query = streamQuery([...this.subscribers].map((s) => s.interest));
    if (query === this.stream?.query) return;
    this.stream?.close();
    this.stream = null;
    this.connected = false;
    // Nobody follows anything: whoever comes next loads statuses afresh, with no resume point.
    if (query === null) {
      this.lastEventId = null;
      return;
    }
    const resume = this.lastEventId ? `&lastEventId=${encodeURIComponent(this.lastEventId)}` : '';
    const each = (fn: (h: StatusStreamHandlers) => void) => {
      for (const s of [...this.subscribers]) fn(s.handlers);
    };
    this.stream = {
      query,
      close: this.open(`${query}${resume}`, {
        onOpen: () => {
          this.connected = true;
          each((h) => h.onOpen?.());
        },
        onError: () => {
          this.connected = false;
          each((h) => h.onError?.());
        },
        onReady: (seq) => {
          this.lastEventId = String(seq);
        },
        onStatus: (event) => {
          this.lastEventId = String(event.seq);
          each((h) => h.onStatus(event));
        },
        onReset: (event) => {
          this.lastEventId = String(event.seq);
          each((h) => h.onReset(event));
        },
      }),
    };
  }
}

/** The page's one hub. */
export const statusHub = new StatusHub();
