/**
 * Coverage in process (ADR 0030), on the stations of the product's real import: making one snapshot's model
 * (every area's known count), then a point's coverage on a cache miss (a new 0.01° cell) and on a hit (the kept
 * bytes), against the nearest query (k = 10 within 50 km) at the same points, same run. Points are where
 * drivers are: within ±0.5° of a random real station.
 */
import { loadConfig } from '../src/config/env';
import { bigCitiesOf } from '../src/coverage/big-cities';
import { loadCoverageFacts } from '../src/coverage/coverage-facts';
import { createCoverageService } from '../src/coverage/coverage-service';
import { placeGazetteer } from '../src/places/places';
import { prepareStationIndex, StationIndex } from '../src/stations/stations';
import { seededRandom } from '../src/test-support/random';
import { realImportDb } from './real-import-db';

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTO_IMPORT: 'false' });
const real = await realImportDb();
const index = new StationIndex((await prepareStationIndex(real.db.db)).parts);
await real.cleanup();
const facts = loadCoverageFacts(config.COVERAGE_DATA_DIR, config.STATIONS_REGIONS_FILE);
const bigCities = bigCitiesOf(placeGazetteer().columns);

const rand = seededRandom(20261207);
const points: [number, number][] = Array.from({ length: 20_000 }, () => {
  const i = Math.floor(rand() * index.size);
  return [index.nearest.lonOf(i) + (rand() - 0.5), index.nearest.latOf(i) + (rand() - 0.5)];
});

/** Each call's microseconds, sorted. */
function micros(fn: (lon: number, lat: number) => unknown): number[] {
  const out: number[] = [];
  for (const [lon, lat] of points) {
    const start = process.hrtime.bigint();
    fn(lon, lat);
    out.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  return out.sort((a, b) => a - b);
}
const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const show = (label: string, sorted: number[]) =>
  console.log(
    `${label.padEnd(36)} p50 ${at(sorted, 0.5).toFixed(2).padStart(7)} µs | p99 ${at(sorted, 0.99).toFixed(2).padStart(7)} µs | max ${at(sorted, 1).toFixed(0).padStart(6)} µs`,
  );

const service = createCoverageService(facts, () => bigCities);
const started = performance.now();
service.prepare(index);
console.log(
  `coverage model of ${index.size} stations, ${facts.cities.length} listed cities, ${bigCities.length} big cities: ` +
    `${(performance.now() - started).toFixed(0)} ms`,
);
// Warm the nearest query's code first, so neither side pays the JIT for the other.
micros((lon, lat) => index.nearest.nearest(lon, lat, 10, 50));
show(
  'nearest k=10 within 50 km (baseline)',
  micros((lon, lat) => index.nearest.nearest(lon, lat, 10, 50)),
);
const cells = new Set(points.map(([lon, lat]) => `${Math.round(lon * 100)},${Math.round(lat * 100)}`)).size;
show(
  `coverage, first ask (${cells} cells)`,
  micros((lon, lat) => service.jsonAt(index, lon, lat)),
);
show(
  'coverage, kept bytes',
  micros((lon, lat) => service.jsonAt(index, lon, lat)),
);
