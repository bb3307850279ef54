/**
 * The one door to Leaflet (ADR 0027). Leaflet's published ES source modules are imported one by one, so the map
 * code carries the map, its handlers (drag, pinch, wheel, keyboard, long press) and controls (zoom, attribution),
 * tiles, markers and the SVG vector layers the finder draws, and leaves out what it never uses (GeoJSON,
 * popups, image and video overlays, the canvas renderer, layer and scale controls): 32 kB gzip instead of the
 * whole 42 kB bundle. The types are @types/leaflet's, which describe these same functions.
 */
import type * as Leaflet from 'leaflet';
import { zoom } from 'leaflet/src/control/Control.Zoom.js';
import { map } from 'leaflet/src/map/index.js';
import 'leaflet/src/control/Control.Attribution.js';
import { toLatLngBounds } from 'leaflet/src/geo/LatLngBounds.js';
import { layerGroup } from 'leaflet/src/layer/LayerGroup.js';
import 'leaflet/src/layer/Tooltip.js';
import { divIcon } from 'leaflet/src/layer/marker/DivIcon.js';
import { marker } from 'leaflet/src/layer/marker/Marker.js';
import { tileLayer } from 'leaflet/src/layer/tile/TileLayer.js';
import { circle } from 'leaflet/src/layer/vector/Circle.js';
import { circleMarker } from 'leaflet/src/layer/vector/CircleMarker.js';
import { polyline } from 'leaflet/src/layer/vector/Polyline.js';
import 'leaflet/src/layer/vector/Renderer.getRenderer.js';
import 'leaflet/dist/leaflet.css';

export const L = {
  map,
  control: { zoom },
  tileLayer,
  layerGroup,
  marker,
  divIcon,
  circle,
  circleMarker,
  polyline,
  latLngBounds: toLatLngBounds,
} as { control: Pick<typeof Leaflet.control, 'zoom'> } & Pick<
  typeof Leaflet,
  | 'map'
  | 'tileLayer'
  | 'layerGroup'
  | 'marker'
  | 'divIcon'
  | 'circle'
  | 'circleMarker'
  | 'polyline'
  | 'latLngBounds'
>;

export type {
  CircleMarker,
  LayerGroup,
  LeafletMouseEvent,
  Map as LeafletMap,
  MapOptions,
  Polyline,
} from 'leaflet';
