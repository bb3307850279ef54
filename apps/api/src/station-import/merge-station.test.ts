import { describe, expect, it } from 'vitest';
import type { StationRecord } from './importers/station-record';
import { mergeStation } from './merge-station';

const record = (over: Partial<StationRecord> = {}): StationRecord => ({
  name: 'Sai Auto CNG',
  brand: null,
  operator: null,
  lon: 73.97,
  lat: 18.4,
  address: null,
  city: null,
  region: null,
  countryCode: 'IN',
  timeZone: 'Asia/Kolkata',
  openingHours: null,
  phone: null,
  price: null,
  cng: { fillType: null, pressurePsi: null, vehicleClass: null, open24x7: null },
  coordinateQuality: 'operator',
  licence: 'L',
  attribution: 'A',
  url: null,
  ...over,
});

describe('mergeStation and the decisions drivers and moderators made', () => {
  it("keeps a moderator's corrected position and a hidden station hidden when a source is imported again", () => {
    const now = '2026-11-24T06:00:00.000Z';
    const first = mergeStation(
      'st_1',
      [{ source: 'csv:x', record: record(), present: true }],
      undefined,
      now,
    );
    expect([first.lon, first.lat, first.coordinate_quality]).toEqual([73.97, 18.4, 'operator']);
    const decided = {
      ...first,
      moved_lon: 73.975,
      moved_lat: 18.401,
      hidden_at: now,
      hidden_reason: 'closed',
    };
    const again = mergeStation(
      'st_1',
      [{ source: 'csv:x', record: record({ lon: 73.9701 }), present: true }],
      decided,
      now,
    );
    expect([again.lon, again.lat, again.coordinate_quality]).toEqual([73.975, 18.401, 'corrected']);
    expect([again.hidden_at, again.hidden_reason]).toEqual([now, 'closed']);
  });
});
