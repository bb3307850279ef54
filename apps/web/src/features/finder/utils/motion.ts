import { bearingDeg, distanceKm } from '@cng/shared';

/** One position fix, in the product's units: lon, lat in degrees, accuracy in metres, time in ms. */
export interface Fix {
  lon: number;
  lat: number;
  accuracyM: number;
  timestampMs: number;
  /** Ground speed from the device in m/s; null when the device gives none. */
  speedMs: number | null;
  /** Course over ground from the device in degrees from true north; null when unknown. */
  headingDeg: number | null;
}

/** What the finder knows about the driver's motion after the latest fix. */
export interface MotionState {
  /** Smoothed speed in km/h; exactly 0 when stationary. */
  speedKmh: number;
  /** Direction of travel in degrees from true north; null when stationary or not yet known. */
  courseDeg: number | null;
  /** Where the driver was last seen to have really moved (outside the jitter radius). */
  anchor: Fix | null;
  /** Time of the last speed update, ms. */
  updatedAtMs: number | null;
  /** Where the speed came from: the device's Doppler speed, or derived from successive fixes. */
  speedSource: 'device' | 'derived' | null;
}

export const INITIAL_MOTION: MotionState = {
  speedKmh: 0,
  courseDeg: null,
  anchor: null,
  updatedAtMs: null,
  speedSource: null,
};

/** GPS jitter below this many metres is never treated as movement, even when the fix claims better accuracy. */
export const MIN_JITTER_M = 5;
/** Staying inside the jitter radius this long means the car is standing still. */
export const STATIONARY_AFTER_MS = 3000;
/** Below this speed a course is noise (a standing GPS "heading" spins around). */
export const MIN_COURSE_SPEED_KMH = 5;
/** Fixes worse than this cannot tell movement from noise; they update the position but not the speed. */
export const MAX_MOTION_ACCURACY_M = 100;
/** Time constant of the exponential speed smoothing, ms: long enough to calm jitter, short enough to follow braking. */
export const SPEED_SMOOTHING_MS = 2500;
/** Device speeds under this (km/h) are reported as 0: a parked phone reads 0.3–1 km/h of Doppler noise. */
export const DEVICE_SPEED_DEAD_BAND_KMH = 1.5;

/** Blends `previousKmh` towards `rawKmh` with a time-aware exponential weight (elapsed `dtMs`). */
export function smoothSpeedKmh(previousKmh: number, rawKmh: number, dtMs: number): number {
  const weight = 1 - Math.exp(-Math.max(0, dtMs) / SPEED_SMOOTHING_MS);
  return previousKmh + (rawKmh - previousKmh) * weight;
}

/** Radius in metres within which two fixes may differ by noise alone. */
export function jitterRadiusM(a: Fix, b: Fix): number {
  // Independent errors add in quadrature; the floor covers devices that report an optimistic accuracy.
  return Math.max(MIN_JITTER_M, Math.hypot(a.accuracyM, b.accuracyM));
}

function deviceSpeed(prev: MotionState, fix: Fix): MotionState {
  const rawKmh = fix.speedMs! * 3.6;
  const dt = prev.updatedAtMs === null ? Number.POSITIVE_INFINITY : fix.timestampMs - prev.updatedAtMs;
  const smoothed = prev.speedSource === 'device' ? smoothSpeedKmh(prev.speedKmh, rawKmh, dt) : rawKmh;
  const speedKmh = smoothed < DEVICE_SPEED_DEAD_BAND_KMH ? 0 : smoothed;
  const deviceCourse =
    fix.headingDeg !== null && Number.isFinite(fix.headingDeg) ? (fix.headingDeg + 360) % 360 : null;
  const movedFar =
    !prev.anchor ||
    distanceKm(prev.anchor.lon, prev.anchor.lat, fix.lon, fix.lat) * 1000 > jitterRadiusM(prev.anchor, fix);
  // Devices without a course still let us derive one from real movement.
  const derivedCourse =
    prev.anchor && movedFar ? bearingDeg(prev.anchor.lon, prev.anchor.lat, fix.lon, fix.lat) : prev.courseDeg;
  return {
    speedKmh,
    courseDeg: speedKmh >= MIN_COURSE_SPEED_KMH ? (deviceCourse ?? derivedCourse) : null,
    anchor: movedFar ? fix : prev.anchor,
    updatedAtMs: fix.timestampMs,
    speedSource: 'device',
  };
}

/**
 * The motion after a new fix. Uses the device's speed when it gives one; otherwise derives speed from the
 * distance to the last real movement, ignoring displacement inside the accuracy radius (GPS jitter), and
 * reports 0 after standing inside that radius for STATIONARY_AFTER_MS.
 */
export function nextMotion(prev: MotionState, fix: Fix): MotionState {
  if (fix.speedMs !== null && Number.isFinite(fix.speedMs) && fix.speedMs >= 0) return deviceSpeed(prev, fix);
  const anchor = prev.anchor;
  if (!anchor || fix.timestampMs <= anchor.timestampMs) {
    return {
      ...prev,
      anchor: anchor ?? fix,
      updatedAtMs: prev.updatedAtMs ?? fix.timestampMs,
      speedSource: 'derived',
    };
  }
  // A vague fix says nothing about speed; keep the last estimate rather than invent one.
  if (fix.accuracyM > MAX_MOTION_ACCURACY_M) return prev;
  const movedM = distanceKm(anchor.lon, anchor.lat, fix.lon, fix.lat) * 1000;
  const elapsedMs = fix.timestampMs - anchor.timestampMs;
  if (movedM <= jitterRadiusM(anchor, fix)) {
    if (elapsedMs < STATIONARY_AFTER_MS) return prev;
    // Standing still: re-anchor here, so the first speed after pulling away is not diluted by the time spent
    // standing, and a slow creep inside the radius (a queue) stays 0 instead of adding up to a false jump.
    return {
      ...prev,
      speedKmh: 0,
      courseDeg: null,
      anchor: fix,
      updatedAtMs: fix.timestampMs,
      speedSource: 'derived',
    };
  }
  const rawKmh = (movedM / elapsedMs) * 3600;
  const dt = prev.updatedAtMs === null ? elapsedMs : fix.timestampMs - prev.updatedAtMs;
  // Starting from standstill, take the first real estimate as is instead of creeping up from 0.
  const speedKmh = prev.speedKmh === 0 ? rawKmh : smoothSpeedKmh(prev.speedKmh, rawKmh, dt);
  const course = bearingDeg(anchor.lon, anchor.lat, fix.lon, fix.lat);
  return {
    speedKmh,
    courseDeg: speedKmh >= MIN_COURSE_SPEED_KMH ? course : null,
    anchor: fix,
    updatedAtMs: fix.timestampMs,
    speedSource: 'derived',
  };
}
