/**
 * In-process nearest-station search (k = 10): the kd-tree index against a linear scan of every point,
 * measured in the same run, on the stations of the product's real import and on 1,000,000 random points.
 * Then the API's default query (k = 10 within 50 km), which ranks the points of the radius's bounding box,
 * against geokdbush's best-first search alone (how the index answered it before), same run.
 */
import { distanceKm, EARTH_RADIUS_KM } from '@cng/shared';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { NearestIndex } from '../src/geo/nearest-index';
import { loadActiveStations } from '../src/stations/station-repository';
import { randomSpherePoint, seededRandom } from '../src/test-support/random';
import { realImportDb } from './real-import-db';

const K = 10;
/** The API's default search radius. */
const RADIUS_KM = 50;

/** The baseline: haversine to every point, keeping the k best in a small sorted buffer. */
function linearNearest(
  lons: Float64Array,
  lats: Float64Array,
  lon: number,
  lat: number,
  k: number,
): number[] {
  const bestD: number[] = [];
  const bestI: number[] = [];
  for (let i = 0; i < lons.length; i++) {
    const d = distanceKm(lon, lat, lons[i]!, lats[i]!);
    if (bestD.length === k && d >= bestD[k - 1]!) continue;
    let j = bestD.length === k ? k - 1 : bestD.length;
    while (j > 0 && bestD[j - 1]! > d) {
      bestD[j] = bestD[j - 1]!;
      bestI[j] = bestI[j - 1]!;
      j--;
    }
    bestD[j] = d;
    bestI[j] = i;
  }
  return bestI;
}

/** Mean microseconds per call of `fn` over `queries`, after a short warm-up. */
function meanMicros(queries: [number, number][], fn: (lon: number, lat: number) => unknown): number {
  for (const [lon, lat] of queries.slice(0, Math.min(20, queries.length))) fn(lon, lat);
  const start = process.hrtime.bigint();
  for (const [lon, lat] of queries) fn(lon, lat);
  return Number(process.hrtime.bigint() - start) / 1000 / queries.length;
}

function run(
  label: string,
  lons: Float64Array,
  lats: Float64Array,
  queries: [number, number][],
  linearQueries: number,
) {
  const buildStart = performance.now();
  const index = new NearestIndex(lons, lats);
  const buildMs = performance.now() - buildStart;
  // The two methods must agree before their speeds mean anything.
  for (const [lon, lat] of queries.slice(0, 20)) {
    const fast = index.nearest(lon, lat, K).map((h) => h.distanceKm);
    const slow = linearNearest(lons, lats, lon, lat, K).map((i) => distanceKm(lon, lat, lons[i]!, lats[i]!));
    if (fast.some((d, i) => Math.abs(d - slow[i]!) > 1e-9))
      throw new Error(`${label}: index and scan disagree`);
  }
  const indexUs = meanMicros(queries, (lon, lat) => index.nearest(lon, lat, K));
  const linearUs = meanMicros(queries.slice(0, linearQueries), (lon, lat) =>
    linearNearest(lons, lats, lon, lat, K),
  );
  console.log(
    `${label.padEnd(34)} build ${buildMs.toFixed(0).padStart(5)} ms | index ${indexUs.toFixed(1).padStart(7)} µs/query ` +
      `(${queries.length} queries) | linear scan ${linearUs.toFixed(1).padStart(9)} µs/query (${linearQueries}) | ` +
      `speed-up ${(linearUs / indexUs).toFixed(0)}×`,
  );
  // The API's default: k = 10 within 50 km. Baseline: geokdbush's best-first search on its own.
  const tree = new KDBush(lons.length);
  for (let i = 0; i < lons.length; i++) tree.add(lons[i]!, lats[i]!);
  tree.finish();
  const geoRadius = (RADIUS_KM * 6371) / EARTH_RADIUS_KM + 1e-9;
  let found = 0;
  // Agreement on distances: points at the very same spot (several stations on one geocoded centre) may tie at
  // the k-th place, where the index keeps the lowest positions and geokdbush whichever its tree meets first.
  for (const [lon, lat] of queries.slice(0, 200)) {
    const km = (i: number) => distanceKm(lon, lat, lons[i]!, lats[i]!);
    const fast = index.nearest(lon, lat, K, RADIUS_KM).map((h) => h.distanceKm);
    const slow = (around(tree, lon, lat, K, geoRadius) as number[]).map(km).sort((a, b) => a - b);
    found += fast.length;
    if (fast.length !== slow.length || fast.some((d, i) => Math.abs(d - slow[i]!) > 1e-9))
      throw new Error(`${label}: the ${RADIUS_KM} km answers disagree with geokdbush at ${lon},${lat}`);
  }
  const boxUs = meanMicros(queries, (lon, lat) => index.nearest(lon, lat, K, RADIUS_KM));
  const geoUs = meanMicros(queries, (lon, lat) => around(tree, lon, lat, K, geoRadius));
  console.log(
    `${''.padEnd(34)} within ${RADIUS_KM} km: index ${boxUs.toFixed(2).padStart(6)} µs/query | geokdbush alone ` +
      `${geoUs.toFixed(2).padStart(6)} µs/query | ${(geoUs / boxUs).toFixed(1)}× faster (${(found / 200).toFixed(1)} stations/answer)`,
  );
  return linearUs / indexUs;
}

const rand = seededRandom(20260821);
// The stations of the product's real import (every local default source, through the importers).
const real = await realImportDb();
const stations = await loadActiveStations(real.db.db);
await real.cleanup();
const realLons = Float64Array.from(stations, (s) => s.lon);
const realLats = Float64Array.from(stations, (s) => s.lat);
// Queries where drivers are: near a random real station (±0.5°).
const realQueries: [number, number][] = Array.from({ length: 20_000 }, () => {
  const s = stations[Math.floor(rand() * stations.length)]!;
  return [s.lon + (rand() - 0.5), s.lat + (rand() - 0.5)];
});

console.log(`nearest k=${K}: kd-tree (kdbush + geokdbush) vs linear haversine scan, same run`);
run(`real stations (${stations.length})`, realLons, realLats, realQueries, 2_000);

const MILLION = 1_000_000;
const lons = new Float64Array(MILLION);
const lats = new Float64Array(MILLION);
for (let i = 0; i < MILLION; i++) [lons[i], lats[i]] = randomSpherePoint(rand);
const randomQueries: [number, number][] = Array.from({ length: 20_000 }, () => randomSpherePoint(rand));
const speedUp = run('1,000,000 random points (sphere)', lons, lats, randomQueries, 40);
console.log(`target ≥ 100× at 1M: ${speedUp >= 100 ? 'met' : 'MISSED'} (${speedUp.toFixed(0)}×)`);
