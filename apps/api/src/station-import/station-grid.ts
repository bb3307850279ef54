import { SAME_STATION_NAMED_M } from './same-station';

// ~0.0015° of latitude is ~167 m, so one ring of neighbour cells covers the 150 m rule near the equator;
// toward the poles longitude cells shrink and more rings are searched.
const CELL_DEG = 0.0015;
const M_PER_DEG = 111_320;

/** A growable spatial hash of station ids by position; new stations join it during a run. */
export class StationGrid {
  private cells = new Map<string, string[]>();

  private key(cx: number, cy: number) {
    return `${cx}:${cy}`;
  }

  /** Adds `id` at lon, lat. */
  add(id: string, lon: number, lat: number): void {
    const k = this.key(Math.floor(lon / CELL_DEG), Math.floor(lat / CELL_DEG));
    const list = this.cells.get(k);
    if (list) list.push(id);
    else this.cells.set(k, [id]);
  }

  /** Ids of every station that may lie within SAME_STATION_NAMED_M of lon, lat (a superset; check distance). */
  near(lon: number, lat: number): string[] {
    const cx = Math.floor(lon / CELL_DEG);
    const cy = Math.floor(lat / CELL_DEG);
    const cosLat = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
    const rx = Math.ceil(SAME_STATION_NAMED_M / (CELL_DEG * M_PER_DEG * cosLat));
    const ry = Math.ceil(SAME_STATION_NAMED_M / (CELL_DEG * M_PER_DEG));
    const out: string[] = [];
    for (let dx = -rx; dx <= rx; dx++) {
      for (let dy = -ry; dy <= ry; dy++) {
        const list = this.cells.get(this.key(cx + dx, cy + dy));
        if (list) out.push(...list);
      }
    }
    return out;
  }
}
