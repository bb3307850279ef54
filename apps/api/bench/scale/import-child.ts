/**
 * One import of the synthetic file into the SQLite file, in its own process so its peak memory is its own.
 * Prints one JSON line: { ms, peakRssMb, counts }. Used by scale.bench.ts.
 */
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { importStations } from '../../src/station-import/station-import';

const [sqlitePath, input] = process.argv.slice(2) as [string, string];
let peakRss = 0;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};
const sampler = setInterval(sample, 5);
const handle = openDatabase({ databaseUrl: '', sqlitePath });
await migrateToLatest(handle.db);
const started = performance.now();
const result = await importStations(handle.db, 'geojson', [input], {
  load: { feed: 'synthetic', licence: 'synthetic', attribution: 'synthetic bench data' },
});
const ms = performance.now() - started;
sample();
clearInterval(sampler);
await handle.db.destroy();
// The kernel's high-water mark catches a peak between two samples (maxRSS is in KiB).
peakRss = Math.max(peakRss, process.resourceUsage().maxRSS * 1024);
console.log(JSON.stringify({ ms, peakRssMb: peakRss / 2 ** 20, counts: result.counts }));
