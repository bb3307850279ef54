/**
 * A cluster's label and circle on the map. The label is short enough to sit inside its circle at any count
 * (842, "1.2k", "12k", "1.2M"), and the circle grows with the label's length, so the figure never spills.
 */
import { t } from '../../i18n/i18n';

/** What a cluster says to a pointer or a screen reader, in the page's language: "12 stations: zoom in". */
export const clusterTitle = (count: number): string => t('finder.map.clusterTitle', { count });

/** The count as a label of at most four characters; never rounded up (1,299 reads "1.2k", not "1.3k"). */
export function clusterLabel(count: number): string {
  const n = Math.max(0, Math.floor(count));
  if (n < 1000) return String(n);
  const short = (value: number, unit: string) =>
    value < 10 ? `${Math.floor(value * 10) / 10}${unit}` : `${Math.floor(value)}${unit}`;
  if (n < 1_000_000) return short(n / 1000, 'k');
  return short(n / 1_000_000, 'M');
}

/** Circle diameter in CSS px for a label: 30 for one character up to 48 for four (3 px white ring included). */
export function clusterDiameter(label: string): number {
  return [30, 30, 36, 42, 48][Math.min(label.length, 4)]!;
}

/** Single-station dots are drawn this far (px) at most from their centre: radius 8 plus a 2 px ring. */
export const DOT_REACH_PX = 10;

/** A drawn cluster: where it is and its circle's radius in CSS px. */
export interface ClusterCircle {
  lon: number;
  lat: number;
  radius: number;
}

/** A point or a cluster circle in pixels at one zoom (e.g. Leaflet's `map.project(latLng, zoom)`). */
export interface PixelCircle {
  x: number;
  y: number;
  radius: number;
}

/** Whether a dot centred at (x, y) would touch one of the clusters' circles (so it is left out). */
export function touchesCluster(x: number, y: number, clusters: readonly PixelCircle[]): boolean {
  return clusters.some((c) => Math.hypot(c.x - x, c.y - y) < c.radius + DOT_REACH_PX);
}
