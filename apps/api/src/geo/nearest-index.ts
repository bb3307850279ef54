import { distanceKm, EARTH_RADIUS_KM } from '@cng/shared';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

/** geokdbush measures with a 6371 km sphere; radii are converted so the cut-off is ours, then re-checked. */
const GEOKDBUSH_RADIUS_KM = 6371;
// A hair of slack so rounding inside geokdbush never drops a point our own formula keeps.
const CUTOFF_SLACK = 1 + 1e-9;

export interface NearHit {
  /** Position of the point in the arrays the index was built from. */
  index: number;
  distanceKm: number;
}

/**
 * A static great-circle k-nearest-neighbour index over lon, lat points (kdbush tree, geokdbush search).
 * Build once, query many times; rebuild whole when the points change.
 */
export class NearestIndex {
  readonly size: number;
  private readonly tree: KDBush;
  /** The points' coordinates (read only: other indexes over the same points share them). */
  readonly lons: Float64Array;
  readonly lats: Float64Array;

  /** `lons[i], lats[i]` in degrees are point i. */
  constructor(lons: ArrayLike<number>, lats: ArrayLike<number>) {
    if (lons.length !== lats.length) throw new Error('NearestIndex: lons and lats must have the same length');
    this.size = lons.length;
    this.lons = Float64Array.from(lons);
    this.lats = Float64Array.from(lats);
    this.tree = new KDBush(this.size);
    for (let i = 0; i < this.size; i++) this.tree.add(this.lons[i]!, this.lats[i]!);
    this.tree.finish();
  }

  /**
   * Up to `limit` points within `radiusKm` of (lon, lat), nearest first, ties broken by index;
   * `keep(i)` filters points before they count towards the limit.
   */
  nearest(
    lon: number,
    lat: number,
    limit: number,
    radiusKm = Number.POSITIVE_INFINITY,
    keep?: (index: number) => boolean,
  ): NearHit[] {
    if (this.size === 0 || limit <= 0 || radiusKm < 0) return [];
    const geoRadius = Number.isFinite(radiusKm)
      ? (radiusKm * GEOKDBUSH_RADIUS_KM * CUTOFF_SLACK) / EARTH_RADIUS_KM + 1e-9
      : undefined;
    const ids = around(this.tree, lon, lat, limit, geoRadius, keep);
    const hits: NearHit[] = [];
    for (const index of ids) {
      const d = distanceKm(lon, lat, this.lons[index]!, this.lats[index]!);
      if (d <= radiusKm) hits.push({ index, distanceKm: d });
    }
    // geokdbush orders by its own rounding; re-sort on our distances so order and values agree exactly.
    hits.sort((a, b) => a.distanceKm - b.distanceKm || a.index - b.index);
    return hits;
  }

  /** Every point within `radiusKm` of (lon, lat), nearest first. */
  within(lon: number, lat: number, radiusKm: number): NearHit[] {
    return this.nearest(lon, lat, Number.POSITIVE_INFINITY, radiusKm);
  }

  /** Longitude of point i, degrees. */
  lonOf(index: number): number {
    return this.lons[index]!;
  }

  /** Latitude of point i, degrees. */
  latOf(index: number): number {
    return this.lats[index]!;
  }
}
