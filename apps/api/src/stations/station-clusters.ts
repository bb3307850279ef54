import Supercluster from 'supercluster';

/** A viewport box in degrees; `minLon > maxLon` means it crosses the antimeridian. */
export interface Bbox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export interface ClusterItem {
  clusterId: number;
  lon: number;
  lat: number;
  count: number;
  expansionZoom: number;
}

/** Highest zoom that still clusters; from CLUSTER_MAX_ZOOM + 1 on, every station is shown on its own. */
export const CLUSTER_MAX_ZOOM = 14;

type PointProps = { i: number };

/** Supercluster over the stations: clusters with counts at low zoom, single stations at high zoom. */
export class StationClusters {
  private readonly index: Supercluster<PointProps, Supercluster.AnyProps>;

  /** `lons[i], lats[i]` in degrees are station i. */
  constructor(lons: ArrayLike<number>, lats: ArrayLike<number>) {
    this.index = new Supercluster<PointProps, Supercluster.AnyProps>({
      radius: 60,
      maxZoom: CLUSTER_MAX_ZOOM,
    });
    const points: Supercluster.PointFeature<PointProps>[] = [];
    for (let i = 0; i < lons.length; i++) {
      points.push({
        type: 'Feature',
        properties: { i },
        geometry: { type: 'Point', coordinates: [lons[i]!, lats[i]!] },
      });
    }
    this.index.load(points);
  }

  /** Clusters and single stations (by position) inside the box at this zoom. */
  query(bbox: Bbox, zoom: number): { clusters: ClusterItem[]; stations: number[] } {
    // Split a box across the antimeridian ourselves: Supercluster reads a box edge at 180 as -180.
    const boxes: [number, number, number, number][] =
      bbox.minLon <= bbox.maxLon
        ? [[bbox.minLon, bbox.minLat, bbox.maxLon, bbox.maxLat]]
        : [
            [bbox.minLon, bbox.minLat, 180, bbox.maxLat],
            [-180, bbox.minLat, bbox.maxLon, bbox.maxLat],
          ];
    const clusters: ClusterItem[] = [];
    const stations: number[] = [];
    const seen = new Set<number>();
    for (const [w, s, e, n] of boxes) {
      const full = w <= -180 && e >= 180;
      // Nudge a box that starts at 180 off the edge so it is not read as the whole world.
      const west = full ? -180 : Math.min(w, 180 - 1e-9);
      for (const f of this.index.getClusters(full ? [-180, s, 180, n] : [west, s, e, n], zoom)) {
        const [lon, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as Supercluster.ClusterProperties & Partial<PointProps>;
        if (props.cluster) {
          if (seen.has(-props.cluster_id - 1)) continue;
          seen.add(-props.cluster_id - 1);
          clusters.push({
            clusterId: props.cluster_id,
            lon,
            lat,
            count: props.point_count,
            expansionZoom: this.index.getClusterExpansionZoom(props.cluster_id),
          });
        } else if (props.i !== undefined && !seen.has(props.i)) {
          seen.add(props.i);
          stations.push(props.i);
        }
      }
    }
    return { clusters, stations };
  }
}
