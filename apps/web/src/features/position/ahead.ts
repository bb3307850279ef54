import { type NearestStation, relativeAngleDeg } from '@cng/shared/client';
import type { Heading } from './heading-source';
import { MIN_COURSE_SPEED_KMH } from './motion';

/**
 * "Ahead of me" (ADR 0008): while driving, the panel follows the nearest station ahead rather than the
 * nearest one overall, so it never flips to a station just passed.
 */

/** Half-angle of the cone around the direction of travel in which a station counts as ahead, degrees. */
export const AHEAD_CONE_DEG = 60;
/** A station this close to a searched or tapped position is the place itself: no arrow, no "0 m". */
export const PICKED_WITHIN_KM = 0.02;
/** A station more than this far off the direction of travel has clearly been passed, degrees. */
export const PASSED_DEG = 100;
/** A station beside the road (outside the cone, not yet passed) is kept while this close, km. */
export const ALONGSIDE_KM = 0.3;
/**
 * A station ahead is preferred over a nearer one behind when it is at most this much farther, km
 * (or 3× the nearer one's distance, whichever is more): beyond that, turning round is the shorter way.
 */
export const AHEAD_MAX_EXTRA_KM = 5;

/** How far off the direction of travel `station` lies, 0–180°; null when not moving (no course). */
export function offCourseDeg(
  station: Pick<NearestStation, 'bearingDeg'>,
  speedKmh: number | null,
  courseDeg: number | null,
): number | null {
  if (courseDeg === null || speedKmh === null || speedKmh < MIN_COURSE_SPEED_KMH) return null;
  return Math.abs(relativeAngleDeg(courseDeg, station.bearingDeg));
}

/** True when the arrow for `station` points backwards (more than 90° off the heading the arrow uses). */
export function isBehind(station: Pick<NearestStation, 'bearingDeg'>, heading: Heading): boolean {
  if (heading.source === 'north-up') return false;
  return Math.abs(relativeAngleDeg(heading.deg, station.bearingDeg)) > 90;
}

export interface AheadChoice {
  station: NearestStation;
  /** True when the choice is not the nearest station because that one is behind or beside the driver. */
  ahead: boolean;
}

/**
 * The station the panel follows when the driver has not picked one. Standing (or without a course): the
 * nearest. Moving: the nearest station in the cone ahead, or beside the road and close (not yet passed),
 * unless the nearest overall is much closer (AHEAD_MAX_EXTRA_KM); stations more than PASSED_DEG off the
 * direction of travel are passed. `stations` are sorted nearest first.
 */
export function chooseFollowed(
  stations: readonly NearestStation[],
  speedKmh: number | null,
  courseDeg: number | null,
): AheadChoice | null {
  const nearest = stations[0];
  if (!nearest) return null;
  if (offCourseDeg(nearest, speedKmh, courseDeg) === null) return { station: nearest, ahead: false };
  const allowanceKm = Math.max(AHEAD_MAX_EXTRA_KM, 2 * nearest.distanceKm) + nearest.distanceKm;
  for (const s of stations) {
    if (s.distanceKm > allowanceKm) break;
    const off = offCourseDeg(s, speedKmh, courseDeg)!;
    if (off <= AHEAD_CONE_DEG || (off <= PASSED_DEG && s.distanceKm <= ALONGSIDE_KM)) {
      return { station: s, ahead: s !== nearest };
    }
  }
  return { station: nearest, ahead: false };
}

/**
 * Whether a station the driver picked has been clearly passed: it was approached (within the cone) on an
 * earlier fix and is now more than PASSED_DEG off the direction of travel. `approached` is that memory.
 */
export function passedPicked(
  station: Pick<NearestStation, 'bearingDeg'>,
  speedKmh: number | null,
  courseDeg: number | null,
  approached: boolean,
): { passed: boolean; approached: boolean } {
  const off = offCourseDeg(station, speedKmh, courseDeg);
  if (off === null) return { passed: false, approached };
  if (off <= AHEAD_CONE_DEG) return { passed: false, approached: true };
  return { passed: approached && off > PASSED_DEG, approached };
}
