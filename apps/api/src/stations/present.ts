import { ApiErrorSchema, lastConfirmedOf, type StationSummary } from '@cng/shared';
import { Type } from 'typebox';
import type { JsonBytes } from '../lib/json-bytes';
import { DECIMAL_NUMBER } from '../plugins/query-shape';
import type { StationIndex } from './station-index';
import type { StatusProvider } from './station-index-plugin';
import { stationListJson } from './station-json';

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

/**
 * presentStation as JSON, appended to a list answer on the hot path (see stationListJson: each station's JSON
 * is made once and reused, in UTF-8, while its openNow and unknown status stay the same). `extra` is more
 * `,"key":value` pairs for the station, already serialised.
 */
export function addStationJson(
  out: JsonBytes,
  index: StationIndex,
  i: number,
  now: Date,
  statusProvider: StatusProvider,
  extra = '',
): JsonBytes {
  return out.add(stationListJson(index, i, now, statusProvider)).text(`${extra}}`);
}

/** The content type Fastify gives JSON; a string sent with it goes out as it is, unserialised. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

import { badInput } from '../lib/http-errors';

export { badInput };

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

/** Parses a `lat,lon` query value; throws a 400 naming `field` and the broken rule. */
export function parseLatLon(raw: string, field: string): { lat: number; lon: number } {
  const numbers = parseNumberList(raw, 2);
  if (!numbers) throw badInput(field, 'must be lat,lon: two comma-separated numbers');
  const [lat, lon] = numbers as [number, number];
  if (lat < -90 || lat > 90) throw badInput(field, 'latitude must be between -90 and 90');
  if (lon < -180 || lon > 180) throw badInput(field, 'longitude must be between -180 and 180');
  return { lat, lon };
}

/** Cache lifetime of list answers: short, because they carry live status. */
export const LIST_CACHE_CONTROL = 'public, max-age=30';

/** The 429 every rate-limited route may answer, documented once. */
export const RATE_LIMITED_RESPONSE = Type.Object(ApiErrorSchema.properties, {
  description: 'Too many requests from this address this minute; retry after `Retry-After` seconds',
});
