import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { loadCoverageFacts } from './coverage-facts';

const config = loadConfig({});

describe('loadCoverageFacts on the shared fact tables', () => {
  const facts = loadCoverageFacts(config.COVERAGE_DATA_DIR, config.STATIONS_REGIONS_FILE);

  it('reads every city with its suppliers, centre and official count where one was found', () => {
    expect(facts.problems).toEqual([]);
    expect(facts.cities).toHaveLength(30);
    const chennai = facts.cities.find((c) => c.name === 'Chennai')!;
    expect(chennai).toMatchObject({ state: 'Tamil Nadu', suppliers: ['Torrent Gas'], official: null });
    const hyderabad = facts.cities.find((c) => c.name === 'Hyderabad')!;
    expect(hyderabad.official).toMatchObject({ count: 83, asOf: '2025-07' });
  });

  it('gives a "same report" row the source of the row it follows, and keeps a dispute', () => {
    const state = (name: string) => facts.regions.find((r) => r.kind === 'state' && r.name === name)!;
    expect(state('Gujarat').official.source).toMatch(/^PPAC figure as reported by/);
    expect(state('Uttar Pradesh').official.source).toBe(state('Gujarat').official.source);
    expect(state('Haryana').official).toMatchObject({ count: 349, disputed: true });
    expect(state('Haryana').official.source).toMatch(/^PPAC .*; one copy says 439$/);
  });

  it("keeps each country's newest figure, by its ISO code", () => {
    const countries = facts.regions.filter((r) => r.kind === 'country');
    expect(countries.map((c) => [c.countryCode, c.official.count, c.official.asOf])).toEqual([
      ['IN', 8083, '2025-05'],
      ['IT', 1508, '2026-08-21'],
    ]);
  });

  it('places a point in its state from the polygons', () => {
    expect(facts.stateAt(80.2707, 13.0827)).toBe('Tamil Nadu');
    expect(facts.stateAt(77.209, 28.6139)).toBe('Delhi');
    expect(facts.stateAt(12.5, 41.9)).toBeNull();
  });
});

describe('loadCoverageFacts without its files', () => {
  it('knows no area and says which file it could not read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-coverage-'));
    const facts = loadCoverageFacts(dir, path.join(dir, 'states.geojson'));
    expect(facts.cities).toEqual([]);
    expect(facts.regions).toEqual([]);
    expect(facts.stateAt(77.209, 28.6139)).toBeNull();
    expect(facts.problems.join('\n')).toMatch(
      /india_cgd_areas\.json[\s\S]*official_station_counts\.json[\s\S]*states\.geojson/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
