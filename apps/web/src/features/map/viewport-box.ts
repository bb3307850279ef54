/** A map box as the API takes it: [minLon, minLat, maxLon, maxLat], degrees; minLon > maxLon crosses ±180. */
export type Box = [number, number, number, number];

/** Leaflet longitudes can run past ±180 after panning around the world; the API wants them wrapped. */
const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/**
 * The API box for a view's raw bounds (west, south, east, north as Leaflet gives them, longitudes unwrapped),
 * grown by `padFraction` of its size on every side so that following a moving driver stays inside it.
 */
export function paddedBox(
  west: number,
  south: number,
  east: number,
  north: number,
  padFraction: number,
): Box {
  const padLon = (east - west) * padFraction;
  const padLat = (north - south) * padFraction;
  const w = west - padLon;
  const e = east + padLon;
  if (e - w >= 360) return [-180, Math.max(-90, south - padLat), 180, Math.min(90, north + padLat)];
  return [wrapLon(w), Math.max(-90, south - padLat), wrapLon(e), Math.min(90, north + padLat)];
}

/** The longitude span of a box in degrees, going east from its west edge (handles boxes across ±180). */
const lonSpan = (b: Box) => (b[2] >= b[0] ? b[2] - b[0] : b[2] + 360 - b[0]);

/** True when box `inner` lies wholly inside box `outer` (both API boxes, possibly across ±180). */
export function boxContains(outer: Box, inner: Box): boolean {
  if (inner[1] < outer[1] || inner[3] > outer[3]) return false;
  const outerSpan = lonSpan(outer);
  if (outerSpan >= 360) return true;
  // Measure the inner box's west edge east of the outer's west edge; it must then fit in the remaining span.
  const offset = (((inner[0] - outer[0]) % 360) + 360) % 360;
  return offset + lonSpan(inner) <= outerSpan + 1e-9;
}

export interface LoadedView {
  box: Box;
  zoom: number;
}

/**
 * Whether the map must ask the API again: nothing loaded yet, another zoom (clusters differ per zoom), or the
 * visible box has left the padded box loaded last. Panning a few hundred metres to follow the driver does not.
 */
export function needsReload(loaded: LoadedView | null, visible: Box, zoom: number): boolean {
  return !loaded || loaded.zoom !== zoom || !boxContains(loaded.box, visible);
}
