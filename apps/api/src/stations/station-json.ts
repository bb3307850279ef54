import {
  lastConfirmedOf,
  type StatusSummary,
  StatusSummarySchema,
  StatusWhySchema,
  UNKNOWN_STATUS,
} from '@cng/shared';
import type { StationIndex } from './station-index';
import type { StatusProvider } from './station-index-plugin';

/** The fields of a status and of its `why` parts (JSON.stringify's key list applies at every depth). */
const STATUS_KEYS = [
  ...Object.keys(StatusSummarySchema.properties),
  ...new Set(StatusWhySchema.anyOf.flatMap((part) => Object.keys(part.properties))),
  ...Object.keys(StatusWhySchema.anyOf[2].properties.votes.items.properties),
];
const UNKNOWN_STATUS_JSON = JSON.stringify(UNKNOWN_STATUS, STATUS_KEYS);

/** A live status as JSON text, with only the fields of StatusSummarySchema (as the schema serialiser would). */
function statusJson(status: StatusSummary): string {
  return status === UNKNOWN_STATUS ? UNKNOWN_STATUS_JSON : JSON.stringify(status, STATUS_KEYS);
}

/** openNow as a small code, 0 meaning "no reusable text". */
const openCode = (open: boolean | null) => (open === null ? 3 : open ? 2 : 1);

/**
 * The list JSON of one snapshot's stations, made on first use and kept with the snapshot (a rebuild makes a
 * new StationIndex, hence a new cache; the old one goes with the old snapshot). Nothing is made for
 * stations no answer has listed, so a 200,000-station index costs only what is asked for.
 */
interface SnapshotJson {
  /** Station i's JSON up to and including `lastConfirmed`, without the closing brace, in UTF-8. */
  bytes: (Buffer | undefined)[];
  /** Where those bytes are kept. */
  arena: ByteArena;
  /** What `bytes[i]` was made for: openCode of its openNow with the unknown status; 0 = not kept. */
  madeFor: Uint8Array;
}

/** Size of an arena's slabs: many stations' JSON each (~1.5 KB a station). */
const SLAB_BYTES = 64 * 1024;

/**
 * Bytes kept as long as a snapshot, in slabs of their own. Not Node's shared pool, where Buffer.from puts
 * small buffers: one kept station would hold a whole 8 KB slab of short-lived answers alive with it.
 */
class ByteArena {
  private slab = Buffer.allocUnsafeSlow(0);
  private used = 0;

  /**
   * `text` in UTF-8: in a slab, or in a buffer of its own when it is large or `replaces` one kept before (a
   * station whose openNow flipped: what a slab holds is never freed before the snapshot, so one flipping twice a
   * day would grow it without end, and its own buffer goes when the next flip replaces it).
   */
  keep(text: string, replaces: boolean): Buffer {
    const length = Buffer.byteLength(text);
    if (replaces || length > SLAB_BYTES / 4) {
      const own = Buffer.allocUnsafeSlow(length);
      own.write(text);
      return own;
    }
    if (this.used + length > this.slab.length) {
      this.slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
      this.used = 0;
    }
    const bytes = this.slab.subarray(this.used, this.used + length);
    bytes.write(text);
    this.used += length;
    return bytes;
  }
}

const snapshots = new WeakMap<StationIndex, SnapshotJson>();

function snapshotJson(index: StationIndex): SnapshotJson {
  let json = snapshots.get(index);
  if (!json) {
    json = { bytes: new Array(index.size), arena: new ByteArena(), madeFor: new Uint8Array(index.size) };
    snapshots.set(index, json);
  }
  return json;
}

/**
 * Station i as the lists show it (StationSummarySchema: stored data, `openNow` at `now`, live status and
 * `lastConfirmed`) as JSON without its closing `}`, so a route can add its own fields (distance, bearing)
 * and close it: UTF-8 bytes when they are kept between answers, else text (add either to a JsonBytes).
 *
 * Per call only what may change is worked out: openNow at `now` and the live status. Most stations have no
 * live status (the unknown one); for them the whole JSON is kept, in UTF-8, and reused as long as openNow is
 * what it was made for. A station with a status that counts is made again on every call around its stored
 * part, which is serialised once: its status decays with the clock, so yesterday's text would be wrong. A
 * status change is therefore seen by the very next answer, without any notification.
 */
export function stationListJson(
  index: StationIndex,
  i: number,
  now: Date,
  statusProvider: StatusProvider,
): Buffer | string {
  const json = snapshotJson(index);
  const status = statusProvider.summaryFor(index.idOf(i));
  const open = index.openNow(i, now);
  const code = status === UNKNOWN_STATUS ? openCode(open) : 0;
  const made = json.bytes[i];
  if (made !== undefined && code !== 0 && json.madeFor[i] === code) return made;
  // The stored part is serialised once per snapshot by the index (stationJsonHead).
  const sourceConfirmedAt = index.sourceConfirmedAt(i);
  const confirmed = lastConfirmedOf({ sourceConfirmedAt, lastSeenAt: sourceConfirmedAt }, status);
  const text = `${index.stationJsonHead(i)},"openNow":${open},"status":${statusJson(status)},"lastConfirmed":${JSON.stringify(confirmed)}`;
  // Keep the unknown-status JSON (the common one); one with a live status is made again each time.
  if (code === 0) return text;
  const bytes = json.arena.keep(text, made !== undefined);
  json.bytes[i] = bytes;
  json.madeFor[i] = code;
  return bytes;
}
