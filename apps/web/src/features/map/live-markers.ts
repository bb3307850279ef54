import type { StationSummary, StatusSummary } from '@cng/shared/client';
import { type StatusBox, type StatusInterest, statusHub } from '../station/status-hub';
import type { StatusStreamHandlers } from '../station/status-stream';

/** What a map marker must offer to show a new status (a Leaflet CircleMarker does). */
export interface RestylableMarker {
  setStyle(style: { fillColor: string }): unknown;
}

/**
 * Keeps the station markers of a map view live: while markers are drawn, the page's status subscription
 * (status-hub.ts) follows the drawn box and restyles a marker when its station's status changes; `reset` from the stream (too much was
 * missed to replay) asks the owner to load the view again. Box and stream change only when the view does.
 */
export class LiveMarkers<M extends RestylableMarker> {
  private readonly drawn = new Map<string, { marker: M; station: StationSummary }>();
  private stream: { box: string; close: () => void } | null = null;

  constructor(
    private readonly options: {
      colourOf: (status: StatusSummary['status']) => string;
      onReset: () => void;
      /** How to subscribe (the page's status hub unless a test gives its own). */
      subscribe?: (interest: StatusInterest, handlers: StatusStreamHandlers) => () => void;
    },
  ) {}

  /** Forgets every marker (the view is being redrawn). */
  clear(): void {
    this.drawn.clear();
  }

  /** Tracks a drawn marker; returns a getter of its station with the latest status (for click handlers). */
  track(station: StationSummary, marker: M): () => StationSummary {
    const shown = { marker, station };
    this.drawn.set(station.id, shown);
    return () => shown.station;
  }

  /** Follows the box [minLon, minLat, maxLon, maxLat] while markers are drawn; no stream when none are. */
  follow(box: StatusBox): void {
    // Fixed decimals: the API's bbox pattern takes no exponent notation (1e-7).
    const key = box.map((v) => v.toFixed(5)).join(',');
    if (!this.drawn.size || this.stream?.box !== key) this.close();
    if (!this.drawn.size || this.stream) return;
    const subscribe = this.options.subscribe ?? ((i, h) => statusHub.subscribe(i, h));
    this.stream = {
      box: key,
      close: subscribe(
        { box },
        {
          onStatus: (event) => {
            const shown = this.drawn.get(event.stationId);
            if (!shown) return;
            shown.station = { ...shown.station, status: event.status };
            shown.marker.setStyle({ fillColor: this.options.colourOf(event.status.status) });
          },
          onReset: () => this.options.onReset(),
        },
      ),
    };
  }

  /** Closes the stream (the map goes away, or the view changes). */
  close(): void {
    this.stream?.close();
    this.stream = null;
  }
}
