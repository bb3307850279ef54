/**
 * The process clock's time zone, set once at start-up (server.ts, the test setup) instead of as a
 * side effect of importing a module. The CLIs evaluate no opening hours and keep the zone they run in.
 *
 * The opening_hours library reads and builds Dates in the process time zone. Where that zone has daylight
 * saving, one wall-clock hour a year does not exist there (02:30 on a spring-forward day in New York), so a
 * station's time in that hour would be read an hour late, and the library's own day boundaries shift too.
 * In UTC every wall-clock time exists exactly once, so the server keeps its clock in UTC. Node applies a TZ
 * change at once on its main thread; a worker thread keeps its zone, which `processClockIsUtc` tells.
 */
export function useUtcProcessClock(): boolean {
  if (process.env.TZ !== 'UTC') process.env.TZ = 'UTC';
  utc = clockIsUtc();
  return utc;
}

let utc: boolean | undefined;

/** Whether local Date fields are UTC ones in this process (checked once, and again by useUtcProcessClock). */
export function processClockIsUtc(): boolean {
  utc ??= clockIsUtc();
  return utc;
}

function clockIsUtc(): boolean {
  return [0, 3, 6, 9].every((month) => new Date(2026, month, 1).getTimezoneOffset() === 0);
}
