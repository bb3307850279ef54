import type { Station } from '@cng/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badInput } from '../lib/http-errors';
import { loadStation, loadStationPositions } from './station-repository';

export interface LonLat {
  lon: number;
  lat: number;
}

/** The station with this id in the current in-memory index (active, not hidden), or undefined. */
export function indexedStation(app: FastifyInstance, id: string): Station | undefined {
  const index = app.stationIndex.current;
  const i = index.positionOf(id);
  return i === undefined ? undefined : index.station(i);
}

/**
 * The active station with this id, or a 404 naming the id. Read from the in-memory index; the database is
 * asked only when the index does not hold it (a station added moments ago, before this instance rebuilt).
 */
export async function requireStation(request: FastifyRequest, id: string): Promise<Station> {
  const station = indexedStation(request.server, id) ?? (await loadStation(request.server.db, id));
  if (!station?.active) throw badInput('id', 'is not a known active station', 404, `No station ${id}`);
  return station;
}

/**
 * Positions by station id, from the in-memory index; only ids it does not hold (a station retired or not yet
 * indexed) are read from the database, in one query per 500.
 */
export function stationPositions(
  app: FastifyInstance,
): (ids: readonly string[]) => Promise<Map<string, LonLat>> {
  return async (ids) => {
    const out = new Map<string, LonLat>();
    const missing: string[] = [];
    const index = app.stationIndex.current;
    for (const id of ids) {
      const i = index.positionOf(id);
      if (i !== undefined) out.set(id, { lon: index.nearest.lonOf(i), lat: index.nearest.latOf(i) });
      else missing.push(id);
    }
    if (missing.length) for (const [id, pos] of await loadStationPositions(app.db, missing)) out.set(id, pos);
    return out;
  };
}
