import {
  ApiErrorSchema,
  lastConfirmedOf,
  type StationSummary,
  type StatusSummary,
  StatusSummarySchema,
  UNKNOWN_STATUS,
} from '@cng/shared';
import { Type } from 'typebox';
import type { StationIndex } from '../../geo/station-index';
import { DECIMAL_NUMBER } from '../../plugins/query-shape';
import type { StatusProvider } from '../../plugins/station-index';

/** Station i of the snapshot as the API lists it: stored data, `openNow` at `now`, and live status. */
export function presentStation(
  index: StationIndex,
  i: number,
  now: Date,
  statusProvider: StatusProvider,
): StationSummary {
  const station = index.station(i);
  const status = statusProvider.summaryFor(station.id);
  return {
    ...station,
    openNow: index.openNow(i, now),
    status,
    lastConfirmed: lastConfirmedOf(station, status),
  };
}

const STATUS_KEYS = Object.keys(StatusSummarySchema.properties);
const UNKNOWN_STATUS_JSON = JSON.stringify(UNKNOWN_STATUS, STATUS_KEYS);

/** A live status as JSON text, with only the fields of StatusSummarySchema (as the schema serialiser would). */
function statusJson(status: StatusSummary): string {
  return status === UNKNOWN_STATUS ? UNKNOWN_STATUS_JSON : JSON.stringify(status, STATUS_KEYS);
}

/**
 * presentStation as JSON text, for lists on the hot path: the stored part comes serialised once per snapshot
 * (StationIndex.stationJsonHead), so an answer costs no object copies and no per-field serialisation.
 * `extra` is more `,"key":value` pairs for the station, already serialised.
 */
export function presentStationJson(
  index: StationIndex,
  i: number,
  now: Date,
  statusProvider: StatusProvider,
  extra = '',
): string {
  const summary = statusProvider.summaryFor(index.idOf(i));
  const sourceConfirmedAt = index.sourceConfirmedAt(i);
  const confirmed = JSON.stringify(
    lastConfirmedOf({ sourceConfirmedAt, lastSeenAt: sourceConfirmedAt }, summary),
  );
  return `${index.stationJsonHead(i)},"openNow":${index.openNow(i, now)},"status":${statusJson(summary)},"lastConfirmed":${confirmed}${extra}}`;
}

/** The content type Fastify gives JSON; a string sent with it goes out as it is, unserialised. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export { badInput } from '../../lib/http-errors';

/**
 * Parses "a,b,…" into exactly `count` finite numbers, or null. Each part must be a plain decimal, like
 * every other query number (`Number` alone would read "0x1", "0b1" and " 1").
 */
export function parseNumberList(raw: string, count: number): number[] | null {
  const parts = raw.split(',');
  if (parts.length !== count || !parts.every((p) => DECIMAL_NUMBER.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every(Number.isFinite) ? numbers : null;
}

/** Cache lifetime of list answers: short, because they carry live status. */
export const LIST_CACHE_CONTROL = 'public, max-age=30';

/** The 429 every rate-limited route may answer, documented once. */
export const RATE_LIMITED_RESPONSE = Type.Object(ApiErrorSchema.properties, {
  description: 'Too many requests from this address this minute; retry after `Retry-After` seconds',
});
