import type { RoadUnavailableReason } from '@cng/shared';

/** A position as `[lon, lat]`, degrees (WGS84), the order GeoJSON and every routing engine's URL use. */
export type LonLat = readonly [number, number];

/** A drive between two points, by road. */
export interface RoadLeg {
  distanceKm: number;
  durationMin: number;
}

/** A route by road: its length, its drive time and its line. */
export interface RoadRoute extends RoadLeg {
  /** The route's line as `[lon, lat]` vertices, start to end. */
  coordinates: [number, number][];
}

/** Why a road answer is missing: the reasons the API gives with a straight-line answer. */
export type { RoadUnavailableReason };

/** Thrown by a RoutingEngine for any call that gives no road answer; `reason` says which kind. */
export class RoutingUnavailable extends Error {
  override name = 'RoutingUnavailable';
  constructor(
    readonly reason: Exclude<RoadUnavailableReason, 'not_configured'>,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What the API asks of a road routing engine, and no more: one-to-many drive times and one route. Narrow so
 * that OSRM (osrm-engine.ts), Valhalla's `sources_to_targets` or GraphHopper's matrix can each answer it.
 *
 * Every call either resolves within the engine's time limit or rejects with RoutingUnavailable.
 */
export interface RoutingEngine {
  /**
   * The drive between `point` and each of `others`, in their order: from `point` to each one when `direction`
   * is `from` (the default), from each one to `point` when it is `to`. null for a place no road reaches.
   */
  table(point: LonLat, others: readonly LonLat[], direction?: 'from' | 'to'): Promise<(RoadLeg | null)[]>;
  /** The fastest route from `from` to `to`; rejects with reason `no_route` when there is none. */
  route(from: LonLat, to: LonLat): Promise<RoadRoute>;
}
