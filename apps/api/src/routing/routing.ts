// Road routing, an adapter the API's slices use like geo/: the engine interface, and the engine the
// configuration asks for. Knows no slice.
import type { Config } from '../config/env';
import { OsrmEngine } from './osrm-engine';
import type { RoutingEngine } from './routing-engine';

export { OsrmEngine } from './osrm-engine';
export {
  type LonLat,
  type RoadLeg,
  type RoadRoute,
  type RoadUnavailableReason,
  type RoutingEngine,
  RoutingUnavailable,
} from './routing-engine';

/** The routing engine of `ROUTING_URL` (OSRM's HTTP API), or null when it is unset: answers stay straight-line. */
export function routingEngineOf(
  config: Pick<Config, 'ROUTING_URL' | 'ROUTING_TIMEOUT_MS'>,
): RoutingEngine | null {
  if (!config.ROUTING_URL) return null;
  return new OsrmEngine({ baseUrl: config.ROUTING_URL, timeoutMs: config.ROUTING_TIMEOUT_MS });
}
