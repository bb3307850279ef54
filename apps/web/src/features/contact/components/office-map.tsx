import { useRef } from 'react';
import { useLeafletMap } from '../../../components/map/use-leaflet-map';
import { site } from '../../../config/site';

/**
 * The map behind the contact form, centred on the office (spec section 2; the card itself says where the
 * office is, since the card covers the centre). Pure decoration: inert (no focus, no pointer, no screen
 * reader), so failing tiles or a small screen can never get in the way of the form.
 */
export function OfficeMap() {
  const ref = useRef<HTMLDivElement>(null);
  const { tilesFailing } = useLeafletMap(ref, {
    center: site.office,
    zoom: 14,
    mapOptions: {
      zoomControl: false,
      keyboard: false,
      dragging: false,
      scrollWheelZoom: false,
      doubleClickZoom: false,
      touchZoom: false,
      boxZoom: false,
    },
  });
  // Leaflet adds its own classes to the canvas element; React must never rewrite them, so the state class
  // lives on the wrapper.
  return (
    <div
      className={`contact-map${tilesFailing ? ' contact-map--offline' : ''}`}
      aria-hidden="true"
      inert
      data-testid="office-map"
    >
      <div ref={ref} className="contact-map__canvas" />
    </div>
  );
}
