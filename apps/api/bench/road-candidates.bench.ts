/**
 * How many straight-line candidates nearest must ask the routing server about so that the road-nearest station
 * is among them (STATION_API_LIMITS.nearestRoadCandidates, ADR 0032), measured on the real import's stations at
 * 5,000 points where drivers are (within ~5 km of a random real station).
 *
 * Without a road graph: no station is nearer by road than its straight-line distance, so when the
 * straight-line nearest is R km away by road, only the stations within R km in a straight line can be nearer by
 * road. R is modelled as the straight-line distance times a circuity factor (plus a fixed detour for the
 * U-turn or bridge a short drive may need); for each model this prints how many stations lie within R, at the
 * median, the 90th and 99th percentiles and the worst point, and the share of points where N = 10 is enough.
 *
 * With ROUTING_URL set (a real osrm-routed on the India extract, docs/routing.md), it also asks the engine
 * for the drive to the first 50 candidates of 500 of the points, and prints the straight-line rank of the
 * road-nearest: the measurement itself, where this machine has only the model.
 */
import { STATION_API_LIMITS } from '@cng/shared';
import { NearestIndex } from '../src/geo/nearest-index';
import { routingEngineOf } from '../src/routing/routing';
import { loadActiveStations } from '../src/stations/station-repository';
import { seededRandom } from '../src/test-support/random';
import { realImportDb } from './real-import-db';

const N = STATION_API_LIMITS.nearestRoadCandidates;
const POINTS = 5000;
/** Farthest a candidate is looked for: the API's default radius. */
const RADIUS_KM = STATION_API_LIMITS.nearestDefaultRadiusKm;

/** Road distance of the straight-line nearest, modelled from its straight-line distance d (km). */
const MODELS: { label: string; road: (d: number) => number }[] = [
  { label: 'road = 1.4 x straight', road: (d) => 1.4 * d },
  { label: 'road = 2 x straight', road: (d) => 2 * d },
  { label: 'road = 3 x straight', road: (d) => 3 * d },
  { label: 'road = 1.4 x straight + 2 km', road: (d) => 1.4 * d + 2 },
];

const real = await realImportDb();
const stations = await loadActiveStations(real.db.db);
await real.cleanup();
const index = new NearestIndex(
  Float64Array.from(stations, (s) => s.lon),
  Float64Array.from(stations, (s) => s.lat),
);
const rand = seededRandom(20261207);
const points = Array.from({ length: POINTS }, () => {
  const s = stations[Math.floor(rand() * stations.length)]!;
  return { lon: s.lon + (rand() - 0.5) / 10, lat: s.lat + (rand() - 0.5) / 10, country: s.countryCode };
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

console.log(
  `stations within the road distance of the straight-line nearest (could be nearer by road), ${POINTS} points ` +
    `within ~5 km of real stations (${stations.length}), N = ${N}:`,
);
for (const country of [null, 'IN']) {
  const chosen = points.filter((p) => country === null || p.country === country);
  for (const model of MODELS) {
    const counts = chosen
      .map((p) => {
        const hits = index.nearest(p.lon, p.lat, 500, RADIUS_KM);
        if (hits.length === 0) return 0;
        const reach = model.road(hits[0]!.distanceKm);
        return hits.filter((h) => h.distanceKm <= reach).length;
      })
      .sort((a, b) => a - b);
    console.log(
      `${(country ?? 'all').padEnd(4)} ${model.label.padEnd(30)} median ${String(percentile(counts, 0.5)).padStart(3)} | ` +
        `p90 ${String(percentile(counts, 0.9)).padStart(3)} | p99 ${String(percentile(counts, 0.99)).padStart(3)} | ` +
        `max ${String(counts.at(-1)).padStart(3)} | ${counts.length} points, within ${[10, 20]
          .map((n) => `${n}: ${((counts.filter((c) => c <= n).length / counts.length) * 100).toFixed(1)} %`)
          .join(', ')}`,
    );
  }
}

// A sharper model: each station its own circuity, 1 + a log-normal excess (median 0.3: road 1.3x the straight
// line, as studies of road circuity find on average; sigma 0.6 puts 1 drive in 20 above 1.8x, sigma 1.0 above
// 2.5x, as across a river), and the straight-line rank of the station with the shortest modelled drive.
const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
for (const sigma of [0.6, 1.0]) {
  for (const country of [null, 'IN']) {
    const ranks: number[] = [];
    for (const p of points) {
      if (country !== null && p.country !== country) continue;
      const hits = index.nearest(p.lon, p.lat, 200, RADIUS_KM);
      if (hits.length === 0) continue;
      let best = 0;
      let bestKm = Number.POSITIVE_INFINITY;
      hits.forEach((h, k) => {
        const road = h.distanceKm * (1 + 0.3 * Math.exp(sigma * gauss()));
        if (road < bestKm) {
          bestKm = road;
          best = k;
        }
      });
      ranks.push(best + 1);
    }
    ranks.sort((a, b) => a - b);
    console.log(
      `${(country ?? 'all').padEnd(4)} circuity 1 + 0.3 e^(${sigma} z) per station: straight-line rank of the road-nearest ` +
        `median ${percentile(ranks, 0.5)} | p90 ${percentile(ranks, 0.9)} | p99 ${percentile(ranks, 0.99)} | ` +
        `p99.9 ${percentile(ranks, 0.999)} | max ${ranks.at(-1)} | within ${[10, 20]
          .map((n) => `${n}: ${((ranks.filter((r) => r <= n).length / ranks.length) * 100).toFixed(2)} %`)
          .join(', ')}`,
    );
  }
}

const engine = routingEngineOf({
  ROUTING_URL: process.env.ROUTING_URL ?? '',
  ROUTING_TIMEOUT_MS: 10_000,
});
if (engine) {
  const ranks: number[] = [];
  for (const p of points.slice(0, 500)) {
    const hits = index.nearest(p.lon, p.lat, 50, RADIUS_KM);
    if (hits.length === 0) continue;
    const legs = await engine.table(
      [p.lon, p.lat],
      hits.map((h) => [index.lonOf(h.index), index.latOf(h.index)] as const),
    );
    let best = -1;
    legs.forEach((leg, k) => {
      if (leg && (best < 0 || leg.durationMin < legs[best]!.durationMin)) best = k;
    });
    if (best >= 0) ranks.push(best + 1);
  }
  ranks.sort((a, b) => a - b);
  console.log(
    `${process.env.ROUTING_URL}: straight-line rank of the road-nearest (by drive time) among the first 50, ` +
      `${ranks.length} points: median ${percentile(ranks, 0.5)} | p90 ${percentile(ranks, 0.9)} | ` +
      `p99 ${percentile(ranks, 0.99)} | max ${ranks.at(-1)} | within N=${N} at ` +
      `${((ranks.filter((r) => r <= N).length / ranks.length) * 100).toFixed(1)} %`,
  );
} else {
  console.log(
    'ROUTING_URL unset: no drive times asked (set it to measure the rank of the road-nearest itself)',
  );
}
