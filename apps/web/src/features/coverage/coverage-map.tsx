import type { CoverageArea } from '@cng/shared/client';
import { useEffect, useRef } from 'react';
import { toLeaflet } from '../../components/map/lat-lng';
import { L } from '../../components/map/leaflet';
import { useLeafletMap } from '../../components/map/use-leaflet-map';
import { t } from '../../i18n/i18n';
import { LEVEL_WORDS } from './coverage-words';

/** Fill colours by level (the table says the level in words; the map is a picture of it). */
const LEVEL_COLOURS: Record<string, string> = {
  good: '#1b7f4c',
  partial: '#d9a400',
  thin: '#d2691e',
  none: '#b3261e',
  unknown: '#8a8f8c',
};

/** The listed cities on a map, each a circle coloured by how complete our list is there. */
export default function CoverageMap({ areas }: { areas: CoverageArea[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const { map } = useLeafletMap(ref, {
    center: { lon: 79, lat: 22 },
    zoom: 4,
    mapOptions: { zoomControl: false },
  });
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    for (const area of areas) {
      if (!area.centre) continue;
      const level = area.level ?? 'unknown';
      const label = document.createElement('span');
      label.textContent = `${area.name}: ${area.level ? t(LEVEL_WORDS[area.level]) : t('coverage.level.unknown')}`;
      L.circleMarker(toLeaflet(area.centre), {
        radius: 9,
        color: '#fff',
        weight: 2,
        fillColor: LEVEL_COLOURS[level],
        fillOpacity: 0.9,
      })
        .bindTooltip(label)
        .addTo(layer);
    }
    return () => {
      layer.remove();
    };
  }, [map, areas]);
  return (
    // A picture of the table above it, which says the same in words: kept out of the tab order and screen readers.
    <div className="coverage-map" aria-hidden="true" inert title={t('coverage.map.label')}>
      <div ref={ref} className="coverage-map__canvas" data-testid="coverage-map" />
    </div>
  );
}
