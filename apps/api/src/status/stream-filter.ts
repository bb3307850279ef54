/** What one stream follows: a set of station ids, or a box [minLon, minLat, maxLon, maxLat]. */
export type StreamFilter = { stationIds: Set<string> } | { bbox: [number, number, number, number] };

/** True when a station at lon, lat with this id passes the filter; a box may cross the antimeridian. */
export function matchesFilter(filter: StreamFilter, stationId: string, lon: number, lat: number): boolean {
  if ('stationIds' in filter) return filter.stationIds.has(stationId);
  const [minLon, minLat, maxLon, maxLat] = filter.bbox;
  if (lat < minLat || lat > maxLat) return false;
  return minLon <= maxLon ? lon >= minLon && lon <= maxLon : lon >= minLon || lon <= maxLon;
}
