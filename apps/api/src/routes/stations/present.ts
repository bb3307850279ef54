import type { StationSummary } from '@cng/shared';
import type { StationIndex } from '../../geo/station-index';
import type { StatusProvider } from '../../plugins/station-index';

/** Station i of the snapshot as the API lists it: stored data, `openNow` at `now`, and live status. */
export function presentStation(
  index: StationIndex,
  i: number,
  now: Date,
  statusProvider: StatusProvider,
): StationSummary {
  const station = index.stations[i]!;
  return { ...station, openNow: index.openNow(i, now), status: statusProvider.summaryFor(station.id) };
}

export { badInput } from '../../lib/http-errors';

/** Parses "a,b,…" into exactly `count` finite numbers, or null. */
export function parseNumberList(raw: string, count: number): number[] | null {
  const parts = raw.split(',');
  if (parts.length !== count) return null;
  const numbers = parts.map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
  return numbers.every(Number.isFinite) ? numbers : null;
}

/** Cache lifetime of list answers: short, because they carry live status. */
export const LIST_CACHE_CONTROL = 'public, max-age=30';
