const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields (month 1-based) of the instant `utcMs` in the IANA time zone `timeZone`. */
export function wallClockParts(utcMs: number, timeZone: string): Record<string, number> {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  const parts: Record<string, number> = {};
  for (const p of f.formatToParts(utcMs)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return parts;
}

/** Offset in ms of `timeZone` from UTC at the instant `utcMs`. */
function offsetMs(utcMs: number, timeZone: string): number {
  const p = wallClockParts(utcMs, timeZone);
  return (
    Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(utcMs / 1000) * 1000
  );
}

/** Converts a wall-clock time in an IANA time zone to an ISO-8601 UTC string (month is 1-based). */
export function zonedToUtcIso(
  parts: { year: number; month: number; day: number; hour: number; minute: number; second: number },
  timeZone: string,
): string {
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  // Two passes: the offset at the first guess can differ from the final one across a DST change.
  let utc = asUtc - offsetMs(asUtc, timeZone);
  utc = asUtc - offsetMs(utc, timeZone);
  return new Date(utc).toISOString();
}
