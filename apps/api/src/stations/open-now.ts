import type { Station } from '@cng/shared';
import tzLookup from '@photostructure/tz-lookup';
import OpeningHours from 'opening_hours';
import { processClockIsUtc } from '../lib/process-clock';
import { wallClockParts } from '../lib/zoned-time';

/** Answers "is it open at this instant?"; null when the hours are unknown or unparseable. */
export type OpenNowFn = (now: Date) => boolean | null;

/**
 * A Date whose local fields show the wall-clock time of `instant` in `timeZone`, or null when the process
 * clock cannot show it (a process not in UTC, in an hour its zone skips). opening_hours reads local fields,
 * so this is how it evaluates in the station's own zone. The server sets its clock to UTC at start-up
 * (lib/process-clock.ts), where every wall-clock time exists.
 */
export function wallClockIn(instant: Date, timeZone: string): Date | null {
  const p = wallClockParts(instant.getTime(), timeZone);
  if (processClockIsUtc())
    return new Date(Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!));
  const local = new Date(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  // In a skipped hour of the process zone the fields come back moved: unknown beats an hour off.
  return local.getHours() === p.hour && local.getDate() === p.day ? local : null;
}

/** The station's IANA time zone: the stored one, else looked up from its coordinates; null if unknown. */
export function timeZoneOf(station: Pick<Station, 'timeZone' | 'lon' | 'lat'>): string | null {
  const zone = station.timeZone ?? safeLookup(station.lat, station.lon);
  if (!zone) return null;
  try {
    wallClockParts(0, zone); // throws RangeError for a zone this runtime does not know
    return zone;
  } catch {
    // An unknown zone name in the data: treat the hours as unknown rather than guess.
    return null;
  }
}

function safeLookup(lat: number, lon: number): string | null {
  try {
    return tzLookup(lat, lon);
  } catch {
    return null;
  }
}

const UNKNOWN: OpenNowFn = () => null;
const ALWAYS_OPEN: OpenNowFn = () => true;

/**
 * Compiles a station's opening hours once (OpenStreetMap `opening_hours` syntax, public holidays of its
 * country) into a fast "open now?" function. Stations without hours but flagged 24/7 are always open.
 */
export function compileOpenNow(
  station: Pick<Station, 'openingHours' | 'timeZone' | 'lon' | 'lat' | 'countryCode' | 'cng'>,
): OpenNowFn {
  const hours = station.openingHours?.trim();
  if (!hours) return station.cng.open24x7 === true ? ALWAYS_OPEN : UNKNOWN;
  const zone = timeZoneOf(station);
  if (!zone) return UNKNOWN;
  let oh: OpeningHours;
  try {
    oh = new OpeningHours(hours, {
      lat: station.lat,
      lon: station.lon,
      address: { country_code: station.countryCode.toLowerCase(), state: '' },
    });
  } catch {
    // Unparseable hours are unknown hours: the answer must never be a guess.
    return UNKNOWN;
  }
  return (now) => {
    try {
      const local = wallClockIn(now, zone);
      if (!local || oh.getUnknown(local)) return null;
      return oh.getState(local);
    } catch {
      return null;
    }
  };
}
