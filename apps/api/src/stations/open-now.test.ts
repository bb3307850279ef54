import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Station } from '@cng/shared';
import { describe, expect, it } from 'vitest';
import { processClockIsUtc } from '../lib/process-clock';
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

  it("places sunrise and sunset at the station's own sun, in its own wall-clock time", () => {
    // Rome, 15 June 2025 (CEST, UTC+2): sunrise ~05:35, sunset ~20:48. The library read the coordinates only as
    // text, so with numbers it fell back to 06:00-18:00: at 19:00 the station showed closed.
    const rome = station({
      lon: 12.4964,
      lat: 41.9028,
      countryCode: 'IT',
      timeZone: 'Europe/Rome',
      openingHours: 'Mo-Su sunrise-sunset',
    });
    const open = compileOpenNow(rome);
    expect(open(at('2025-06-15T03:25:00Z'))).toBe(false); // 05:25
    expect(open(at('2025-06-15T03:45:00Z'))).toBe(true); // 05:45
    expect(open(at('2025-06-15T17:00:00Z'))).toBe(true); // 19:00
    expect(open(at('2025-06-15T18:40:00Z'))).toBe(true); // 20:40
    expect(open(at('2025-06-15T18:55:00Z'))).toBe(false); // 20:55
    // The same station in winter (CET, UTC+1): sunrise ~07:34, sunset ~16:40 on 15 December.
    expect(open(at('2025-12-15T06:25:00Z'))).toBe(false); // 07:25
    expect(open(at('2025-12-15T06:45:00Z'))).toBe(true); // 07:45
    expect(open(at('2025-12-15T15:30:00Z'))).toBe(true); // 16:30
    expect(open(at('2025-12-15T15:50:00Z'))).toBe(false); // 16:50
    // Delhi (IST, UTC+05:30), 21 December 2025: sunrise ~07:10, sunset ~17:29; "daylight" is sunrise-sunset.
    const delhi = compileOpenNow(
      station({ lon: 77.209, lat: 28.6139, timeZone: 'Asia/Kolkata', openingHours: 'daylight' }),
    );
    expect(delhi(at('2025-12-21T01:30:00Z'))).toBe(false); // 07:00
    expect(delhi(at('2025-12-21T01:50:00Z'))).toBe(true); // 07:20
    expect(delhi(at('2025-12-21T11:50:00Z'))).toBe(true); // 17:20
    expect(delhi(at('2025-12-21T12:10:00Z'))).toBe(false); // 17:40
    // An offset from the sun: open from an hour after sunrise (~06:35 in Rome in June).
    const late = compileOpenNow({ ...rome, openingHours: 'Mo-Su (sunrise+01:00)-sunset' });
    expect(late(at('2025-06-15T04:25:00Z'))).toBe(false); // 06:25
    expect(late(at('2025-06-15T04:45:00Z'))).toBe(true); // 06:45
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
    const local = wallClockIn(at('2026-03-10T00:40:00Z'), 'Asia/Kolkata')!;
    expect([
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
    ]).toEqual([2026, 2, 10, 6, 10]);
  });

  it('answers the same whatever time zone the server process was started in, once start-up set the clock', () => {
    // 8 March 2026 is the day New York skips 02:00–03:00; at 01:30 UTC it is 02:30 in Rome, before the
    // station opens. A process in New York cannot express 02:30 that day: it would read 03:30, "open".
    const sample = `
      const { useUtcProcessClock } = await import(${JSON.stringify(fileURLToPath(new URL('../lib/process-clock.ts', import.meta.url)))});
      useUtcProcessClock(); // as server.ts does first
      const { compileOpenNow } = await import(${JSON.stringify(fileURLToPath(new URL('./open-now.ts', import.meta.url)))});
      const rome = { lon: 9.19, lat: 45.46, countryCode: 'IT', timeZone: 'Europe/Rome',
        openingHours: 'Mo-Su 03:00-22:00', cng: { open24x7: null } };
      const open = compileOpenNow(rome);
      const out = [];
      for (let t = Date.parse('2026-03-07T22:00:00Z'); t < Date.parse('2026-03-09T04:00:00Z'); t += 15 * 60e3)
        out.push(open(new Date(t)));
      console.log(JSON.stringify(out));`;
    const inZone = (TZ: string) => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', sample], {
        env: { ...process.env, TZ },
        encoding: 'utf8',
      });
      expect(run.status, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as (boolean | null)[];
    };
    const newYork = inZone('America/New_York');
    expect(newYork).toEqual(inZone('UTC'));
    expect(newYork).toEqual(inZone('Australia/Lord_Howe'));
    // 01:30 and 01:45 UTC: 02:30 and 02:45 in Rome, closed; 02:00 UTC: 03:00 in Rome, open.
    const first = Date.parse('2026-03-07T22:00:00Z');
    const slot = (iso: string) => (Date.parse(iso) - first) / (15 * 60e3);
    expect(newYork[slot('2026-03-08T01:30:00Z')]).toBe(false);
    expect(newYork[slot('2026-03-08T01:45:00Z')]).toBe(false);
    expect(newYork[slot('2026-03-08T02:00:00Z')]).toBe(true);
  }, 30_000);

  it('leaves the process time zone alone when imported (start-up sets it, not an import)', () => {
    const sample = `
      await import(${JSON.stringify(fileURLToPath(new URL('./open-now.ts', import.meta.url)))});
      console.log(JSON.stringify([process.env.TZ, new Date(2026, 2, 8, 2, 30).getHours()]));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', sample], {
      env: { ...process.env, TZ: 'America/New_York' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    // 02:30 on 8 March 2026 does not exist in New York: the process clock is still New York's.
    expect(JSON.parse(run.stdout)).toEqual(['America/New_York', 3]);
  }, 30_000);

  it('keeps the test process clock in UTC, as the server sets it at start-up', () => {
    expect(processClockIsUtc()).toBe(true);
    expect(new Date(2026, 2, 8, 2, 30).getHours()).toBe(2);
  });
});
