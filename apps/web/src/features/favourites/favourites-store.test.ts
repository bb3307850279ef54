import type { StationSummary } from '@cng/shared/client';
import { UNKNOWN_STATUS } from '@cng/shared/client';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFinderMessages } from '../../testing/test-messages';
import {
  exportFavourites,
  FAVOURITES_KEY,
  favouritesStore,
  importFavourites,
  readFavourites,
  refreshFavouriteSnapshots,
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

/** What a reload of the page reads: the store again from storage. */
const reload = () => favouritesStore.persist.rehydrate();

beforeEach(async () => {
  localStorage.clear();
  await reload();
});

describe('favourites on the device', () => {
  it('saves and removes by stable id, and survives a reload', async () => {
    expect(toggleFavourite(station('it-1', 'One'))).toBe(true);
    await reload();
    expect(readFavourites().map((f) => f.id)).toEqual(['it-1']);
    expect(toggleFavourite(station('it-1', 'One'))).toBe(false);
    expect(readFavourites()).toEqual([]);
  });

  it('does not store per-query distance in the snapshot', () => {
    toggleFavourite({ ...station('it-2', 'Two'), distanceKm: 3, bearingDeg: 10 } as StationSummary);
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY)!).state.list[0].station).not.toHaveProperty(
      'distanceKm',
    );
  });

  it('refreshes the saved copy when fresh data arrives for the same id', () => {
    toggleFavourite(station('it-3', 'Old name'));
    refreshFavouriteSnapshots([station('it-3', 'New name')]);
    expect(readFavourites()[0]!.station.name).toBe('New name');
  });

  it('exports and imports a file, merging without duplicates', async () => {
    toggleFavourite(station('it-4', 'Four'));
    const file = exportFavourites();
    localStorage.clear();
    await reload();
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

  it('ignores corrupted storage instead of crashing', async () => {
    localStorage.setItem(FAVOURITES_KEY, '{broken');
    await reload();
    expect(readFavourites()).toEqual([]);
  });

  it('reads the favourites kept in the earlier plain-list format, dropping entries it cannot use', async () => {
    localStorage.setItem(
      FAVOURITES_KEY,
      JSON.stringify([
        { id: 'it-6', savedAt: '2026-08-21T00:00:00.000Z', station: station('it-6', 'Six') },
        { id: 'it-7', savedAt: 'yesterday' },
      ]),
    );
    await reload();
    expect(readFavourites().map((f) => f.id)).toEqual(['it-6']);
  });

  it('follows a change made in another tab', async () => {
    toggleFavourite(station('it-8', 'Eight'));
    const otherTab = JSON.stringify({ state: { list: [] }, version: 1 });
    localStorage.setItem(FAVOURITES_KEY, otherTab);
    window.dispatchEvent(new StorageEvent('storage', { key: FAVOURITES_KEY, newValue: otherTab }));
    await Promise.resolve();
    expect(readFavourites()).toEqual([]);
  });

  it('keeps working for this page when storage refuses to write (private mode, full quota)', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(toggleFavourite(station('it-9', 'Nine'))).toBe(true);
      expect(readFavourites().map((f) => f.id)).toEqual(['it-9']);
    } finally {
      setItem.mockRestore();
    }
  });
});
