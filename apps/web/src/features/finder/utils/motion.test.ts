import { bearingDeg, distanceKm } from '@cng/shared';
import { describe, expect, it } from 'vitest';
import {
  type Fix,
  INITIAL_MOTION,
  type MotionState,
  nextMotion,
  STATIONARY_AFTER_MS,
  smoothSpeedKmh,
} from './motion';

/** A point `metres` along a straight line from (lon0, lat0) at `courseDeg`, using a local flat approximation. */
function along(lon0: number, lat0: number, courseDeg: number, metres: number) {
  const rad = (courseDeg * Math.PI) / 180;
  const dLat = (metres * Math.cos(rad)) / 111_320;
  const dLon = (metres * Math.sin(rad)) / (111_320 * Math.cos((lat0 * Math.PI) / 180));
  return { lon: lon0 + dLon, lat: lat0 + dLat };
}

function fix(p: { lon: number; lat: number }, t: number, extra: Partial<Fix> = {}): Fix {
  return { ...p, accuracyM: 8, timestampMs: t, speedMs: null, headingDeg: null, ...extra };
}

function drive(speedKmh: number, courseDeg: number, seconds: number, extra: Partial<Fix> = {}) {
  let m: MotionState = INITIAL_MOTION;
  const start = { lon: 16.9252, lat: 41.1024 };
  for (let s = 0; s <= seconds; s++) {
    m = nextMotion(m, fix(along(start.lon, start.lat, courseDeg, (speedKmh / 3.6) * s), s * 1000, extra));
  }
  return m;
}

describe('speed and course derived from successive fixes (device gives no speed)', () => {
  it('matches a steady 50 km/h drive within 2 % after a few fixes', () => {
    const m = drive(50, 118, 10);
    expect(m.speedKmh).toBeGreaterThan(49);
    expect(m.speedKmh).toBeLessThan(51);
    expect(m.speedSource).toBe('derived');
  });

  it('derives the course from the geometry of the last movement', () => {
    const m = drive(40, 118, 6);
    expect(m.courseDeg).not.toBeNull();
    expect(Math.abs((m.courseDeg ?? 0) - 118)).toBeLessThan(1);
  });

  it('reports 0 km/h and no course when the fixes only jitter inside the accuracy radius', () => {
    let m: MotionState = INITIAL_MOTION;
    const p = { lon: 9.19, lat: 45.46 };
    // Up to 6 m of noise with 8 m accuracy, for 10 s.
    for (let s = 0; s <= 10; s++) m = nextMotion(m, fix(along(p.lon, p.lat, s * 70, (s % 3) * 3), s * 1000));
    expect(m.speedKmh).toBe(0);
    expect(m.courseDeg).toBeNull();
  });

  it('does not turn a large jump inside a poor accuracy radius into speed', () => {
    let m = nextMotion(INITIAL_MOTION, fix({ lon: 9.19, lat: 45.46 }, 0, { accuracyM: 60 }));
    m = nextMotion(m, fix(along(9.19, 45.46, 0, 50), 1000, { accuracyM: 60 }));
    expect(m.speedKmh).toBe(0);
  });

  it('comes to 0 after stopping for longer than the stationary window', () => {
    let m = drive(60, 90, 5);
    expect(m.speedKmh).toBeGreaterThan(55);
    const last = m.anchor!;
    for (let t = 1000; t <= STATIONARY_AFTER_MS + 1000; t += 1000) {
      m = nextMotion(m, fix(last, last.timestampMs + t));
    }
    expect(m.speedKmh).toBe(0);
  });

  it('measures the first speed after a stop from the end of the stop, not from when it began', () => {
    let m: MotionState = INITIAL_MOTION;
    const p = { lon: 9.19, lat: 45.46 };
    // Parked for 60 s with a fix every second, then 14 m in the next second (50 km/h).
    for (let s = 0; s <= 60; s++) m = nextMotion(m, fix(p, s * 1000));
    m = nextMotion(m, fix(along(p.lon, p.lat, 90, 13.9), 61_000));
    expect(m.speedKmh).toBeGreaterThan(45);
    expect(m.speedKmh).toBeLessThan(55);
  });

  it('keeps the estimate when a fix is too vague to tell movement from noise', () => {
    const m = drive(50, 0, 5);
    const next = nextMotion(
      m,
      fix(along(m.anchor!.lon, m.anchor!.lat, 0, 500), m.anchor!.timestampMs + 1000, { accuracyM: 800 }),
    );
    expect(next).toBe(m);
  });
});

describe('speed from the device', () => {
  it('uses the device speed in km/h and its course while moving', () => {
    const m = drive(72, 200, 3, { speedMs: 20, headingDeg: 200 });
    expect(m.speedKmh).toBeCloseTo(72, 5);
    expect(m.courseDeg).toBe(200);
    expect(m.speedSource).toBe('device');
  });

  it('reports Doppler noise of a parked phone as 0 km/h with no course', () => {
    const m = nextMotion(INITIAL_MOTION, fix({ lon: 77.2, lat: 28.6 }, 0, { speedMs: 0.3, headingDeg: 123 }));
    expect(m.speedKmh).toBe(0);
    expect(m.courseDeg).toBeNull();
  });
});

describe('smoothing', () => {
  it('moves most of the way to a new value within a few seconds and not past it', () => {
    const after1s = smoothSpeedKmh(0, 100, 1000);
    const after10s = smoothSpeedKmh(0, 100, 10_000);
    expect(after1s).toBeGreaterThan(20);
    expect(after1s).toBeLessThan(50);
    expect(after10s).toBeGreaterThan(95);
    expect(after10s).toBeLessThanOrEqual(100);
  });
});

describe('test helper sanity', () => {
  it('places points at the requested distance and course', () => {
    const p = along(16.9252, 41.1024, 118, 1000);
    expect(distanceKm(16.9252, 41.1024, p.lon, p.lat)).toBeCloseTo(1, 2);
    expect(bearingDeg(16.9252, 41.1024, p.lon, p.lat)).toBeCloseTo(118, 0);
  });
});
