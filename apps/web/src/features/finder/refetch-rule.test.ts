// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  type FetchedList,
  listBoundKm,
  MAX_LIST_AGE_MS,
  ROAD_MAX_AGE_MS,
  ROAD_REFETCH_MOVE_KM,
  refetchReason,
} from './refetch-rule';

// 1 degree of latitude is about 111.2 km; the rule only compares distances, so plain offsets suffice.
const KM_PER_DEG_LAT = 111.195;
const origin = { lon: 16.93, lat: 41.1 };
const north = (km: number) => ({ lon: origin.lon, lat: origin.lat + km / KM_PER_DEG_LAT });
const list = (boundKm: number, nearestKm = 0.5): FetchedList => ({
  origin,
  fetchedAtMs: 0,
  boundKm,
  nearestKm,
});

describe('the bound of a nearest answer', () => {
  it('is the farthest listed distance when the list is full', () => {
    expect(listBoundKm([0.4, 1.2, 3.5], 3, 1000)).toBe(3.5);
  });

  it('is the search radius when fewer stations than the limit came back', () => {
    expect(listBoundKm([0.4, 1.2], 50, 1000)).toBe(1000);
  });
});

describe('when to ask the server again', () => {
  it('does not refetch for small moves', () => {
    expect(refetchReason(list(20), north(0.03), 0.5, 1000)).toBeNull();
    expect(refetchReason(list(20), north(1.5), 1.0, 1000)).toBeNull();
  });

  it('refetches after more than 2 km in a sparse area', () => {
    expect(refetchReason(list(40), north(2.1), 3, 1000)).toBe('moved');
  });

  it('refetches after a quarter of the farthest distance in a dense area', () => {
    expect(refetchReason(list(2), north(0.4), 0.6, 1000)).toBeNull();
    expect(refetchReason(list(2), north(0.55), 0.6, 1000)).toBe('moved');
  });

  it('refetches when an unlisted station could now be nearer than the listed nearest', () => {
    // Bound 4 km, moved 1 km: unlisted stations are at least 3 km away, the listed nearest is 3.2 km away.
    expect(refetchReason(list(4), north(0.9), 3.2, 1000)).toBe('nearest-not-proven');
  });

  it('refetches when the list is older than the maximum age', () => {
    expect(refetchReason(list(20), origin, 0.5, MAX_LIST_AGE_MS + 1)).toBe('stale');
  });
});

describe('when to ask again for road figures', () => {
  const road = { ...list(20), road: true };

  it('asks after about 300 m of driving or a minute, not on every fix', () => {
    expect(refetchReason(road, north(0.1), 0.5, 1000)).toBeNull();
    expect(refetchReason(road, north(ROAD_REFETCH_MOVE_KM + 0.02), 0.5, 1000)).toBe('road');
    expect(refetchReason(road, north(0.1), 0.5, ROAD_MAX_AGE_MS + 1)).toBe('road');
  });

  it('keeps a standing driver and a straight-line list as they were', () => {
    expect(refetchReason(road, north(0.01), 0.5, ROAD_MAX_AGE_MS + 1)).toBeNull();
    expect(refetchReason(list(20), north(ROAD_REFETCH_MOVE_KM + 0.02), 0.5, ROAD_MAX_AGE_MS + 1)).toBeNull();
  });
});
