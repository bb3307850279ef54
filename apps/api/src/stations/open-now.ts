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

/** Times the library works out from the sun (after its own rewriting: `daylight` is `sunrise-sunset`). */
const SUN_TIMES = /sunrise|sunset|dawn|dusk/;

/** A longitude in [-180, 180). */
const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

type HoursOfStation = Pick<Station, 'openingHours' | 'timeZone' | 'lon' | 'lat' | 'countryCode' | 'cng'>;

/** The library's hours for `station`, with its sun events worked out at longitude `lon`. */
function compileAt(hours: string, station: HoursOfStation, lon: number): OpeningHours {
  // The library reads the coordinates only as text (`typeof lat === 'string'`), although its types say numbers:
  // given numbers it ignores them and puts sunrise at 06:00 and sunset at 18:00.
  const asText = (degrees: number) => String(degrees) as unknown as number;
  return new OpeningHours(hours, {
    lat: asText(station.lat),
    lon: asText(lon),
    address: { country_code: station.countryCode.toLowerCase(), state: '' },
  });
}

/**
 * Compiles a station's opening hours once (OpenStreetMap `opening_hours` syntax, public holidays of its
 * country) into a fast "open now?" function. Stations without hours but flagged 24/7 are always open.
 *
 * Hours relative to the sun (sunrise, sunset, dawn, dusk) are evaluated, like all hours, on a clock that shows
 * the station's wall-clock time (wallClockIn), whereas the library takes the sun's events as instants seen on
 * the process clock. So those events are worked out at the longitude whose sun keeps that clock: moved west by
 * 15° for each hour the station's zone is ahead of the process clock (the sun's time moves 4 minutes a degree),
 * which puts each event at the station's own local time. The offset changes with daylight saving time, so
 * each offset the station is asked in gets its own compiled hours.
 */
export function compileOpenNow(station: HoursOfStation): OpenNowFn {
  const hours = station.openingHours?.trim();
  if (!hours) return station.cng.open24x7 === true ? ALWAYS_OPEN : UNKNOWN;
  const zone = timeZoneOf(station);
  if (!zone) return UNKNOWN;
  let oh: OpeningHours;
  let sunRelative: boolean;
  try {
    oh = compileAt(hours, station, station.lon);
    sunRelative = SUN_TIMES.test(oh.prettifyValue());
  } catch {
    // Unparseable hours are unknown hours: the answer must never be a guess.
    return UNKNOWN;
  }
  const byShift = sunRelative ? new Map<number, OpeningHours>() : null;
  return (now) => {
    try {
      const local = wallClockIn(now, zone);
      if (!local) return null;
      let rules = oh;
      if (byShift) {
        // Minutes the station's clock is ahead of the process clock at this instant.
        const shift = Math.round((local.getTime() - now.getTime()) / 60_000);
        let atShift = byShift.get(shift);
        if (!atShift) {
          atShift = compileAt(hours, station, wrapLon(station.lon - shift / 4));
          byShift.set(shift, atShift);
        }
        rules = atShift;
      }
      if (rules.getUnknown(local)) return null;
      return rules.getState(local);
    } catch {
      return null;
    }
  };
}
