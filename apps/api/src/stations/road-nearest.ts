import type { RoadStatus } from '@cng/shared';
import { LRUCache } from 'lru-cache';
import { type LonLat, type RoadLeg, type RoutingEngine, RoutingUnavailable } from '../routing/routing';

/** Decimals of the origin the drives are measured from: 3 is ~110 m of latitude, a block in a city. */
const ORIGIN_DECIMALS = 3;
/** How long one origin's drives are reused: a phone asks again within it as the driver waits or creeps. */
const CACHE_TTL_MS = 60_000;
/** Origins kept: each holds at most a few hundred stations' drives (~100 bytes each). */
const CACHE_MAX_ORIGINS = 10_000;

const round = (x: number) => Math.round(x * 10 ** ORIGIN_DECIMALS) / 10 ** ORIGIN_DECIMALS;

/** The road answer for some stations: the drive to each (null where none is known) and whether it came. */
export interface RoadAnswer {
  status: RoadStatus;
  legs: (RoadLeg | null)[];
}

/**
 * Drives from a query point to stations, one table call for the stations not yet known for the point's
 * rounded origin. Drives are measured from the rounded origin, so every phone within ~100 m of it shares them,
 * and kept a minute per origin in a bounded LRU. A failed call is not kept: the next request asks again,
 * unless the engine's circuit breaker says it is down.
 *
 * Never rejects: a failure is an answer with `status: unavailable`, its reason, and null legs.
 */
export class RoadNearest {
  private readonly cache = new LRUCache<string, Map<string, RoadLeg | null>>({
    max: CACHE_MAX_ORIGINS,
    ttl: CACHE_TTL_MS,
  });

  constructor(private readonly engine: RoutingEngine) {}

  async legsTo(
    lon: number,
    lat: number,
    stations: readonly { id: string; at: LonLat }[],
  ): Promise<RoadAnswer> {
    if (stations.length === 0) return { status: { status: 'ok' }, legs: [] };
    const origin: LonLat = [round(lon), round(lat)];
    const key = `${origin[0]},${origin[1]}`;
    let known = this.cache.get(key);
    const missing = known ? stations.filter((s) => !known!.has(s.id)) : stations;
    if (missing.length > 0) {
      let legs: (RoadLeg | null)[];
      try {
        legs = await this.engine.table(
          origin,
          missing.map((s) => s.at),
          'from',
        );
      } catch (err) {
        const reason = err instanceof RoutingUnavailable ? err.reason : 'error';
        return { status: { status: 'unavailable', reason }, legs: stations.map(() => null) };
      }
      // Looked up again: the entry may have come or gone while the call was out.
      known = this.cache.get(key);
      if (!known) {
        known = new Map();
        this.cache.set(key, known);
      }
      for (let k = 0; k < missing.length; k++) known.set(missing[k]!.id, legs[k] ?? null);
    }
    return { status: { status: 'ok' }, legs: stations.map((s) => known!.get(s.id) ?? null) };
  }
}
