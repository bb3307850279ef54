import type { StationSummary } from '@cng/shared/client';
import { useEffect, useRef, useState } from 'react';
import { toLeaflet } from '../../components/map/lat-lng';
import { type CircleMarker, L, type LayerGroup, type LeafletMap } from '../../components/map/leaflet';
import { shownName } from '../../lib/station-name';
import { STATUS_COLOURS } from '../station/status-colours';
import {
  type ClusterCircle,
  clusterDiameter,
  clusterLabel,
  clusterTitle,
  type PixelCircle,
  touchesCluster,
} from './cluster-icon';
import { LiveMarkers } from './live-markers';
import { fetchViewport } from './map-api';
import { type Box, type LoadedView, needsReload, paddedBox } from './viewport-box';

/** Wait this long after the map stops moving before asking for its stations (a fling fires many moves). */
const VIEWPORT_DEBOUNCE_MS = 200;
/** Load half a view more on every side: the map pans on every GPS fix and must not ask again each time. */
const VIEWPORT_PAD = 0.5;

type ViewportAnswer = Awaited<ReturnType<typeof fetchViewport>>;
type DrawnCluster = ClusterCircle & PixelCircle;

/** The answer's clusters as counted circles that zoom in on a tap; returns where each was drawn. */
function drawClusters(
  map: LeafletMap,
  layer: LayerGroup,
  clusters: ViewportAnswer['clusters'],
  zoom: number,
): DrawnCluster[] {
  const drawn: DrawnCluster[] = [];
  for (const cl of clusters) {
    const label = clusterLabel(cl.count);
    const size = clusterDiameter(label);
    const at = map.project(toLeaflet(cl), zoom);
    drawn.push({ lon: cl.lon, lat: cl.lat, x: at.x, y: at.y, radius: size / 2 });
    L.marker(toLeaflet(cl), {
      icon: L.divIcon({
        className: 'station-cluster',
        html: `<span class="station-cluster__count">${label}</span>`,
        iconSize: [size, size],
      }),
      title: clusterTitle(cl.count),
      keyboard: false,
    })
      .on('click', () => map.setView(toLeaflet(cl), Math.min(cl.expansionZoom, map.getMaxZoom())))
      .addTo(layer);
  }
  return drawn;
}

/** The answer's single stations as dots that follow their live status, except those the list draws or a cluster covers. */
function drawStations(
  map: LeafletMap,
  layer: LayerGroup,
  stations: ViewportAnswer['stations'],
  zoom: number,
  clusters: readonly PixelCircle[],
  to: { skip: Set<string>; live: LiveMarkers<CircleMarker>; select: (s: StationSummary) => void },
) {
  for (const s of stations) {
    if (to.skip.has(s.id)) continue;
    const at = map.project(toLeaflet(s), zoom);
    if (touchesCluster(at.x, at.y, clusters)) continue;
    const marker = L.circleMarker(toLeaflet(s), {
      radius: 7,
      color: '#fff',
      weight: 2,
      fillColor: STATUS_COLOURS[s.status.status],
      fillOpacity: 0.95,
    });
    const current = to.live.track(s, marker);
    // A text node, never HTML: station names come from open data.
    const label = document.createElement('span');
    label.textContent = shownName(s);
    marker
      .bindTooltip(label)
      .on('click', () => to.select(current()))
      .addTo(layer);
  }
}

/**
 * Every station in the map's viewport, from the API's clusters (counts at low zoom, single stations at high
 * zoom), so the map stays light even with every station of a country in view. Stations already drawn from
 * the nearest list (`skipIds`) are left to that layer. While single stations are drawn, an event stream on
 * the loaded box recolours them as their status changes, and a `reset` from it loads the box again. The box
 * asked for is padded, and a move that stays inside it at the same zoom asks nothing (following the driver).
 * Clusters are divIcons in the marker pane, above the canvas dots (overlay pane); a dot that would touch a
 * cluster's circle is left out (it is counted in, or hidden by, the cluster). Returns the clusters drawn, so
 * the finder's own dots can keep clear of them too.
 */
export function useViewportStations(
  map: LeafletMap | null,
  skipIds: Set<string>,
  onSelect: (s: StationSummary) => void,
): readonly ClusterCircle[] {
  const skip = useRef(skipIds);
  skip.current = skipIds;
  const select = useRef(onSelect);
  select.current = onSelect;
  const [circles, setCircles] = useState<readonly ClusterCircle[]>([]);

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    // The single stations drawn now follow their live status; a `reset` loads the box again.
    const live = new LiveMarkers<CircleMarker>({
      colourOf: (status) => STATUS_COLOURS[status],
      onReset: () => load(),
    });
    let loaded: LoadedView | null = null;
    const rawBounds = () => {
      const b = map.getBounds();
      return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()] as const;
    };
    const load = () => {
      controller?.abort();
      const c = new AbortController();
      controller = c;
      const zoom = map.getZoom();
      const box: Box = paddedBox(...rawBounds(), VIEWPORT_PAD);
      loaded = { box, zoom };
      fetchViewport(box, zoom, c.signal)
        .then((res) => {
          layer.clearLayers();
          live.clear();
          const drawn = drawClusters(map, layer, res.clusters, zoom);
          drawStations(map, layer, res.stations, zoom, drawn, {
            skip: skip.current,
            live,
            select: (s) => select.current(s),
          });
          setCircles(drawn.map(({ lon, lat, radius }) => ({ lon, lat, radius })));
          live.follow(box);
          performance.mark('finder:viewport-rendered');
        })
        .catch(() => {
          // Offline or failing: the listed stations are still drawn by the finder; try again on the next move.
          if (controller === c) loaded = null;
        });
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (needsReload(loaded, paddedBox(...rawBounds(), 0), map.getZoom())) load();
      }, VIEWPORT_DEBOUNCE_MS);
    };
    map.on('moveend', schedule);
    schedule();
    return () => {
      clearTimeout(timer);
      controller?.abort();
      live.close();
      map.off('moveend', schedule);
      layer.remove();
      setCircles([]);
    };
  }, [map]);
  return circles;
}
