import { distanceKm, EARTH_RADIUS_KM } from '@cng/shared';
import { around } from 'geokdbush';
import KDBush from 'kdbush';

/** geokdbush measures with a 6371 km sphere; radii are converted so the cut-off is ours, then re-checked. */
const GEOKDBUSH_RADIUS_KM = 6371;
// A hair of slack so rounding (inside geokdbush, or in a box or chord bound) never drops a point our own formula keeps.
const CUTOFF_SLACK = 1 + 1e-9;
const RAD = Math.PI / 180;
/**
 * Above this many points in a radius's bounding box, ranking them all costs more than geokdbush's best-first
 * search (which visits about `limit` points however dense the data). Below it, the box is the faster way by far:
 * on the real stations a 50 km, 10-station query took 0.5 µs this way against 8–10 µs with geokdbush.
 */
const BOX_MAX_CANDIDATES = 4096;
/** How much each next box grows when the first held too few points (see firstBoxKm). */
const BOX_GROWTH = 4;
/** The first box is meant to hold about this many times `limit` points. */
const FIRST_BOX_FILL = 2;
/** Degrees per side of the cells that count points, for the first box's size: ~28 km, about a city. */
const CELL_DEG = 0.25;
const CELL_COLUMNS = 360 / CELL_DEG;
const CELL_ROWS = 180 / CELL_DEG;
const KM_PER_DEG = (EARTH_RADIUS_KM * Math.PI) / 180;
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
  /** Point i as a unit vector (xs, ys, zs): the squared chord to a query orders points by great-circle distance. */
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly zs: Float64Array;
  /** Points per cell of CELL_DEG (row by latitude from -90, column by longitude from -180), at most 65,535. */
  private readonly cells: Uint16Array;

  /** `lons[i], lats[i]` in degrees are point i. */
  constructor(lons: ArrayLike<number>, lats: ArrayLike<number>) {
    if (lons.length !== lats.length) throw new Error('NearestIndex: lons and lats must have the same length');
    this.size = lons.length;
    this.lons = Float64Array.from(lons);
    this.lats = Float64Array.from(lats);
    this.tree = new KDBush(this.size);
    for (let i = 0; i < this.size; i++) this.tree.add(this.lons[i]!, this.lats[i]!);
    this.tree.finish();
    this.xs = new Float64Array(this.size);
    this.ys = new Float64Array(this.size);
    this.zs = new Float64Array(this.size);
    for (let i = 0; i < this.size; i++) {
      const φ = this.lats[i]! * RAD;
      const λ = this.lons[i]! * RAD;
      this.xs[i] = Math.cos(φ) * Math.cos(λ);
      this.ys[i] = Math.cos(φ) * Math.sin(λ);
      this.zs[i] = Math.sin(φ);
    }
    this.cells = new Uint16Array(CELL_COLUMNS * CELL_ROWS);
    for (let i = 0; i < this.size; i++) {
      const cell = cellOf(this.lons[i]!, this.lats[i]!);
      if (this.cells[cell]! < 65_535) this.cells[cell]!++;
    }
  }

  /**
   * The first box's radius for the `limit` nearest points within `radiusKm`: from the density of points in the
   * query's cell, the radius whose box holds about FIRST_BOX_FILL × limit of them. Where the cell is empty or
   * sparse that is the whole radius, one box as ever; in a city (the real stations within 50 km of central
   * Delhi number 128) a box of a few km, ranking tens of points instead of all of them.
   */
  private firstBoxKm(lon: number, lat: number, limit: number, radiusKm: number): number {
    const points = this.cells[cellOf(lon, lat)]!;
    if (points === 0) return radiusKm;
    const areaKm2 = (CELL_DEG * KM_PER_DEG) ** 2 * Math.max(0.05, Math.cos(lat * RAD));
    // A box of side 2r holds about density × 4r² points.
    const r = Math.sqrt((FIRST_BOX_FILL * limit * areaKm2) / points) / 2;
    return Math.min(Math.max(r, 0.5), radiusKm);
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
    // Not a point (NaN): nothing is near it, and the growing box below would never end.
    if (this.size === 0 || limit <= 0 || radiusKm < 0 || !Number.isFinite(lon) || !Number.isFinite(lat))
      return [];
    if (Number.isFinite(radiusKm) && limit === Number.POSITIVE_INFINITY)
      return this.rank(this.inBoundingBox(lon, lat, radiusKm), lon, lat, limit, radiusKm, keep);
    if (Number.isFinite(radiusKm)) {
      // A driver's query has a radius: the points in a bounding box, ranked, unless the box is crowded. The box
      // grows from firstBoxKm until it holds `limit` points within its own radius or reaches `radiusKm`: every
      // point within r is in the box of r, so once `limit` of them are found none outside can be nearer.
      for (let r = this.firstBoxKm(lon, lat, limit, radiusKm); ; r = Math.min(r * BOX_GROWTH, radiusKm)) {
        const candidates = this.inBoundingBox(lon, lat, r);
        if (candidates.length > BOX_MAX_CANDIDATES) break;
        const hits = this.rank(candidates, lon, lat, limit, r, keep);
        if (hits.length >= limit || r >= radiusKm) return hits;
      }
    }
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
    return hits.sort(byDistanceThenIndex);
  }

  /**
   * Every point in the lon/lat box around the spherical cap of `radiusKm` about (lon, lat), and a few beyond it:
   * the cap spans ±radius in latitude and ±asin(sin r / cos φ) in longitude; a cap over a pole spans every
   * longitude, and a box over the antimeridian is searched as two.
   */
  private inBoundingBox(lon: number, lat: number, radiusKm: number): number[] {
    const r = radiusKm / EARTH_RADIUS_KM;
    const dLat = (r / RAD) * CUTOFF_SLACK + 1e-9;
    const minLat = lat - dLat;
    const maxLat = lat + dLat;
    const s = Math.sin(Math.min(r, Math.PI / 2)) / Math.cos(lat * RAD);
    if (r >= Math.PI / 2 || maxLat >= 90 || minLat <= -90 || !(s < 1))
      return this.tree.range(-180, minLat, 180, maxLat);
    const dLon = (Math.asin(s) / RAD) * CUTOFF_SLACK + 1e-9;
    const west = lon - dLon;
    const east = lon + dLon;
    if (east - west >= 360) return this.tree.range(-180, minLat, 180, maxLat);
    if (west < -180)
      return this.tree
        .range(west + 360, minLat, 180, maxLat)
        .concat(this.tree.range(-180, minLat, east, maxLat));
    if (east > 180)
      return this.tree
        .range(west, minLat, 180, maxLat)
        .concat(this.tree.range(-180, minLat, east - 360, maxLat));
    return this.tree.range(west, minLat, east, maxLat);
  }

  /**
   * The `limit` nearest of `candidates` within `radiusKm` that `keep` accepts, nearest first. Points are
   * compared by squared chord (three products each, and exact to the millimetre at every distance, unlike a
   * cosine); the great-circle distance and `keep` are worked out only for a point that would make the list.
   */
  private rank(
    candidates: number[],
    lon: number,
    lat: number,
    limit: number,
    radiusKm: number,
    keep: ((index: number) => boolean) | undefined,
  ): NearHit[] {
    const φ = lat * RAD;
    const λ = lon * RAD;
    const qx = Math.cos(φ) * Math.cos(λ);
    const qy = Math.cos(φ) * Math.sin(λ);
    const qz = Math.sin(φ);
    const r = Math.min(radiusKm / EARTH_RADIUS_KM, Math.PI);
    const maxChord2 = (2 * Math.sin(r / 2)) ** 2 * CUTOFF_SLACK + 1e-18;
    const { xs, ys, zs } = this;
    // The list so far, ordered by (chord², index); its last entry is the one a closer point pushes out.
    const chords: number[] = [];
    const hits: NearHit[] = [];
    for (const i of candidates) {
      const dx = xs[i]! - qx;
      const dy = ys[i]! - qy;
      const dz = zs[i]! - qz;
      const c2 = dx * dx + dy * dy + dz * dz;
      if (c2 > maxChord2) continue;
      let at = hits.length;
      if (at === limit && (c2 > chords[at - 1]! || (c2 === chords[at - 1]! && i > hits[at - 1]!.index)))
        continue;
      const d = distanceKm(lon, lat, this.lons[i]!, this.lats[i]!);
      if (d > radiusKm || (keep && !keep(i))) continue;
      if (at === limit) at--;
      // Insertion into the short ordered list; an unlimited list (within) is sorted once, at the end.
      if (limit === Number.POSITIVE_INFINITY) {
        hits.push({ index: i, distanceKm: d });
        continue;
      }
      while (at > 0 && (chords[at - 1]! > c2 || (chords[at - 1]! === c2 && hits[at - 1]!.index > i))) {
        chords[at] = chords[at - 1]!;
        hits[at] = hits[at - 1]!;
        at--;
      }
      chords[at] = c2;
      hits[at] = { index: i, distanceKm: d };
    }
    // Chord and haversine may order two points a few nanometres apart differently: our distance decides.
    return hits.sort(byDistanceThenIndex);
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

/** The cell of (lon, lat) in NearestIndex's counts (points on the edges fall in the last row and column). */
function cellOf(lon: number, lat: number): number {
  const column = Math.min(CELL_COLUMNS - 1, Math.max(0, Math.floor((lon + 180) / CELL_DEG)));
  const row = Math.min(CELL_ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
  return row * CELL_COLUMNS + column;
}

const byDistanceThenIndex = (a: NearHit, b: NearHit) => a.distanceKm - b.distanceKm || a.index - b.index;
