import type { StationSummary } from '@cng/shared/client';

/** A minimal station row for the finder's unit tests: only the fields the nearest and offline lists read. */
export function testStation(
  id: string,
  lon: number,
  lat: number,
  extra: Partial<StationSummary> = {},
): StationSummary {
  return {
    id,
    name: id,
    lon,
    lat,
    brand: null,
    operator: null,
    openNow: null,
    status: { status: 'unknown' },
    ...extra,
  } as unknown as StationSummary;
}
