import type { StationSummary } from '@cng/shared/client';
import { shownName } from '../../lib/station-name';
import { statusExplanation } from '../station/status-labels';

/**
 * A marker's tooltip: "name – live status", as a text node inside a span, never HTML (Leaflet renders a
 * string tooltip as HTML, and station names come from open data). Built when shown, so the age is current.
 */
export function stationTooltip(station: Pick<StationSummary, 'name' | 'status'>, nowMs: number): HTMLElement {
  const label = document.createElement('span');
  label.textContent = `${shownName(station)} – ${statusExplanation(station.status, nowMs)}`;
  return label;
}
