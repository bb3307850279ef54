import type { BboxResponse } from '@cng/shared/client';
import { apiGet } from '../../lib/api-client';

/** Clusters and stations in a map viewport (west, south, east, north in degrees) at `zoom`. */
export function fetchViewport(box: [number, number, number, number], zoom: number, signal?: AbortSignal) {
  const bbox = box.map((n) => n.toFixed(5)).join(',');
  return apiGet<BboxResponse>(`/api/stations?bbox=${bbox}&zoom=${Math.round(zoom)}`, { signal });
}
