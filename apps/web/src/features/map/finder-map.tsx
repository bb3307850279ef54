import type { NearestStation, StationSummary } from '@cng/shared/client';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { fromLeaflet, type LonLat, toLeaflet } from '../../components/map/lat-lng';
import {
  L,
  type LayerGroup,
  type LeafletMap,
  type LeafletMouseEvent,
  type Polyline,
} from '../../components/map/leaflet';
import { useLeafletMap } from '../../components/map/use-leaflet-map';
import { t } from '../../i18n/i18n';
import { STATUS_COLOURS } from '../station/status-colours';
import { type ClusterCircle, touchesCluster } from './cluster-icon';
import { stationTooltip } from './station-tooltip';
import { useViewportStations } from './use-viewport-stations';

export interface FinderMapProps {
  position: LonLat | null;
  accuracyM: number | null;
  /** Driver's heading in degrees for the position marker; null draws a plain dot. */
  headingDeg: number | null;
  stations: NearestStation[];
  selected: StationSummary | null;
  /** A plain tap sets the position too (no GPS); a long-press always does. */
  tapSetsPosition: boolean;
  onSelect: (station: StationSummary) => void;
  onSetPosition: (point: LonLat) => void;
  /** The planned trip's route, [lon, lat] positions start to end; null when no trip is planned. */
  route?: readonly (readonly number[])[] | null;
}

const FALLBACK_CENTRE: LonLat = { lon: 78.9629, lat: 22.5937 };

/** The legend's colours, each with its words. */
const LEGEND = [
  ['available', 'finder.map.legendAvailable'],
  ['low_pressure', 'finder.map.legendLowPressure'],
  ['no_gas', 'finder.map.legendNoGas'],
  ['closed', 'finder.map.legendClosed'],
  ['unknown', 'finder.map.legendNoReports'],
] as const;

function driverIcon(headingDeg: number | null) {
  const arrow =
    headingDeg === null
      ? ''
      : `<span class="driver-marker__arrow" style="transform:rotate(${headingDeg}deg)"></span>`;
  return L.divIcon({
    className: 'driver-marker',
    html: `${arrow}<span class="driver-marker__dot"></span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
  });
}

type Layers = { list: LayerGroup; driver: LayerGroup; line: Polyline; route: Polyline };
interface Callbacks {
  onSelect: (s: StationSummary) => void;
  onSetPosition: (p: LonLat) => void;
  tapSetsPosition: boolean;
}

/** The map's layers and its handlers: a drag stops following the driver; a long press (or a tap, without GPS) sets the position. */
function useMapLayers(
  map: LeafletMap | null,
  callbacks: RefObject<Callbacks>,
  stopFollowing: () => void,
): RefObject<Layers | null> {
  const layers = useRef<Layers | null>(null);
  useEffect(() => {
    if (!map) return;
    // Leaflet's own zoom buttons are titled in English.
    L.control.zoom({ zoomInTitle: t('finder.map.zoomIn'), zoomOutTitle: t('finder.map.zoomOut') }).addTo(map);
    const list = L.layerGroup().addTo(map);
    const driver = L.layerGroup().addTo(map);
    const line = L.polyline([], { color: '#08513a', weight: 4, dashArray: '8 8', interactive: false }).addTo(
      map,
    );
    const route = L.polyline([], { color: '#2f6fb3', weight: 5, opacity: 0.8, interactive: false }).addTo(
      map,
    );
    layers.current = { list, driver, line, route };
    const setHere = (e: LeafletMouseEvent) => callbacks.current.onSetPosition(fromLeaflet(e.latlng));
    const onClick = (e: LeafletMouseEvent) => {
      if (callbacks.current.tapSetsPosition) setHere(e);
    };
    map.on('dragstart', stopFollowing);
    map.on('contextmenu', setHere);
    map.on('click', onClick);
    return () => {
      map.off('dragstart', stopFollowing);
      map.off('contextmenu', setHere);
      map.off('click', onClick);
      list.remove();
      driver.remove();
      line.remove();
      route.remove();
      layers.current = null;
    };
  }, [map, callbacks, stopFollowing]);
  return layers;
}

/**
 * Listed stations: always drawn, so the map agrees with the list even if the viewport request fails. Redrawn
 * only when the set of stations, their status, the selection or the clusters change — not on every fix. A
 * listed station under a cluster's circle is left to the cluster that counts it (the selected one too: the line
 * to it ends at that cluster; drawn above, it hid the cluster's figure).
 */
function useListedMarkers(
  map: LeafletMap | null,
  layers: RefObject<Layers | null>,
  stations: NearestStation[],
  selectedId: string | null,
  clusters: readonly ClusterCircle[],
  callbacks: RefObject<Callbacks>,
) {
  const stationsRef = useRef(stations);
  stationsRef.current = stations;
  const drawKey = stations.map((s) => `${s.id}:${s.status.status}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawKey stands for the stations read through the ref.
  useEffect(() => {
    const l = layers.current;
    if (!l) return;
    l.list.clearLayers();
    // The tooltip and the click read the station as it is now: a new report with the same status word
    // (another count, a newer time) changes no marker but must change the tooltip.
    const current = (s: NearestStation) => stationsRef.current.find((x) => x.id === s.id) ?? s;
    const zoom = map?.getZoom() ?? 0;
    const circles = map
      ? clusters.map((c) => ({ ...map.project(toLeaflet(c), zoom), radius: c.radius }))
      : [];
    for (const s of stationsRef.current) {
      const isSelected = s.id === selectedId;
      if (map && circles.length) {
        const at = map.project(toLeaflet(s), zoom);
        if (touchesCluster(at.x, at.y, circles)) continue;
      }
      L.circleMarker(toLeaflet(s), {
        radius: isSelected ? 11 : 8,
        color: isSelected ? '#111' : '#fff',
        weight: isSelected ? 3 : 2,
        fillColor: STATUS_COLOURS[s.status.status],
        fillOpacity: 1,
      })
        .bindTooltip(() => stationTooltip(current(s), Date.now()))
        .on('click', () => callbacks.current.onSelect(current(s)))
        .addTo(l.list);
    }
  }, [map, drawKey, selectedId, clusters]);
}

/** The driver, the accuracy circle and the line to the selected station: they move on every fix. */
function useDriverLayer(
  map: LeafletMap | null,
  layers: RefObject<Layers | null>,
  props: Pick<FinderMapProps, 'position' | 'accuracyM' | 'headingDeg' | 'selected'>,
  following: boolean,
) {
  const { position, accuracyM, headingDeg, selected } = props;
  useEffect(() => {
    const l = layers.current;
    if (!l || !map) return;
    l.driver.clearLayers();
    if (!position) {
      l.line.setLatLngs([]);
      return;
    }
    if (accuracyM !== null && accuracyM > 0) {
      L.circle(toLeaflet(position), {
        radius: accuracyM,
        color: '#2f6fb3',
        weight: 1,
        fillOpacity: 0.12,
        interactive: false,
      }).addTo(l.driver);
    }
    L.marker(toLeaflet(position), {
      icon: driverIcon(headingDeg),
      interactive: false,
      keyboard: false,
      zIndexOffset: 1000,
    }).addTo(l.driver);
    l.line.setLatLngs(selected ? [toLeaflet(position), toLeaflet(selected)] : []);
    if (following) map.panTo(toLeaflet(position), { animate: false });
  }, [map, layers, position, accuracyM, headingDeg, selected, following]);
}

/** The planned trip's route, under the stations and the driver. */
function useRouteLayer(
  map: LeafletMap | null,
  layers: RefObject<Layers | null>,
  route: FinderMapProps['route'],
) {
  useEffect(() => {
    const l = layers.current;
    if (!l || !map) return;
    l.route.setLatLngs((route ?? []).map(([lon, lat]) => [lat!, lon!] as [number, number]));
  }, [map, layers, route]);
}

/** On the first position (and on recentre) show the driver and the selected station together. */
function useFraming(
  map: LeafletMap | null,
  position: LonLat | null,
  selected: StationSummary | null,
  following: boolean,
) {
  const framedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!map || !position || !following) return;
    const key = selected?.id ?? 'none';
    if (framedFor.current === key) return;
    framedFor.current = key;
    const bounds = L.latLngBounds([toLeaflet(position)]);
    if (selected) bounds.extend(toLeaflet(selected));
    map.fitBounds(bounds.pad(0.3), { maxZoom: 16, animate: false });
  }, [map, position, selected, following]);
  return () => {
    framedFor.current = null;
  };
}

/** The finder's map: stations coloured by live status, clusters, the driver, and a line to the selected station. */
export default function FinderMap(props: FinderMapProps) {
  const { position, stations, selected, tapSetsPosition, onSelect, onSetPosition } = props;
  const containerRef = useRef<HTMLDivElement>(null);
  const { map, tilesFailing } = useLeafletMap(containerRef, {
    center: position ?? FALLBACK_CENTRE,
    zoom: position ? 13 : 4,
    mapOptions: { preferCanvas: true, zoomControl: false },
  });
  const [following, setFollowing] = useState(true);
  const callbacks = useRef<Callbacks>({ onSelect, onSetPosition, tapSetsPosition });
  callbacks.current = { onSelect, onSetPosition, tapSetsPosition };
  const stopFollowing = useCallback(() => setFollowing(false), []);
  const layers = useMapLayers(map, callbacks, stopFollowing);
  const listIds = new Set(stations.map((s) => s.id));
  const clusters = useViewportStations(map, listIds, (s) => callbacks.current.onSelect(s));
  useListedMarkers(map, layers, stations, selected?.id ?? null, clusters, callbacks);
  useDriverLayer(map, layers, props, following);
  useRouteLayer(map, layers, props.route);
  const reframe = useFraming(map, position, selected, following);

  return (
    <section className="finder-map" aria-label={t('finder.map.label')}>
      <div ref={containerRef} className="finder-map__canvas" data-testid="finder-map" />
      {/* Top right, clear of Leaflet's zoom (top left) and attribution (bottom right), which take the taps there. */}
      <div className="finder-map__overlay">
        {!following && position && (
          <button
            type="button"
            className="button button--primary finder-map__recentre"
            onClick={() => {
              reframe();
              setFollowing(true);
            }}
          >
            {t('finder.map.recentre')}
          </button>
        )}
        {tilesFailing && (
          <p className="finder-map__notice" role="status" data-testid="tiles-notice">
            {t('finder.map.tilesFailing')}
          </p>
        )}
      </div>
      <ul className="finder-map__legend" aria-label={t('finder.map.legend')}>
        {LEGEND.map(([status, id]) => (
          <li key={status}>
            <span style={{ background: STATUS_COLOURS[status] }} />
            {t(id)}
          </li>
        ))}
      </ul>
    </section>
  );
}
