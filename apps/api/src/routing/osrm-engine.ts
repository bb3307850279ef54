import { decodePolyline, PolylineError } from '../geo/encoded-polyline';
import { CircuitBreaker } from './circuit-breaker';
import {
  type LonLat,
  type RoadLeg,
  type RoadRoute,
  type RoutingEngine,
  RoutingUnavailable,
} from './routing-engine';

/** Most vertices taken from a route's geometry (the API's route limit; a 1,500 km Indian drive has ~20,000). */
const MAX_ROUTE_VERTICES = 100_000;

export interface OsrmOptions {
  /** Origin of osrm-routed (or a proxy in front of it), e.g. http://127.0.0.1:5000. */
  baseUrl: string;
  /** Time limit of each call, connection and answer included. */
  timeoutMs: number;
  /** Calls failing in a row before the circuit opens (default 3). */
  breakerFailures?: number;
  /** How long an open circuit fails calls at once before one trial call (default 10 s). */
  breakerOpenMs?: number;
  now?: () => number;
}

/** An OSRM answer's JSON, as far as it is read here (OSRM v5 HTTP API). */
interface OsrmAnswer {
  code?: unknown;
  message?: unknown;
  durations?: unknown;
  distances?: unknown;
  routes?: unknown;
}

/** Error codes that say the engine is fine and the points have no road answer. */
const NO_ROUTE_CODES = new Set(['NoRoute', 'NoSegment']);

const coordinate = ([lon, lat]: LonLat) => `${+lon.toFixed(6)},${+lat.toFixed(6)}`;

/** A finite number, or null for anything else (OSRM writes null for a place no road reaches). */
const finiteOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * RoutingEngine on OSRM's HTTP API, version 5 (osrm-routed): `/table/v1/driving/` for drive times and
 * `/route/v1/driving/` for a route, with `polyline6` geometry.
 *
 * Each call has a time limit (AbortSignal.timeout, which also covers reading the answer), and a circuit breaker
 * stops calling a server that keeps failing. Every failure becomes a RoutingUnavailable whose reason is what the
 * API reports: `timeout`, `down` (connection refused or reset, or the circuit open), `error` (an answer that is
 * not OSRM's: HTTP 5xx, malformed JSON, an unexpected shape or code) or `no_route` (OSRM's `NoRoute` and
 * `NoSegment`: no road between the points, or none near one of them). Only the first three count against the
 * breaker: `no_route` and an `InvalidQuery` say the engine is up.
 */
export class OsrmEngine implements RoutingEngine {
  private readonly baseUrl: string;
  private readonly breaker: CircuitBreaker;

  constructor(private readonly options: OsrmOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.breaker = new CircuitBreaker({
      failures: options.breakerFailures ?? 3,
      openMs: options.breakerOpenMs ?? 10_000,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  /** The breaker's state, for logs and tests. */
  get circuit() {
    return this.breaker.state;
  }

  async table(point: LonLat, others: readonly LonLat[], direction: 'from' | 'to' = 'from') {
    if (others.length === 0) return [];
    const coords = [point, ...others].map(coordinate).join(';');
    // One row from the point (sources=0) or one column to it (destinations=0); cell 0 is the point itself.
    const side = direction === 'from' ? 'sources=0' : 'destinations=0';
    const answer = await this.call(`/table/v1/driving/${coords}?${side}&annotations=duration,distance`);
    const durations = answer.durations;
    const distances = answer.distances;
    const cell = (matrix: unknown, k: number): unknown => {
      if (!Array.isArray(matrix)) return undefined;
      const row = direction === 'from' ? matrix[0] : matrix[k];
      return Array.isArray(row) ? row[direction === 'from' ? k : 0] : undefined;
    };
    const rows = direction === 'from' ? 1 : others.length + 1;
    const width = direction === 'from' ? others.length + 1 : 1;
    for (const matrix of [durations, distances]) {
      if (
        !Array.isArray(matrix) ||
        matrix.length !== rows ||
        matrix.some((row) => !Array.isArray(row) || row.length !== width)
      )
        throw this.malformed('its table is not the size asked for');
    }
    const legs: (RoadLeg | null)[] = [];
    for (let k = 1; k <= others.length; k++) {
      const seconds = finiteOrNull(cell(durations, k));
      const metres = finiteOrNull(cell(distances, k));
      legs.push(
        seconds === null || metres === null ? null : { distanceKm: metres / 1000, durationMin: seconds / 60 },
      );
    }
    return legs;
  }

  async route(from: LonLat, to: LonLat): Promise<RoadRoute> {
    const answer = await this.call(
      `/route/v1/driving/${coordinate(from)};${coordinate(to)}?overview=full&geometries=polyline6&steps=false`,
    );
    const best = Array.isArray(answer.routes)
      ? (answer.routes[0] as Record<string, unknown> | undefined)
      : undefined;
    if (!best) throw new RoutingUnavailable('no_route', 'the routing engine found no route');
    const distance = finiteOrNull(best.distance);
    const duration = finiteOrNull(best.duration);
    if (distance === null || duration === null || typeof best.geometry !== 'string')
      throw this.malformed('its route has no distance, duration or polyline6 geometry');
    let coordinates: [number, number][];
    try {
      coordinates = decodePolyline(best.geometry, MAX_ROUTE_VERTICES, 6);
    } catch (err) {
      if (err instanceof PolylineError) throw this.malformed(`its geometry ${err.message}`);
      throw err;
    }
    return { distanceKm: distance / 1000, durationMin: duration / 60, coordinates };
  }

  /** An answer that is not OSRM's: counted against the breaker, as a failing server. */
  private malformed(what: string): RoutingUnavailable {
    this.breaker.failed();
    return new RoutingUnavailable('error', `the routing engine's answer is malformed: ${what}`);
  }

  /** GETs `path` and answers its JSON when OSRM says `Ok`; else throws RoutingUnavailable. */
  private async call(path: string): Promise<OsrmAnswer> {
    if (!this.breaker.allow())
      throw new RoutingUnavailable('down', 'the routing engine failed repeatedly; circuit open');
    let status: number;
    let text: string;
    try {
      const res = await fetch(this.baseUrl + path, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      status = res.status;
      text = await res.text();
    } catch (err) {
      this.breaker.failed();
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new RoutingUnavailable(
          'timeout',
          `the routing engine took longer than ${this.options.timeoutMs} ms`,
        );
      const cause = (err as { cause?: { code?: string } }).cause;
      throw new RoutingUnavailable(
        'down',
        `the routing engine is unreachable (${cause?.code ?? (err as Error).message})`,
      );
    }
    let answer: OsrmAnswer;
    try {
      answer = JSON.parse(text) as OsrmAnswer;
    } catch {
      throw this.malformed(`HTTP ${status}, not JSON`);
    }
    if (answer === null || typeof answer !== 'object')
      throw this.malformed(`HTTP ${status}, not a JSON object`);
    const code = answer.code;
    if (code === 'Ok' && status === 200) {
      this.breaker.succeeded();
      return answer;
    }
    if (typeof code === 'string' && status < 500) {
      // OSRM's documented errors (HTTP 400 with a code and a message): the engine answered.
      this.breaker.succeeded();
      const message = typeof answer.message === 'string' ? `: ${answer.message}` : '';
      if (NO_ROUTE_CODES.has(code)) throw new RoutingUnavailable('no_route', `${code}${message}`);
      throw new RoutingUnavailable('error', `the routing engine refused the query, ${code}${message}`);
    }
    throw this.malformed(`HTTP ${status} without an OSRM code`);
  }
}
