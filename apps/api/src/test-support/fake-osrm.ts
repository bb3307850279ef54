import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { distanceKm } from '@cng/shared';
import polyline from '@mapbox/polyline';

/** A drive as OSRM measures it: metres and seconds. */
export interface FakeLeg {
  distanceM: number;
  durationS: number;
}

/** How the fake answers: as OSRM does, late, with broken JSON, or with a server error. */
export type FakeOsrmMode = 'ok' | 'slow' | 'malformed' | 'http-500';

export interface FakeOsrmOptions {
  /**
   * The road between two `[lon, lat]` points, or null where no road joins them (a table cell of null, a route
   * answered NoRoute). Default: 1.3 times the great-circle distance at 40 km/h, a plain model of city driving.
   */
  leg?: (a: [number, number], b: [number, number]) => FakeLeg | null;
  /** Points no road comes near: a table or route that names one is answered NoSegment. */
  offRoad?: (p: [number, number]) => boolean;
  /** Delay of every answer in `slow` mode, ms. */
  delayMs?: number;
}

export const plainLeg = (a: [number, number], b: [number, number]): FakeLeg => {
  const metres = distanceKm(a[0], a[1], b[0], b[1]) * 1300;
  return { distanceM: metres, durationS: metres / (40 / 3.6) };
};

/** OSRM's error answer: HTTP 400 and `{ code, message }`, as osrm-routed sends it. */
function osrmError(res: http.ServerResponse, code: string, message: string) {
  res.writeHead(400, { 'Content-Type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify({ code, message }));
}

/** Parses OSRM's `lon,lat;lon,lat;…` coordinates; null where the text is not that. */
function parseCoordinates(text: string): [number, number][] | null {
  const points: [number, number][] = [];
  for (const pair of text.split(';')) {
    const parts = pair.split(',');
    if (parts.length !== 2 || !parts.every((p) => /^-?\d+(\.\d+)?$/.test(p))) return null;
    const [lon, lat] = parts.map(Number) as [number, number];
    if (Math.abs(lon) > 180 || Math.abs(lat) > 90) return null;
    points.push([lon, lat]);
  }
  return points;
}

/** OSRM's `0;2;5` list of coordinate indices, or `all` when absent. */
function parseIndices(raw: string | null, count: number): number[] | null {
  if (raw === null || raw === 'all') return Array.from({ length: count }, (_, i) => i);
  const out = raw.split(';').map(Number);
  return out.every((i) => Number.isInteger(i) && i >= 0 && i < count) ? out : null;
}

/**
 * A loopback HTTP server that answers OSRM v5's table and route services as osrm-routed does: the same JSON
 * shapes and `code` values, `null` cells for unreachable places, polyline6 geometry, and its documented errors
 * as HTTP 400 with `{ code, message }` (InvalidUrl, InvalidQuery, InvalidOptions, NoSegment, NoRoute).
 *
 * `requests` lists every path asked for, so a test can count calls. `close()` frees the port: a client that
 * calls it afterwards meets a refused connection, as with an engine that is down.
 */
export async function startFakeOsrm(options: FakeOsrmOptions = {}) {
  const leg = options.leg ?? plainLeg;
  const offRoad = options.offRoad ?? (() => false);
  const requests: string[] = [];
  let mode: FakeOsrmMode = 'ok';
  const sockets = new Set<import('node:net').Socket>();

  const waypoint = (p: [number, number]) => ({ hint: '', distance: 0, name: '', location: p });

  function table(res: http.ServerResponse, points: [number, number][], query: URLSearchParams) {
    const sources = parseIndices(query.get('sources'), points.length);
    const destinations = parseIndices(query.get('destinations'), points.length);
    if (!sources || !destinations) return osrmError(res, 'InvalidOptions', 'Index out of bounds');
    const annotations = (query.get('annotations') ?? 'duration').split(',');
    const body: Record<string, unknown> = {
      code: 'Ok',
      sources: sources.map((i) => waypoint(points[i]!)),
      destinations: destinations.map((i) => waypoint(points[i]!)),
    };
    const cells = sources.map((s) =>
      destinations.map((d) => (s === d ? { distanceM: 0, durationS: 0 } : leg(points[s]!, points[d]!))),
    );
    if (annotations.includes('duration'))
      body.durations = cells.map((row) => row.map((c) => c?.durationS ?? null));
    if (annotations.includes('distance'))
      body.distances = cells.map((row) => row.map((c) => c?.distanceM ?? null));
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  }

  function route(res: http.ServerResponse, points: [number, number][], query: URLSearchParams) {
    if (points.length !== 2)
      return osrmError(res, 'InvalidOptions', 'Only two coordinates are supported here');
    if (query.get('geometries') !== 'polyline6')
      return osrmError(res, 'InvalidOptions', 'This fake sends polyline6 geometry only');
    const [a, b] = points as [[number, number], [number, number]];
    const drive = leg(a, b);
    if (!drive) return osrmError(res, 'NoRoute', 'Impossible route between points');
    // The line: 20 steps from a to b, bent sideways in the middle, as a road is never straight.
    const line: [number, number][] = [];
    for (let k = 0; k <= 20; k++) {
      const t = k / 20;
      const bend = Math.sin(Math.PI * t) * 0.002;
      line.push([a[1] + (b[1] - a[1]) * t + bend, a[0] + (b[0] - a[0]) * t]);
    }
    const geometry = polyline.encode(line, 6);
    const routeLeg = {
      steps: [],
      summary: '',
      weight: drive.durationS,
      duration: drive.durationS,
      distance: drive.distanceM,
    };
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(
      JSON.stringify({
        code: 'Ok',
        routes: [
          {
            geometry,
            legs: [routeLeg],
            weight_name: 'routability',
            weight: drive.durationS,
            duration: drive.durationS,
            distance: drive.distanceM,
          },
        ],
        waypoints: [waypoint(a), waypoint(b)],
      }),
    );
  }

  function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://osrm');
    requests.push(url.pathname + url.search);
    if (mode === 'malformed') {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
      return res.end('{"code":"Ok","durations":[[0,12');
    }
    if (mode === 'http-500') {
      res.writeHead(500, { 'Content-Type': 'text/html' });
      return res.end('<html><body>Internal Server Error</body></html>');
    }
    const match = /^\/(table|route)\/v1\/[a-z]+\/(.+)$/.exec(url.pathname);
    if (!match)
      return osrmError(res, 'InvalidUrl', `URL string malformed close to position 1: "${url.pathname}"`);
    const points = parseCoordinates(decodeURIComponent(match[2]!));
    if (!points || points.length < 2)
      return osrmError(
        res,
        'InvalidQuery',
        `Query string malformed close to position ${match[1]!.length + 12}`,
      );
    const off = points.findIndex(offRoad);
    if (off >= 0)
      return osrmError(
        res,
        'NoSegment',
        match[1] === 'table'
          ? `Could not find a matching segment for coordinate ${off}`
          : 'Could not find a matching segment for any coordinate.',
      );
    return match[1] === 'table' ? table(res, points, url.searchParams) : route(res, points, url.searchParams);
  }

  const server = http.createServer((req, res) => {
    if (mode === 'slow') setTimeout(() => answer(req, res), options.delayMs ?? 2000).unref();
    else answer(req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    setMode(next: FakeOsrmMode) {
      mode = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeOsrm = Awaited<ReturnType<typeof startFakeOsrm>>;
