// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  ARRIVAL_RULES,
  type ArrivalFix,
  type ArrivalStation,
  arrivalStateAt,
  dwellEndsAtMs,
  INITIAL_ARRIVAL,
  nextArrivalState,
  stationWithin,
} from './arrival-detection';

// Two real CNG stations' neighbourhood is not needed: the rules only depend on distances, so two points
// 1 km apart on a meridian (1° latitude ≈ 111.2 km) keep the arithmetic obvious.
const A: ArrivalStation = { id: 'a', lon: 12.5, lat: 41.9 };
const B: ArrivalStation = { id: 'b', lon: 12.5, lat: 41.9 + 1000 / 111_195 };
const STATIONS = [A, B];
const north = (s: ArrivalStation, m: number) => ({ lon: s.lon, lat: s.lat + m / 111_195 });

/** Runs fixes through the detector and returns every state. */
function run(fixes: ArrivalFix[]) {
  const states = [];
  let state = INITIAL_ARRIVAL;
  for (const f of fixes) {
    state = nextArrivalState(state, f, STATIONS);
    states.push(state);
  }
  return states;
}

const parked = (s: ArrivalStation, m: number, seconds: number[]) =>
  seconds.map((t) => ({ ...north(s, m), timestampMs: t * 1000, speedMs: 0, accuracyM: 10 }));

describe('arrival detection', () => {
  it('finds the nearest station within the radius, and none beyond it', () => {
    expect(stationWithin(north(A, 100).lon, north(A, 100).lat, STATIONS, 150)?.id).toBe('a');
    expect(stationWithin(north(A, 900).lon, north(A, 900).lat, STATIONS, 150)?.id).toBe('b');
    expect(stationWithin(north(A, 400).lon, north(A, 400).lat, STATIONS, 150)).toBeNull();
  });

  it('arrives after about a minute stopped within 150 m, not before', () => {
    const states = run(parked(A, 120, [0, 20, 40, 59, 60]));
    expect(states.slice(0, 4).map((s) => s.arrivedId)).toEqual([null, null, null, null]);
    expect(states[4]!.arrivedId).toBe('a');
  });

  it('does not arrive while driving past at speed', () => {
    const fixes = [0, 15, 30, 45, 60, 75].map((t) => ({
      ...north(A, 50),
      timestampMs: t * 1000,
      speedMs: 40 / 3.6,
    }));
    expect(run(fixes).every((s) => s.arrivedId === null)).toBe(true);
  });

  it('counts a crawling queue as stopped and derives speed when the device gives none', () => {
    // 10 m per 10 s = 3.6 km/h, below the limit.
    const fixes = [0, 10, 20, 30, 40, 50, 60].map((t, i) => ({
      ...north(A, -60 + i * 10),
      timestampMs: t * 1000,
      speedMs: null,
    }));
    expect(run(fixes).at(-1)!.arrivedId).toBe('a');
  });

  it('resets when the driver leaves the radius or moves to another station', () => {
    const away = { ...north(A, 500), timestampMs: 61_000, speedMs: 0 };
    const states = run([...parked(A, 0, [0, 60]), away]);
    expect(states[1]!.arrivedId).toBe('a');
    expect(states[2]).toMatchObject({ stationId: null, arrivedId: null });
    const moved = run([...parked(A, 0, [0, 30]), ...parked(B, 0, [45, 90])]);
    expect(moved.at(-1)).toMatchObject({ stationId: 'b', arrivedId: null });
  });

  it('ignores vague fixes instead of letting them reset or advance the dwell', () => {
    const vague = {
      ...north(A, 2000),
      timestampMs: 30_000,
      speedMs: 0,
      accuracyM: ARRIVAL_RULES.maxAccuracyM + 1,
    };
    const states = run([...parked(A, 0, [0]), vague, ...parked(A, 0, [60])]);
    expect(states[1]).toBe(states[0]);
    expect(states[2]!.arrivedId).toBe('a');
  });

  it('says when a running dwell completes, and nothing when none runs or it already arrived', () => {
    const [first, , done] = run(parked(A, 20, [0, 30, 60]));
    expect(dwellEndsAtMs(first!)).toBe(ARRIVAL_RULES.dwellMs);
    expect(dwellEndsAtMs(done!)).toBeNull();
    expect(dwellEndsAtMs(INITIAL_ARRIVAL)).toBeNull();
    const passing = run([{ ...north(A, 50), timestampMs: 0, speedMs: 40 / 3.6 }])[0]!;
    expect(dwellEndsAtMs(passing)).toBeNull();
  });

  it('arrives without a new fix: the last fix re-read at the end of the dwell counts as standing still', () => {
    // One fix with a device speed of 1 m/s, then silence: the phone sends nothing more.
    const [state] = run([{ ...north(A, 40), timestampMs: 0, speedMs: 1, accuracyM: 10 }]);
    expect(arrivalStateAt(state!, 59_999, STATIONS).arrivedId).toBeNull();
    expect(arrivalStateAt(state!, 60_000, STATIONS).arrivedId).toBe('a');
    // Re-reading never goes back in time or invents a station.
    expect(arrivalStateAt(state!, -1, STATIONS)).toBe(state);
    const away = run([{ ...north(A, 400), timestampMs: 0, speedMs: 0 }])[0]!;
    expect(arrivalStateAt(away, 120_000, STATIONS).arrivedId).toBeNull();
  });
});
