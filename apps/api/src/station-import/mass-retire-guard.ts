import { type ParsedImport, SOURCE_DROPPED_REASONS } from './importers/station-record';

/**
 * A run may retire at most this share of a source's stations in what it covers (beyond MASS_RETIRE_MIN),
 * and reject at most this share of its rows as faulty: past either, a file is far more likely broken (a
 * truncated download, a changed format, coordinates all "N/D", an Overpass timeout) than the world changed.
 */
export const MASS_RETIRE_SHARE = 0.1;
/** Retiring this many records or fewer is never "mass": small feeds close a station or two at a time. */
export const MASS_RETIRE_MIN = 5;
/** The real India main file rejects 15 % of its verified rows (points in Bangladesh and Pakistan). */
export const BAD_ROW_SHARE = 0.2;

/** A run that would retire or reject too much: nothing is written unless the caller allows it. */
export class MassRetireRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(
      `Refused, nothing was changed: ${reasons.join('; ')}. If the source really changed this much, run the ` +
        'import again with --allow-mass-retire.',
    );
    this.name = 'MassRetireRefused';
  }
}

/** Rows rejected for a fault in the row (not because the source dropped the station), and all rows judged. */
export function badRowShare(parsed: ParsedImport): { bad: number; judged: number } {
  const bad = parsed.rejected.filter((r) => !SOURCE_DROPPED_REASONS.has(r.reason)).length;
  return { bad, judged: bad + parsed.candidates.length };
}

/**
 * Why the run must not be written: too many faulty rows, or a source losing too many of the stations it
 * covers. `retired` and `covered` count records per source (present before the run, inside its scope).
 */
export function massRetireReasons(
  parsed: ParsedImport,
  covered: ReadonlyMap<string, number>,
  retired: ReadonlyMap<string, number>,
): string[] {
  const reasons: string[] = [];
  const { bad, judged } = badRowShare(parsed);
  if (judged > 0 && bad / judged > BAD_ROW_SHARE) {
    reasons.push(
      `${bad} of ${judged} rows (${pct(bad / judged)}) were rejected for faults in the row, more than ` +
        `${pct(BAD_ROW_SHARE)}`,
    );
  }
  for (const [source, n] of retired) {
    const of = covered.get(source) ?? 0;
    if (n > MASS_RETIRE_MIN && n > of * MASS_RETIRE_SHARE) {
      reasons.push(
        `it would retire ${n} of the ${of} stations that ${source} lists (${pct(n / of)}), more than ` +
          `${pct(MASS_RETIRE_SHARE)}`,
      );
    }
  }
  return reasons;
}

const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;
