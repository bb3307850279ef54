import type { LatLngTuple } from 'leaflet';

/** A point in the product's order: lon, lat (degrees, WGS84). */
export interface LonLat {
  lon: number;
  lat: number;
}

/**
 * The one place where lon, lat becomes Leaflet's [lat, lng] and back (conventions: `lon, lat` everywhere
 * except inside Leaflet components).
 */
export function toLeaflet(point: LonLat): LatLngTuple {
  return [point.lat, point.lon];
}

/** Leaflet's { lat, lng } back to lon, lat. */
export function fromLeaflet(latLng: { lat: number; lng: number }): LonLat {
  return { lon: latLng.lng, lat: latLng.lat };
}
