// @vitest-environment node
import { bearingDeg, distanceKm } from '@cng/shared/client';
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

/** Moves `p` by `east`, `north` metres. */
const offset = (p: { lon: number; lat: number }, east: number, north: number) =>
  along(along(p.lon, p.lat, 90, east).lon, along(p.lon, p.lat, 90, east).lat, 0, north);

function fix(p: { lon: number; lat: number }, t: number, extra: Partial<Fix> = {}): Fix {
  return { ...p, accuracyM: 8, timestampMs: t, speedMs: null, headingDeg: null, ...extra };
}

/** Deterministic random numbers in [0, 1) (mulberry32), so a failing noise case can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Parked-phone jitter as seen in the audit: every fix lands anywhere within `maxM` of the true spot
 * (uniform over the disc), independently of the one before — the worst case for a derived speed.
 */
function jitter(rand: () => number, maxM: number) {
  const r = maxM * Math.sqrt(rand());
  const a = rand() * 2 * Math.PI;
  return { east: r * Math.sin(a), north: r * Math.cos(a) };
}

/**
 * Driving noise as phones show it: an error that wanders (up to ±5 m, changing by at most ~1 m between
 * fixes, because consecutive GPS errors are correlated) plus ±1.5 m of independent jitter.
 */
function drivingNoise(rand: () => number) {
  let east = 0;
  let north = 0;
  const clamp = (v: number) => Math.max(-5, Math.min(5, v));
  return () => {
    east = clamp(east + (rand() - 0.5) * 2);
    north = clamp(north + (rand() - 0.5) * 2);
    return { east: east + (rand() - 0.5) * 3, north: north + (rand() - 0.5) * 3 };
  };
}

const BARI = { lon: 16.9252, lat: 41.1024 };

function drive(speedKmh: number, courseDeg: number, seconds: number, extra: Partial<Fix> = {}) {
  let m: MotionState = INITIAL_MOTION;
  for (let s = 0; s <= seconds; s++) {
    m = nextMotion(m, fix(along(BARI.lon, BARI.lat, courseDeg, (speedKmh / 3.6) * s), s * 1000, extra));
  }
  return m;
}

describe('speed while parked, derived from noisy fixes (device gives no speed)', () => {
  for (const accuracyM of [10, 15]) {
    for (const maxM of [8, 10, 15]) {
      it(`never shows more than 5 km/h with ±${maxM} m jitter at accuracy ${accuracyM} m (20 min, 1 Hz)`, () => {
        const rand = seeded(accuracyM * 100 + maxM);
        let m: MotionState = INITIAL_MOTION;
        let maxKmh = 0;
        for (let s = 0; s <= 1200; s++) {
          const n = jitter(rand, maxM);
          m = nextMotion(m, fix(offset(BARI, n.east, n.north), s * 1000, { accuracyM }));
          maxKmh = Math.max(maxKmh, m.speedKmh ?? 0);
        }
        expect(maxKmh).toBeLessThanOrEqual(5);
        expect(m.speedKmh).toBe(0);
      });
    }
  }

  it('does not turn one jittered fix into speed (the audit: ±8 m at accuracy 10 m showed 60 km/h)', () => {
    let m: MotionState = INITIAL_MOTION;
    const shown: (number | null)[] = [];
    // Standing fixes 7 m west of the true spot, then one 8 m east of it: 15 m apart, just past the radius.
    const noise = [-7, -7, -7, -7, -7, 8, -7, -7, -7, -7];
    noise.forEach((east, s) => {
      m = nextMotion(m, fix(offset(BARI, east, 0), s * 1000, { accuracyM: 10 }));
      shown.push(m.speedKmh);
    });
    // Unknown (never a speed) until the fixes have stood for the stationary time, then 0 through the jump.
    expect(shown.every((v) => v === null || v === 0)).toBe(true);
    expect(shown.slice(STATIONARY_AFTER_MS / 1000).every((v) => v === 0)).toBe(true);
  });

  it('does not turn a large jump inside a poor accuracy radius into speed (nor into a claimed stop)', () => {
    let m = nextMotion(INITIAL_MOTION, fix(BARI, 0, { accuracyM: 60 }));
    m = nextMotion(m, fix(along(BARI.lon, BARI.lat, 0, 50), 1000, { accuracyM: 60 }));
    // 50 m inside a 85 m radius may be noise or a car: unknown, not a speed and not "0 km/h".
    expect(m.speedKmh).toBeNull();
  });
});

describe('speed while driving, derived from noisy fixes', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`a 50 km/h drive reads within 10 % of 50 from the 5th fix on (correlated noise, seed ${seed})`, () => {
      const rand = seeded(seed);
      const noise = drivingNoise(rand);
      let m: MotionState = INITIAL_MOTION;
      const shown: number[] = [];
      for (let s = 0; s <= 60; s++) {
        const n = noise();
        const p = along(BARI.lon, BARI.lat, 118, (50 / 3.6) * s);
        m = nextMotion(m, fix(offset(p, n.east, n.north), s * 1000, { accuracyM: 5 + rand() * 5 }));
        shown.push(m.speedKmh ?? 0);
      }
      const settled = shown.slice(5);
      expect(
        Math.max(...settled.map((v) => Math.abs(v - 50) / 50)),
        `speeds ${shown.map(Math.round)}`,
      ).toBeLessThan(0.1);
      expect(m.speedSource).toBe('derived');
    });
  }

  it('pulling away after a jittery stop reads within 10 % of 50 km/h within 6 fixes of the start', () => {
    const rand = seeded(42);
    const noise = drivingNoise(rand);
    let m: MotionState = INITIAL_MOTION;
    // Parked for 30 s with jitter, then away at 50 km/h from t = 30 s.
    for (let s = 0; s < 30; s++) {
      const n = jitter(rand, 10);
      m = nextMotion(m, fix(offset(BARI, n.east, n.north), s * 1000, { accuracyM: 10 }));
      expect(m.speedKmh ?? 0).toBeLessThanOrEqual(5);
    }
    const shown: number[] = [];
    for (let s = 1; s <= 20; s++) {
      const n = noise();
      const p = along(BARI.lon, BARI.lat, 90, (50 / 3.6) * s);
      m = nextMotion(m, fix(offset(p, n.east, n.north), (30 + s) * 1000, { accuracyM: 8 }));
      shown.push(m.speedKmh ?? 0);
    }
    expect(Math.abs(shown[5]! - 50) / 50, `speeds ${shown.map(Math.round)}`).toBeLessThan(0.1);
    expect(Math.abs(shown[19]! - 50) / 50).toBeLessThan(0.1);
  });

  // The review: at accuracy 10–30 m a steady drive flickered to 0 every few seconds (the stop test took
  // "3 s of fixes inside the jitter radius" for standing, and 3 s of 30 km/h fits inside ±20 m).
  for (const [kmh, accuracyM] of [
    [20, 10],
    [20, 20],
    [50, 20],
    [80, 30],
  ] as const) {
    it(`a steady ${kmh} km/h drive at accuracy ${accuracyM} m never drops back to 0 once moving`, () => {
      const noise = drivingNoise(seeded(kmh * 100 + accuracyM));
      let m: MotionState = INITIAL_MOTION;
      const shown: number[] = [];
      for (let s = 0; s <= 90; s++) {
        const n = noise();
        const p = along(BARI.lon, BARI.lat, 70, (kmh / 3.6) * s);
        m = nextMotion(m, fix(offset(p, n.east, n.north), s * 1000, { accuracyM }));
        shown.push(m.speedKmh ?? 0);
      }
      const start = shown.findIndex((v) => v > 0);
      expect(start, `speeds ${shown.map(Math.round)}`).toBeGreaterThan(0);
      const after = shown.slice(start + 5);
      expect(after.length, `speeds ${shown.map(Math.round)}`).toBeGreaterThan(60);
      // Within 10 %, or 4 km/h in town: ±5 m of wandering GPS error moves a 5 s fit by a few km/h.
      for (const v of after)
        expect(Math.abs(v - kmh), `speeds ${shown.map(Math.round)}`).toBeLessThan(Math.max(0.1 * kmh, 4));
    });
  }

  it('comes to 0 within a few seconds of stopping, and stays there through the jitter', () => {
    const rand = seeded(7);
    let m = drive(60, 90, 10, { accuracyM: 10 });
    expect(m.speedKmh).toBeGreaterThan(55);
    const stop = along(BARI.lon, BARI.lat, 90, (60 / 3.6) * 10);
    const shown: number[] = [];
    for (let s = 1; s <= 120; s++) {
      const n = jitter(rand, 10);
      m = nextMotion(m, fix(offset(stop, n.east, n.north), (10 + s) * 1000, { accuracyM: 10 }));
      shown.push(m.speedKmh ?? 0);
    }
    const firstZero = shown.indexOf(0);
    expect(firstZero).toBeGreaterThanOrEqual(0);
    expect(firstZero).toBeLessThanOrEqual(STATIONARY_AFTER_MS / 1000 + 3);
    expect(Math.max(...shown.slice(firstZero))).toBeLessThanOrEqual(5);
  });

  it('matches a steady noise-free 50 km/h drive within 2 %', () => {
    const m = drive(50, 118, 10);
    expect(m.speedKmh).toBeGreaterThan(49);
    expect(m.speedKmh).toBeLessThan(51);
  });

  it('derives the course from the geometry of the movement', () => {
    const m = drive(40, 118, 8);
    expect(m.courseDeg).not.toBeNull();
    expect(Math.abs((m.courseDeg ?? 0) - 118)).toBeLessThan(1);
  });

  it('keeps the estimate when a fix is too vague to tell movement from noise', () => {
    const m = drive(50, 0, 8);
    const next = nextMotion(
      m,
      fix(along(m.anchor!.lon, m.anchor!.lat, 0, 500), m.anchor!.timestampMs + 1000, { accuracyM: 800 }),
    );
    expect(next).toBe(m);
  });
});

// "0 km/h" for the first 3 s of a drive when the fixes carry no speed — the first fixes of a car
// moving 8–14 m per second fall inside the jitter radius of one another and were taken for a stop.
describe('the first seconds of a drive, fixes without a device speed', () => {
  for (const [kmh, accuracyM] of [
    [30, 10],
    [30, 20],
    [50, 10],
    [50, 20],
    [20, 10],
  ] as const) {
    it(`a ${kmh} km/h drive at accuracy ${accuracyM} m never reads 0 km/h after the first move`, () => {
      const noise = drivingNoise(seeded(kmh + accuracyM));
      let m: MotionState = INITIAL_MOTION;
      const shown: (number | null)[] = [];
      for (let s = 0; s <= 20; s++) {
        const n = noise();
        const p = along(BARI.lon, BARI.lat, 200, (kmh / 3.6) * s);
        m = nextMotion(m, fix(offset(p, n.east, n.north), s * 1000, { accuracyM }));
        shown.push(m.speedKmh);
      }
      expect(shown[0]).toBeNull();
      expect(shown.slice(1), `speeds ${shown.map((v) => (v === null ? '–' : Math.round(v)))}`).not.toContain(
        0,
      );
      // Known, and right, within 6 fixes.
      for (const v of shown.slice(6))
        expect(Math.abs(v! - kmh), `speeds ${shown}`).toBeLessThan(Math.max(0.1 * kmh, 4));
    });
  }

  it('a noise-free 30 km/h drive reads its speed from the 3rd fix on, unknown (not 0) at the 2nd', () => {
    let m = nextMotion(INITIAL_MOTION, fix(BARI, 0, { accuracyM: 10 }));
    m = nextMotion(m, fix(along(BARI.lon, BARI.lat, 45, 30 / 3.6), 1000, { accuracyM: 10 }));
    expect(m.speedKmh).toBeNull();
    m = nextMotion(m, fix(along(BARI.lon, BARI.lat, 45, (2 * 30) / 3.6), 2000, { accuracyM: 10 }));
    expect(m.speedKmh).toBeCloseTo(30, 0);
    expect(m.courseDeg).toBeCloseTo(45, 0);
  });

  it('a phone parked from the start reads 0 once its fixes have stayed put for the stationary time', () => {
    const rand = seeded(99);
    let m: MotionState = INITIAL_MOTION;
    const shown: (number | null)[] = [];
    for (let s = 0; s <= 30; s++) {
      const n = jitter(rand, 8);
      m = nextMotion(m, fix(offset(BARI, n.east, n.north), s * 1000, { accuracyM: 10 }));
      shown.push(m.speedKmh);
    }
    expect(
      shown.every((v) => v === null || v === 0),
      `speeds ${shown}`,
    ).toBe(true);
    expect(
      shown.slice(STATIONARY_AFTER_MS / 1000 + 1).every((v) => v === 0),
      `speeds ${shown}`,
    ).toBe(true);
  });
});

describe('before the speed is known', () => {
  it('is unknown (null) after the first fix when the device gives no speed, and 0 once fixes stay put for the stationary time', () => {
    const first = nextMotion(INITIAL_MOTION, fix(BARI, 0, { accuracyM: 10 }));
    expect(first.speedKmh).toBeNull();
    // One second proves no stop: a car at 15 km/h moves 4 m, inside the jitter radius.
    const second = nextMotion(first, fix(offset(BARI, 3, -2), 1000, { accuracyM: 10 }));
    expect(second.speedKmh).toBeNull();
    let m = second;
    for (let s = 2; s * 1000 <= STATIONARY_AFTER_MS; s++)
      m = nextMotion(m, fix(offset(BARI, -1, 1), s * 1000));
    expect(m.speedKmh).toBe(0);
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
    const m = nextMotion(INITIAL_MOTION, fix(BARI, 0, { speedMs: 0.3, headingDeg: 123 }));
    expect(m.speedKmh).toBe(0);
    expect(m.courseDeg).toBeNull();
  });

  it('shows 0 at the first fix the device reports standing, not a slow decay (the audit: 57→38→25→17→11)', () => {
    let m = drive(60, 90, 5, { speedMs: 60 / 3.6, headingDeg: 90 });
    expect(m.speedKmh).toBeCloseTo(60, 5);
    const stop = m.anchor!;
    m = nextMotion(m, fix(stop, 6000, { speedMs: 0, headingDeg: null }));
    expect(m.speedKmh).toBe(0);
    m = nextMotion(m, fix(stop, 7000, { speedMs: 0.2, headingDeg: null }));
    expect(m.speedKmh).toBe(0);
  });

  it('follows braking within a second or two', () => {
    let m = drive(60, 90, 5, { speedMs: 60 / 3.6, headingDeg: 90 });
    const p = m.anchor!;
    m = nextMotion(m, fix(p, 6000, { speedMs: 30 / 3.6, headingDeg: 90 }));
    m = nextMotion(m, fix(p, 7000, { speedMs: 30 / 3.6, headingDeg: 90 }));
    expect(Math.abs((m.speedKmh ?? 0) - 30)).toBeLessThan(5);
  });
});

describe('smoothing', () => {
  it('moves most of the way to a new value within a few time constants and not past it', () => {
    const after1 = smoothSpeedKmh(0, 100, 1000, 2500);
    const after10 = smoothSpeedKmh(0, 100, 10_000, 2500);
    expect(after1).toBeGreaterThan(20);
    expect(after1).toBeLessThan(50);
    expect(after10).toBeGreaterThan(95);
    expect(after10).toBeLessThanOrEqual(100);
  });
});

describe('test helper sanity', () => {
  it('places points at the requested distance and course', () => {
    const p = along(16.9252, 41.1024, 118, 1000);
    expect(distanceKm(16.9252, 41.1024, p.lon, p.lat)).toBeCloseTo(1, 2);
    expect(bearingDeg(16.9252, 41.1024, p.lon, p.lat)).toBeCloseTo(118, 0);
    const q = offset(BARI, 30, 40);
    expect(distanceKm(BARI.lon, BARI.lat, q.lon, q.lat) * 1000).toBeCloseTo(50, 0);
  });
});
