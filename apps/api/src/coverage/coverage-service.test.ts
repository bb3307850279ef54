import { describe, expect, it } from 'vitest';
import { StationIndex } from '../stations/stations';
import type { CoverageFacts } from './coverage-facts';
import type { BigCity } from './coverage-model';
import { createCoverageService } from './coverage-service';

const facts: CoverageFacts = { cities: [], regions: [], stateAt: () => null, problems: [] };
const empty = new StationIndex([]);
// Central Chennai, with no station known: a big city holds fewer than 5.
const CHENNAI: BigCity = { name: 'Chennai', population: 4_328_063, lon: 80.2785, lat: 13.0878 };

describe('the coverage service', () => {
  it('keeps one answer per grid cell and snapshot, as the JSON nearest appends', () => {
    const service = createCoverageService(facts, () => []);
    const first = service.jsonAt(empty, 80.27, 13.08);
    expect(service.jsonAt(empty, 80.271, 13.079)).toBe(first);
    expect(JSON.parse(first.toString())).toEqual(service.at(empty, 80.27, 13.08));
    // A rebuild is a new snapshot: its answers are its own.
    expect(service.jsonAt(new StationIndex([]), 80.27, 13.08)).not.toBe(first);
  });

  it('judges without the big cities while they cannot be had, and with them once they can', () => {
    let cities: BigCity[] | null = null;
    const service = createCoverageService(facts, () => cities);
    expect(service.at(empty, CHENNAI.lon, CHENNAI.lat).bigCity).toBeNull();
    cities = [CHENNAI];
    expect(service.at(empty, CHENNAI.lon, CHENNAI.lat).bigCity).toEqual({
      name: 'Chennai',
      population: 4_328_063,
      knownWithinKm: 0,
    });
  });
});
