import whichPolygon from 'which-polygon';
import { readFileLimitedSync } from './input-limits';

/** Returns the region (state/province) name at lon, lat, or null outside every polygon. */
export type RegionLookup = (lon: number, lat: number) => string | null;

/** Property names that commonly hold a region's name in boundary files, tried in order. */
const NAME_PROPERTIES = ['STNAME_SH', 'name', 'NAME', 'NAME_1', 'st_nm', 'STNAME', 'state', 'region'];

/**
 * Loads a GeoJSON FeatureCollection of region polygons (for example India's states) into a point-in-polygon
 * index. Regions then come from coordinates, never from a source's own (often wrong) state field.
 */
export function loadRegionLookup(geojsonPath: string): RegionLookup {
  let data: { type?: string; features?: { properties?: Record<string, unknown> | null }[] };
  try {
    data = JSON.parse(readFileLimitedSync(geojsonPath, 'json'));
  } catch (err) {
    throw new Error(`Cannot read the regions file ${geojsonPath}: ${(err as Error).message}`);
  }
  if (data.type !== 'FeatureCollection' || !Array.isArray(data.features) || data.features.length === 0) {
    throw new Error(`The regions file ${geojsonPath} is not a GeoJSON FeatureCollection of polygons`);
  }
  const props = data.features[0]?.properties ?? {};
  const key = NAME_PROPERTIES.find((k) => typeof props[k] === 'string');
  if (!key) {
    throw new Error(
      `The regions file ${geojsonPath} has no name property (looked for ${NAME_PROPERTIES.join(', ')})`,
    );
  }
  const query = whichPolygon(data as Parameters<typeof whichPolygon>[0]);
  return (lon, lat) => {
    const hit = query([lon, lat]) as Record<string, unknown> | null;
    const name = hit?.[key];
    return typeof name === 'string' && name.trim() ? name.trim() : null;
  };
}
