import { SAME_STATION_NAMED_M } from './same-station';

// ~0.0015° of latitude is ~167 m, so one ring of neighbour cells covers the 150 m rule near the equator;
// toward the poles longitude cells shrink and more rings are searched.
const CELL_DEG = 0.0015;
const M_PER_DEG = 111_320;

/** A cell's key: its column and row in one number (columns span ±120,000, rows ±60,000 at 0.0015°). */
const cellKey = (cx: number, cy: number) => cx * 1_000_000 + cy;

/**
 * A growable spatial hash of stations (their ids, or whatever the caller keeps of them) by position; new
 * stations join it during a run. Cells are keyed by number, not by text: a run of 200,000 stations asks it
 * for ~2 million cells.
 */
export class StationGrid<T = string> {
  private cells = new Map<number, T[]>();

  /** Adds `item` at lon, lat. */
  add(item: T, lon: number, lat: number): void {
    const k = cellKey(Math.floor(lon / CELL_DEG), Math.floor(lat / CELL_DEG));
    const list = this.cells.get(k);
    if (list) list.push(item);
    else this.cells.set(k, [item]);
  }

  /** Every station that may lie within SAME_STATION_NAMED_M of lon, lat (a superset; check distance). */
  near(lon: number, lat: number): T[] {
    const cx = Math.floor(lon / CELL_DEG);
    const cy = Math.floor(lat / CELL_DEG);
    const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
    const rx = Math.ceil(SAME_STATION_NAMED_M / (CELL_DEG * M_PER_DEG * cosLat));
    const ry = Math.ceil(SAME_STATION_NAMED_M / (CELL_DEG * M_PER_DEG));
    const out: T[] = [];
    for (let dx = -rx; dx <= rx; dx++) {
      for (let dy = -ry; dy <= ry; dy++) {
        const list = this.cells.get(cellKey(cx + dx, cy + dy));
        if (list) for (const item of list) out.push(item);
      }
    }
    return out;
  }
}
