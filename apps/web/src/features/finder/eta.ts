import { t } from '../../i18n/i18n';
import { formatDuration } from '../../lib/formatters';

/** Below this speed (km/h) an ETA means nothing: the driver is standing or crawling. */
export const MIN_ETA_SPEED_KMH = 5;
/** Closing on the station slower than this (km/h) — driving past or away — gives no ETA. */
export const MIN_CLOSING_KMH = 5;

/** What the panel can say about the time to a station. */
export type Eta =
  | { kind: 'minutes'; minutes: number }
  /** Moving, but not getting closer (driving past, across or away from the station's direction). */
  | { kind: 'away' }
  /** Standing or crawling. */
  | { kind: 'slow' }
  /** Moving, but the direction of travel is not known yet. */
  | { kind: 'no-course' }
  /** GPS is on but has not given a speed yet (one fix so far). */
  | { kind: 'no-speed-yet' }
  /** No speed at all: the position is not from GPS. */
  | { kind: 'no-gps' };

/**
 * The speed (km/h) at which the straight-line distance shrinks: `speedKmh` × cos(course − bearing), with the
 * course and the bearing to the station in degrees from true north. Negative when driving away.
 */
export function closingSpeedKmh(speedKmh: number, courseDeg: number, bearingToStationDeg: number): number {
  return speedKmh * Math.cos(((courseDeg - bearingToStationDeg) * Math.PI) / 180);
}

/**
 * Straight-line ETA to a station `distanceKm` away at `bearingDeg`, from the speed (km/h, null when unknown)
 * and course (degrees, null when unknown): distance over closing speed, so driving past or away gives none.
 * `gps` says whether the position is measured at all.
 */
export function straightLineEta(
  station: { distanceKm: number; bearingDeg: number },
  speedKmh: number | null,
  courseDeg: number | null,
  gps = true,
): Eta {
  if (!gps) return { kind: 'no-gps' };
  if (speedKmh === null) return { kind: 'no-speed-yet' };
  if (speedKmh < MIN_ETA_SPEED_KMH) return { kind: 'slow' };
  if (courseDeg === null) return { kind: 'no-course' };
  const closing = closingSpeedKmh(speedKmh, courseDeg, station.bearingDeg);
  if (closing <= MIN_CLOSING_KMH) return { kind: 'away' };
  return { kind: 'minutes', minutes: (station.distanceKm / closing) * 60 };
}

/** The ETA in words for the panel; always says "straight-line" beside a figure. */
export function etaText(eta: Eta): string {
  switch (eta.kind) {
    case 'minutes':
      // "0 min" reads as "there"; under a minute is what it is.
      return t('finder.eta.minutes', {
        duration: eta.minutes < 1 ? t('finder.duration.underMinute') : formatDuration(eta.minutes),
      });
    case 'away':
      return t('finder.eta.away');
    case 'slow':
      return t('finder.eta.slow');
    case 'no-course':
      return t('finder.eta.noCourse');
    case 'no-speed-yet':
      return t('finder.eta.noSpeedYet');
    case 'no-gps':
      return t('finder.eta.noGps');
  }
}
