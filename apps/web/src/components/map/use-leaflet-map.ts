import { type RefObject, useEffect, useRef, useState } from 'react';
import { site } from '../../config/site';
import { type LonLat, toLeaflet } from './lat-lng';
import type { LeafletMap, MapOptions } from './leaflet';

export interface UseLeafletMapOptions {
  center: LonLat;
  zoom: number;
  /** Extra Leaflet options (e.g. { zoomControl: false }). */
  mapOptions?: MapOptions;
}

export interface LeafletMapState {
  map: LeafletMap | null;
  /** True when the tile layer reported errors for every tile so far (blocked or offline). */
  tilesFailing: boolean;
}

/**
 * Creates a Leaflet map in `containerRef` with the configured tile layer, and removes it on unmount.
 * Leaflet itself is imported dynamically so pages without a map never download it.
 */
export function useLeafletMap(containerRef: RefObject<HTMLElement | null>, options: UseLeafletMapOptions) {
  const [state, setState] = useState<LeafletMapState>({ map: null, tilesFailing: false });
  const initial = useRef(options);
  useEffect(() => {
    let cancelled = false;
    let map: LeafletMap | null = null;
    void import('./leaflet').then(({ L }) => {
      const el = containerRef.current;
      if (cancelled || !el) return;
      const { center, zoom, mapOptions } = initial.current;
      map = L.map(el, { ...mapOptions, center: toLeaflet(center), zoom });
      let loaded = 0;
      let failed = 0;
      L.tileLayer(site.tiles.url, { attribution: site.tiles.attribution, maxZoom: 19, crossOrigin: true })
        .on('tileload', () => {
          loaded += 1;
          if (failed && loaded === 1) setState((s) => ({ ...s, tilesFailing: false }));
        })
        .on('tileerror', () => {
          failed += 1;
          if (loaded === 0) setState((s) => ({ ...s, tilesFailing: true }));
        })
        .addTo(map);
      setState({ map, tilesFailing: false });
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [containerRef]);
  return state;
}
