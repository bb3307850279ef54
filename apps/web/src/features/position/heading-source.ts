import { relativeAngleDeg } from '@cng/shared/client';
import { t } from '../../i18n/i18n';
import { MIN_COURSE_SPEED_KMH, type MotionState } from './motion';

/** Which way "up" is for the direction arrow, and why. */
export interface Heading {
  /** Degrees from true north the driver faces; 0 for north-up. */
  deg: number;
  source: 'course' | 'compass' | 'north-up';
}

/**
 * The heading the arrow is drawn against: the GPS course while moving, the device compass when standing
 * still (and available), otherwise plain north-up.
 */
export function headingFor(motion: MotionState, compassDeg: number | null): Heading {
  if (motion.courseDeg !== null && (motion.speedKmh ?? 0) >= MIN_COURSE_SPEED_KMH) {
    return { deg: motion.courseDeg, source: 'course' };
  }
  if (compassDeg !== null && Number.isFinite(compassDeg))
    return { deg: (compassDeg + 360) % 360, source: 'compass' };
  return { deg: 0, source: 'north-up' };
}

/** Rotation in degrees (-180, 180] of an arrow that points at `targetBearingDeg` on a screen facing `heading`. */
export function arrowRotationDeg(heading: Heading, targetBearingDeg: number): number {
  return relativeAngleDeg(heading.deg, targetBearingDeg);
}

/** Words for the heading source, so the panel says how to read the arrow. */
export function headingLabel(source: Heading['source'], gps = true): string {
  if (source === 'course') return t('finder.heading.course');
  if (source === 'compass') return t('finder.heading.compass');
  // A position set by hand never gets a heading: "yet" would promise one.
  if (!gps) return t('finder.heading.northUpChosen');
  return t('finder.heading.northUp');
}
