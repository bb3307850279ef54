import type { Station } from '@cng/shared';
import { describe, expect, it } from 'vitest';
import { compileOpenNow, timeZoneOf, wallClockIn } from './open-now';

const at = (iso: string) => new Date(iso);
const station = (over: Partial<Station>) =>
  ({
    lon: 72.8777,
    lat: 19.076,
    countryCode: 'IN',
    timeZone: null,
    openingHours: null,
    cng: { fillType: null, pressurePsi: null, vehicleClass: null, open24x7: null },
    ...over,
  }) as Station;

describe('openNow', () => {
  it("evaluates hours in the station's own time zone, not the server's", () => {
    // Mumbai is UTC+05:30: 00:20 UTC is 05:50 there, 00:40 UTC is 06:10.
    const open = compileOpenNow(station({ openingHours: 'Mo-Su 06:00-22:00' }));
    expect(open(at('2026-03-10T00:20:00Z'))).toBe(false);
    expect(open(at('2026-03-10T00:40:00Z'))).toBe(true);
    expect(open(at('2026-03-10T16:29:00Z'))).toBe(true);
    expect(open(at('2026-03-10T16:31:00Z'))).toBe(false);
  });

  it('follows daylight saving time in Italy', () => {
    const milan = station({
      lon: 9.19,
      lat: 45.46,
      countryCode: 'IT',
      timeZone: 'Europe/Rome',
      openingHours: 'Mo-Su 07:00-20:00',
    });
    const open = compileOpenNow(milan);
    // 05:30 UTC is 06:30 in winter (CET) but 07:30 in summer (CEST).
    expect(open(at('2026-01-15T05:30:00Z'))).toBe(false);
    expect(open(at('2026-07-15T05:30:00Z'))).toBe(true);
  });

  it("knows the country's public holidays", () => {
    // 25 December 2026 is a Friday; "PH off" closes the station that day only.
    const open = compileOpenNow(
      station({
        lon: 9.19,
        lat: 45.46,
        countryCode: 'IT',
        timeZone: 'Europe/Rome',
        openingHours: 'Mo-Sa 08:00-19:00; PH off',
      }),
    );
    expect(open(at('2026-12-24T10:00:00Z'))).toBe(true);
    expect(open(at('2026-12-25T10:00:00Z'))).toBe(false);
  });

  it('is null without hours, with unparseable hours, and for "unknown" rules', () => {
    expect(compileOpenNow(station({}))(at('2026-03-10T10:00:00Z'))).toBeNull();
    expect(
      compileOpenNow(station({ openingHours: 'ask the attendant!!' }))(at('2026-03-10T10:00:00Z')),
    ).toBeNull();
    expect(compileOpenNow(station({ openingHours: 'Mo-Su unknown' }))(at('2026-03-10T10:00:00Z'))).toBeNull();
  });

  it('is true for a station flagged open 24x7 without an hours string', () => {
    const open = compileOpenNow(
      station({ cng: { fillType: null, pressurePsi: null, vehicleClass: null, open24x7: true } }),
    );
    expect(open(at('2026-03-10T03:00:00Z'))).toBe(true);
  });

  it('derives the time zone from the coordinates when none is stored', () => {
    expect(timeZoneOf(station({}))).toBe('Asia/Kolkata');
    expect(timeZoneOf(station({ lon: 12.49, lat: 41.9 }))).toBe('Europe/Rome');
    expect(timeZoneOf(station({ timeZone: 'Not/AZone' }))).toBeNull();
  });

  it('turns an instant into the wall-clock time of a zone', () => {
    const local = wallClockIn(at('2026-03-10T00:40:00Z'), 'Asia/Kolkata');
    expect([
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
    ]).toEqual([2026, 2, 10, 6, 10]);
  });
});
