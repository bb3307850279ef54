import type { StationSummary } from '@cng/shared';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { toLeaflet } from '../../../components/map/lat-lng';
import { fetchViewport } from '../api/finder-api';
import { STATUS_COLOURS } from '../components/status-colours';

/** Wait this long after the map stops moving before asking for its stations (a fling fires many moves). */
const VIEWPORT_DEBOUNCE_MS = 200;

/**
 * Every station in the map's viewport, from the API's clusters (counts at low zoom, single stations at high
 * zoom), so the map stays light even with every station of a country in view. Stations already drawn from
 * the nearest list (`skipIds`) are left to that layer.
 */
export function useViewportStations(
  map: L.Map | null,
  skipIds: Set<string>,
  onSelect: (s: StationSummary) => void,
) {
  const skip = useRef(skipIds);
  skip.current = skipIds;
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    const load = () => {
      controller?.abort();
      const c = new AbortController();
      controller = c;
      const b = map.getBounds();
      // Leaflet longitudes can run past ±180 after panning around the world; the API wants them wrapped.
      const wrap = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;
      const west = b.getWest();
      const east = b.getEast();
      const whole = east - west >= 360;
      const box: [number, number, number, number] = [
        whole ? -180 : wrap(west),
        Math.max(-90, b.getSouth()),
        whole ? 180 : wrap(east),
        Math.min(90, b.getNorth()),
      ];
      fetchViewport(box, map.getZoom(), c.signal)
        .then((res) => {
          layer.clearLayers();
          for (const cl of res.clusters) {
            const size = cl.count < 10 ? 30 : cl.count < 100 ? 38 : 46;
            L.marker(toLeaflet(cl), {
              icon: L.divIcon({
                className: 'station-cluster',
                html: `<span>${cl.count}</span>`,
                iconSize: [size, size],
              }),
              title: `${cl.count} stations: zoom in`,
              keyboard: false,
            })
              .on('click', () => map.setView(toLeaflet(cl), Math.min(cl.expansionZoom, map.getMaxZoom())))
              .addTo(layer);
          }
          for (const s of res.stations) {
            if (skip.current.has(s.id)) continue;
            L.circleMarker(toLeaflet(s), {
              radius: 7,
              color: '#fff',
              weight: 2,
              fillColor: STATUS_COLOURS[s.status.status],
              fillOpacity: 0.95,
            })
              .bindTooltip(s.name)
              .on('click', () => select.current(s))
              .addTo(layer);
          }
          performance.mark('finder:viewport-rendered');
        })
        .catch(() => {
          // Offline or failing: the listed stations are still drawn by the finder; nothing else to do.
        });
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(load, VIEWPORT_DEBOUNCE_MS);
    };
    map.on('moveend', schedule);
    schedule();
    return () => {
      clearTimeout(timer);
      controller?.abort();
      map.off('moveend', schedule);
      layer.remove();
    };
  }, [map]);
}
