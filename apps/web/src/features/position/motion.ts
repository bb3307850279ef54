import { bearingDeg, relativeAngleDeg } from '@cng/shared/client';
import { centreOf, fitVelocity, metresBetween } from './fit-velocity';

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
  /** Speed in km/h; exactly 0 when standing; null while unknown (one fix and no device speed). */
  speedKmh: number | null;
  /** Direction of travel in degrees from true north; null when standing or not yet known. */
  courseDeg: number | null;
  /** Standing: the centre of the fixes since the stop. Moving: the last fix beyond the jitter radius. */
  anchor: Fix | null;
  /** Standing: the latest fixes around the anchor (its centre is theirs). */
  standing: Fix[];
  /** Standing: fixes since the last one inside the anchor's radius, not (yet) proven to be a start. */
  candidates: Fix[];
  /** Moving: the fixes of the last SPEED_WINDOW_MS, oldest first; the derived speed is fitted to them. */
  track: Fix[];
  /** Time of the last fix used, ms. */
  updatedAtMs: number | null;
  /** Where the speed came from: the device's Doppler speed, or derived from successive fixes. */
  speedSource: 'device' | 'derived' | null;
}

export const INITIAL_MOTION: MotionState = {
  speedKmh: null,
  courseDeg: null,
  anchor: null,
  standing: [],
  candidates: [],
  track: [],
  updatedAtMs: null,
  speedSource: null,
};

/** GPS jitter below this many metres is never treated as movement, even when the fix claims better accuracy. */
export const MIN_JITTER_M = 5;
/** Fixes staying within the jitter radius of their centre this long mean the car is standing. */
export const STATIONARY_AFTER_MS = 3000;
/** Below this speed a course is noise (a standing GPS "heading" spins around). */
export const MIN_COURSE_SPEED_KMH = 5;
/** Fixes worse than this cannot tell movement from noise; they update the position but not the speed. */
export const MAX_MOTION_ACCURACY_M = 100;
/** The derived speed is the least-squares fit through the fixes of this window, ms. */
export const SPEED_WINDOW_MS = 5000;
/** Consecutive fixes outside the standing radius, moving steadily away, that prove a start. */
export const START_FIXES = 3;
/** Those fixes must lie within this angle of one another, seen from where the car stood, degrees. */
const START_SPREAD_DEG = 30;
/** Outside the standing radius this long without a proven start: the car stands somewhere else. */
const RESETTLE_MS = 5000;
/** Standing fixes kept for the centre. */
const STANDING_FIXES = 10;
/** Time constant of the device speed smoothing, ms: Doppler speed is precise, so only a little. */
export const DEVICE_SMOOTHING_MS = 1000;
/** Device speeds under this (km/h) are reported as 0: a parked phone reads 0.3–1 km/h of Doppler noise. */
export const DEVICE_SPEED_DEAD_BAND_KMH = 1.5;

/** Blends `previousKmh` towards `rawKmh` with a time-aware exponential weight (elapsed `dtMs`, time constant `tauMs`). */
export function smoothSpeedKmh(
  previousKmh: number,
  rawKmh: number,
  dtMs: number,
  tauMs = DEVICE_SMOOTHING_MS,
) {
  const weight = 1 - Math.exp(-Math.max(0, dtMs) / tauMs);
  return previousKmh + (rawKmh - previousKmh) * weight;
}

/** Radius in metres within which two fixes may differ by noise alone. */
export function jitterRadiusM(a: Fix, b: Fix): number {
  // Independent errors add in quadrature; the floor covers devices that report an optimistic accuracy.
  return Math.max(MIN_JITTER_M, Math.hypot(a.accuracyM, b.accuracyM));
}

/** The last fixes of `track` within SPEED_WINDOW_MS of `fix`, and `fix`; always at least one earlier fix. */
function windowed(track: readonly Fix[], fix: Fix): Fix[] {
  const kept = track.filter((f) => fix.timestampMs - f.timestampMs <= SPEED_WINDOW_MS);
  // After a gap (a tunnel), the speed over the gap beats no speed at all.
  if (!kept.length && track.length) kept.push(track[track.length - 1]!);
  return [...kept, fix];
}

function deviceSpeed(prev: MotionState, fix: Fix): MotionState {
  const rawKmh = fix.speedMs! * 3.6;
  const dt = prev.updatedAtMs === null ? Number.POSITIVE_INFINITY : fix.timestampMs - prev.updatedAtMs;
  const smoothed =
    prev.speedSource === 'device' && prev.speedKmh !== null
      ? smoothSpeedKmh(prev.speedKmh, rawKmh, dt)
      : rawKmh;
  // A stop is a stop at once: waiting for the smoothing to decay would show a car at the pump still "driving".
  const speedKmh =
    rawKmh < DEVICE_SPEED_DEAD_BAND_KMH || smoothed < DEVICE_SPEED_DEAD_BAND_KMH ? 0 : smoothed;
  const deviceCourse =
    fix.headingDeg !== null && Number.isFinite(fix.headingDeg) ? (fix.headingDeg + 360) % 360 : null;
  const movedFar = !prev.anchor || metresBetween(prev.anchor, fix) > jitterRadiusM(prev.anchor, fix);
  // Devices without a course still let us derive one from real movement.
  const derivedCourse =
    prev.anchor && movedFar ? bearingDeg(prev.anchor.lon, prev.anchor.lat, fix.lon, fix.lat) : prev.courseDeg;
  const anchor = movedFar ? fix : prev.anchor;
  return {
    speedKmh,
    courseDeg: speedKmh >= MIN_COURSE_SPEED_KMH ? (deviceCourse ?? derivedCourse) : null,
    anchor,
    // Keep the derived path's state ready, should the device stop giving a speed.
    standing: speedKmh === 0 ? [anchor ?? fix] : [],
    candidates: [],
    track: speedKmh > 0 ? windowed(prev.track, fix) : [],
    updatedAtMs: fix.timestampMs,
    speedSource: 'device',
  };
}

/** The fixes at the end of `candidates` that move steadily away from `from`, in one direction. */
function steadyTail(from: Fix, candidates: readonly Fix[]): Fix[] {
  const tail: Fix[] = [];
  for (let i = candidates.length - 1; i >= 0; i--) {
    const c = candidates[i]!;
    const next = tail[0];
    if (next) {
      const closer = metresBetween(from, c) < metresBetween(from, next);
      const sameWay =
        Math.abs(
          relativeAngleDeg(
            bearingDeg(from.lon, from.lat, next.lon, next.lat),
            bearingDeg(from.lon, from.lat, c.lon, c.lat),
          ),
        ) <= START_SPREAD_DEG;
      if (!closer || !sameWay) break;
    }
    tail.unshift(c);
  }
  return tail;
}

/** Every fix after the first farther from it than the one before, in one direction, and more than jitter. */
function progressing(fixes: readonly Fix[]): boolean {
  const first = fixes[0]!;
  const rest = fixes.slice(1);
  return (
    steadyTail(first, rest).length === rest.length &&
    metresBetween(first, fixes[fixes.length - 1]!) > MIN_JITTER_M
  );
}

/** The longest run of fixes at the end of `fixes` that moves steadily away, in one direction; null if none. */
export function movingTail(fixes: readonly Fix[]): Fix[] | null {
  for (let i = 0; i < fixes.length - 1; i++) {
    const tail = fixes.slice(i);
    if (progressing(tail)) return tail;
  }
  return null;
}

/** Fixes that cover STATIONARY_AFTER_MS without moving away: enough to tell a stop from the start of a drive. */
function stoodStill(fixes: readonly Fix[]): boolean {
  return fixes[fixes.length - 1]!.timestampMs - fixes[0]!.timestampMs >= STATIONARY_AFTER_MS;
}

function standingState(fixes: Fix[], timestampMs: number): MotionState {
  return {
    speedKmh: 0,
    courseDeg: null,
    anchor: centreOf(fixes),
    standing: fixes.slice(-STANDING_FIXES),
    candidates: [],
    track: [],
    updatedAtMs: timestampMs,
    speedSource: 'derived',
  };
}

function movingState(track: Fix[], fallbackKmh: number): MotionState {
  const v = fitVelocity(track);
  const speedKmh = v?.speedKmh ?? fallbackKmh;
  const last = track[track.length - 1]!;
  return {
    speedKmh,
    courseDeg: v && speedKmh >= MIN_COURSE_SPEED_KMH ? v.courseDeg : null,
    anchor: last,
    standing: [],
    candidates: [],
    track,
    updatedAtMs: last.timestampMs,
    speedSource: 'derived',
  };
}

/**
 * Standing (or speed unknown): a fix inside the jitter radius of where the car stands says "0 km/h"; a start
 * needs START_FIXES fixes outside it, each farther away in one direction, spanning more than the radius, the
 * last beyond twice the radius — one jittered fix (or two) never becomes speed.
 */
function whileStanding(prev: MotionState, anchor: Fix, fix: Fix): MotionState {
  if (metresBetween(anchor, fix) <= jitterRadiusM(anchor, fix)) {
    const fixes = [...prev.standing, fix];
    const moved = movingTail(fixes);
    // Until fixes have stayed put for STATIONARY_AFTER_MS, nothing proves a stop: the car may well be driving
    // at a speed whose first fixes fall inside one another's jitter radius (the first seconds of a
    // drive read "0 km/h"). Its speed from the fixes as soon as 3 of them move steadily one way over more
    // than the jitter radius; until then unknown, never 0.
    if (!stoodStill(moved ? fixes.slice(0, fixes.length - moved.length + 1) : fixes)) {
      const first = moved?.[0];
      if (
        moved &&
        first &&
        moved.length >= START_FIXES &&
        metresBetween(first, fix) > jitterRadiusM(first, fix)
      ) {
        return movingState(moved, 0);
      }
      return { ...standingState(fixes, fix.timestampMs), speedKmh: null };
    }
    return standingState(fixes, fix.timestampMs);
  }
  const candidates = [...prev.candidates, fix];
  const tail = steadyTail(anchor, candidates);
  const first = tail[0]!;
  // Jitter stays within about one radius of the standing centre; a car leaves it, and keeps going.
  const leftM = metresBetween(anchor, fix);
  if (
    tail.length >= START_FIXES &&
    leftM > 2 * jitterRadiusM(anchor, fix) &&
    metresBetween(first, fix) > jitterRadiusM(first, fix)
  ) {
    return movingState(tail, 0);
  }
  // Outside for long without a start: the car stands somewhere else (or GPS settled on another spot) —
  // unless every fix since leaving keeps moving away in one direction: a slow start at a poor accuracy.
  const steadySinceLeaving = tail.length === candidates.length;
  if (fix.timestampMs - candidates[0]!.timestampMs >= RESETTLE_MS && !steadySinceLeaving) {
    return { ...standingState(candidates, fix.timestampMs), speedKmh: prev.speedKmh };
  }
  return { ...prev, candidates: candidates.slice(-2 * START_FIXES), updatedAtMs: fix.timestampMs };
}

/** Moving: speed and course fitted through the last SPEED_WINDOW_MS; standing once the fixes stop spreading. */
function whileMoving(prev: MotionState, fix: Fix): MotionState {
  const track = windowed(prev.track, fix);
  const covered = track[0]!.timestampMs <= fix.timestampMs - STATIONARY_AFTER_MS;
  if (covered) {
    const recent = track.filter((f) => fix.timestampMs - f.timestampMs <= STATIONARY_AFTER_MS);
    const centre = centreOf(recent);
    const inside = recent.every((f) => metresBetween(centre, f) <= jitterRadiusM(centre, f));
    // Inside the radius is not enough at a poor accuracy: 3 s at 30 km/h fits inside ±20 m. A car still
    // moves while each fix is farther along than the one before, in one direction; jitter does not do that.
    // Nor is it when the first and last of those fixes, 3 s apart, lie farther apart than noise allows.
    const first = recent[0]!;
    const stayed = metresBetween(first, fix) <= jitterRadiusM(first, fix);
    if (recent.length >= 3 && inside && stayed && !progressing(recent)) {
      return standingState(recent, fix.timestampMs);
    }
  }
  return movingState(track, prev.speedKmh ?? 0);
}

/**
 * The motion after a new fix. Uses the device's speed when it gives one; otherwise derives it from the fixes:
 * 0 while they stay inside the accuracy (jitter) radius of where the car stands, a start only once several
 * fixes move steadily away, then a least-squares fit through the last few seconds. Null until the second fix.
 */
export function nextMotion(prev: MotionState, fix: Fix): MotionState {
  if (fix.speedMs !== null && Number.isFinite(fix.speedMs) && fix.speedMs >= 0) return deviceSpeed(prev, fix);
  // A vague fix says nothing about speed; keep the last estimate rather than invent one.
  if (fix.accuracyM > MAX_MOTION_ACCURACY_M) return prev;
  if (prev.updatedAtMs !== null && fix.timestampMs <= prev.updatedAtMs) return prev;
  const anchor = prev.anchor;
  if (!anchor) return { ...standingState([fix], fix.timestampMs), speedKmh: null };
  const moving = prev.speedKmh !== null && prev.speedKmh > 0;
  return moving ? whileMoving(prev, fix) : whileStanding(prev, anchor, fix);
}
