import type { StationSummary } from '@cng/shared/client';
import { UNKNOWN_STATUS } from '@cng/shared/client';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useFinderMessages } from '../test-messages';
import {
  exportFavourites,
  FAVOURITES_KEY,
  importFavourites,
  readFavourites,
  refreshFavouriteSnapshots,
  resetFavouritesCache,
  toggleFavourite,
} from './favourites-store';

beforeAll(() => useFinderMessages());

function station(id: string, name: string): StationSummary {
  return {
    id,
    name,
    displayName: name,
    brand: null,
    operator: null,
    lon: 16.93,
    lat: 41.1,
    address: null,
    city: 'Bari',
    region: null,
    countryCode: 'IT',
    timeZone: 'Europe/Rome',
    openingHours: null,
    phone: null,
    price: null,
    cng: { fillType: null, pressurePsi: null, vehicleClass: null, open24x7: null },
    coordinateQuality: 'government',
    active: true,
    firstSeenAt: '2026-08-21T00:00:00.000Z',
    lastSeenAt: '2026-08-21T00:00:00.000Z',
    sources: [],
    openNow: null,
    status: UNKNOWN_STATUS,
    lastConfirmed: { at: '2026-08-21T00:00:00.000Z', by: 'source' },
  };
}

beforeEach(() => {
  localStorage.clear();
  resetFavouritesCache();
});

describe('favourites on the device', () => {
  it('saves and removes by stable id, and survives a reload (fresh cache)', () => {
    expect(toggleFavourite(station('it-1', 'One'))).toBe(true);
    resetFavouritesCache();
    expect(readFavourites().map((f) => f.id)).toEqual(['it-1']);
    expect(toggleFavourite(station('it-1', 'One'))).toBe(false);
    expect(readFavourites()).toEqual([]);
  });

  it('does not store per-query distance in the snapshot', () => {
    toggleFavourite({ ...station('it-2', 'Two'), distanceKm: 3, bearingDeg: 10 } as StationSummary);
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY)!)[0].station).not.toHaveProperty('distanceKm');
  });

  it('refreshes the saved copy when fresh data arrives for the same id', () => {
    toggleFavourite(station('it-3', 'Old name'));
    refreshFavouriteSnapshots([station('it-3', 'New name')]);
    expect(readFavourites()[0]!.station.name).toBe('New name');
  });

  it('exports and imports a file, merging without duplicates', () => {
    toggleFavourite(station('it-4', 'Four'));
    const file = exportFavourites();
    localStorage.clear();
    resetFavouritesCache();
    toggleFavourite(station('it-5', 'Five'));
    expect(importFavourites(file)).toBe(1);
    expect(importFavourites(file)).toBe(0);
    expect(
      readFavourites()
        .map((f) => f.id)
        .sort(),
    ).toEqual(['it-4', 'it-5']);
  });

  it('rejects a file that is not a favourites export with a readable message', () => {
    expect(() => importFavourites('{"hello":1}')).toThrow(/not a CNG Navigator favourites file/);
    expect(() => importFavourites('nope')).toThrow(/not JSON/);
  });

  it('ignores corrupted storage instead of crashing', () => {
    localStorage.setItem(FAVOURITES_KEY, '{broken');
    expect(readFavourites()).toEqual([]);
  });
});
