import { type NearestStation, relativeAngleDeg, type StatusSummary } from '@cng/shared/client';
import { shownName } from '../../lib/station-name';
import { AHEAD_CONE_DEG, PICKED_WITHIN_KM } from '../position/ahead';
import type { Heading } from '../position/heading-source';

/**
 * Spoken guidance (ADR 0018): which sentence to say, if any, after each state of the heads-up panel.
 * Pure functions of successive panel states and the time, so a simulated drive is a unit test.
 */

/** What the heads-up panel shows, as the finder passes it to useSpokenGuidance. */
export interface GuidancePanel {
  /** The station the panel shows; null while it shows none. */
  station: NearestStation | null;
  /** The panel's label: the nearest station, the next one ahead (ADR 0008), or one the driver picked. */
  kind: PanelKind;
  /** The heading the panel's arrow is drawn against. */
  heading: Heading;
  /** True when the position was searched or tapped rather than measured. */
  manual: boolean;
}

export type PanelKind = 'nearest' | 'ahead' | 'selected';

/** Where the station lies relative to the driver, in the words the panel's arrow stands for. */
export type Direction = 'ahead' | 'aheadLeft' | 'aheadRight' | 'left' | 'right' | 'behind' | 'unknown';

type ShownStatus = StatusSummary['status'];

/** One panel state reduced to what guidance speaks about. */
export interface Snapshot {
  stationId: string;
  name: string;
  distanceKm: number;
  direction: Direction;
  status: ShownStatus;
  kind: PanelKind;
}

/** A sentence to say: `start` when guidance is turned on, `changed` when the panel moves to another station. */
export interface Announcement {
  kind: 'start' | 'changed' | 'approach' | 'noGas';
  stationId: string;
  name: string;
  panelKind: PanelKind;
  /** The distance to say, km, rounded for speech (speechDistance). */
  distanceKm: number;
  direction: Direction;
}

/** Minimum time from one utterance to the next, ms: a driver is not talked at continuously. */
export const MIN_GAP_MS = 6000;
/** The panel must show a new station this long before it is announced, ms (two stations at equal distance). */
export const SETTLE_MS = 3000;
/** A station (or its "no gas") announced this recently is not announced again, ms. */
export const REPEAT_MS = 5 * 60_000;
/**
 * Approach announcements: said once when the distance falls to `km`; armed again only once the station is
 * farther than `rearmKm` (hysteresis: GPS jitter around 500 m does not repeat "500 metres").
 */
export const THRESHOLDS = [
  { km: 0.5, rearmKm: 0.65 },
  { km: 0.1, rearmKm: 0.2 },
] as const;
/**
 * An approach sentence says the threshold ("500 metres") while the car is still at least this share of it
 * away: on time (a fast car's first fix inside may be 20 m past it), or held back by the gap. Nearer, it says
 * the distance now.
 */
const ON_TIME_TRUE_WITHIN = 0.5;
const HELD_TRUE_WITHIN = 0.9;
/** Within this angle of straight ahead a station is "ahead", degrees. */
export const STRAIGHT_AHEAD_DEG = 15;

/** The direction words for a station at `bearingDeg` seen from `heading` (unknown while north-up). */
export function directionOf(heading: Heading, bearingDeg: number): Direction {
  if (heading.source === 'north-up') return 'unknown';
  const rel = relativeAngleDeg(heading.deg, bearingDeg);
  const off = Math.abs(rel);
  // The panel says "Behind you" past 90° (utils/ahead.ts isBehind): the voice says the same.
  if (off > 90) return 'behind';
  if (off <= STRAIGHT_AHEAD_DEG) return 'ahead';
  if (off <= AHEAD_CONE_DEG) return rel > 0 ? 'aheadRight' : 'aheadLeft';
  return rel > 0 ? 'right' : 'left';
}

/** The panel state as guidance sees it; null when the panel shows no station or no distance (a picked place). */
export function snapshotOf(panel: GuidancePanel | null): Snapshot | null {
  const station = panel?.station;
  if (!panel || !station) return null;
  if (panel.manual && station.distanceKm < PICKED_WITHIN_KM) return null;
  return {
    stationId: station.id,
    name: shownName(station),
    distanceKm: station.distanceKm,
    direction: directionOf(panel.heading, station.bearingDeg),
    status: station.status?.status ?? 'unknown',
    kind: panel.kind,
  };
}

/**
 * A distance as it is said: metres to the nearest 10 under a kilometre, then kilometres to one decimal (whole
 * kilometres from 100 km), the panel's units. Returned in km.
 */
export function speechDistanceKm(km: number): number {
  const metres = Math.round(km * 100) * 10;
  if (metres < 1000) return Math.max(10, metres) / 1000;
  const tenths = Math.round(km * 10) / 10;
  return tenths < 100 ? tenths : Math.round(km);
}

interface Pending {
  kind: 'approach' | 'noGas';
  stationId: string;
  /** For `approach`: the threshold crossed, km. */
  km: number;
  /** When it became due, ms. */
  atMs: number;
}

export interface AnnouncerState {
  /** The station the panel showed at the last step, and since when (ms). */
  shownId: string | null;
  shownSinceMs: number;
  /** The last station announced by name (start or changed). */
  announcedId: string | null;
  started: boolean;
  /** Per THRESHOLDS entry: whether crossing it would be announced. */
  armed: boolean[];
  /** The shown station's status at the last step. */
  status: ShownStatus | null;
  /** An announcement waiting for the gap (or for its station to be announced); a newer one replaces it. */
  pending: Pending | null;
  lastSpokenMs: number | null;
  /** When each `intro:<id>` and `noGas:<id>` was last said, ms. */
  said: Readonly<Record<string, number>>;
}

export const INITIAL_ANNOUNCER: AnnouncerState = {
  shownId: null,
  shownSinceMs: 0,
  announcedId: null,
  started: false,
  armed: THRESHOLDS.map(() => false),
  status: null,
  pending: null,
  lastSpokenMs: null,
  said: {},
};

/** Which of two waiting announcements to keep: "no gas" first, then the nearer approach, else the newer. */
function rank(p: Pending): number {
  return p.kind === 'noGas' ? 1000 : 1 / p.km;
}
function merge(old: Pending | null, next: Pending): Pending {
  return old && old.stationId === next.stationId && rank(old) > rank(next) ? old : next;
}

/**
 * The announcer's next state after the panel showed `snap` at `nowMs`, and what to say now (at most one
 * sentence). Announces: the station when guidance starts; a new station once the panel has shown it for
 * SETTLE_MS (not one named within REPEAT_MS: no back-and-forth between two stations); 500 m and 100 m once per
 * approach; "no gas" when the shown station's status turns to it. Never two sentences within MIN_GAP_MS: a
 * sentence that must wait is held, and a newer one replaces it. Nothing else is said while the car stands.
 */
export function step(
  prev: AnnouncerState,
  snap: Snapshot | null,
  nowMs: number,
): { state: AnnouncerState; say: Announcement | null } {
  if (!snap) return { state: { ...prev, shownId: null, pending: null }, say: null };
  const s: AnnouncerState = { ...prev, armed: [...prev.armed] };
  const id = snap.stationId;

  if (id !== prev.shownId) {
    s.shownId = id;
    s.shownSinceMs = nowMs;
    s.armed = THRESHOLDS.map((t) => snap.distanceKm > t.rearmKm);
    s.status = snap.status;
    // A station shown with no gas says so once it has been named.
    s.pending = snap.status === 'no_gas' ? { kind: 'noGas', stationId: id, km: 0, atMs: nowMs } : null;
  } else {
    // The innermost threshold crossed now, km (100 m when a jump crosses both).
    let crossed = Number.POSITIVE_INFINITY;
    for (const [i, t] of THRESHOLDS.entries()) {
      if (snap.distanceKm > t.rearmKm) s.armed[i] = true;
      else if (s.armed[i] && snap.distanceKm <= t.km) crossed = Math.min(crossed, t.km);
    }
    if (crossed !== Number.POSITIVE_INFINITY) {
      // Crossing 100 m says nothing more about 500 m.
      for (const [i, t] of THRESHOLDS.entries()) if (t.km >= crossed) s.armed[i] = false;
      s.pending = merge(s.pending, { kind: 'approach', stationId: id, km: crossed, atMs: nowMs });
    }
    if (snap.status === 'no_gas' && prev.status !== 'no_gas') {
      s.pending = merge(s.pending, { kind: 'noGas', stationId: id, km: 0, atMs: nowMs });
    }
    s.status = snap.status;
  }

  const gapOk = s.lastSpokenMs === null || nowMs - s.lastSpokenMs >= MIN_GAP_MS;
  const recent = (key: string) => {
    const at = s.said[key];
    return at !== undefined && nowMs - at < REPEAT_MS;
  };
  const announce = (kind: Announcement['kind'], distanceKm: number): Announcement => {
    s.lastSpokenMs = nowMs;
    return {
      kind,
      stationId: id,
      name: snap.name,
      panelKind: snap.kind,
      distanceKm,
      direction: snap.direction,
    };
  };
  const introduce = (kind: 'start' | 'changed') => {
    s.started = true;
    s.announcedId = id;
    s.said = { ...s.said, [`intro:${id}`]: nowMs };
    // The sentence gives the distance: a waiting approach is stale; a waiting "no gas" follows it.
    if (s.pending?.kind === 'approach') s.pending = null;
    return announce(kind, speechDistanceKm(snap.distanceKm));
  };

  if (!s.started) return { state: s, say: gapOk ? introduce('start') : null };
  if (id !== s.announcedId) {
    if (nowMs - s.shownSinceMs < SETTLE_MS) return { state: s, say: null };
    if (recent(`intro:${id}`)) {
      // Back to a station named a moment ago: the driver knows it.
      s.announcedId = id;
    } else {
      return { state: s, say: gapOk ? introduce('changed') : null };
    }
  }
  const pending = s.pending;
  if (!pending || !gapOk) return { state: s, say: null };
  s.pending = null;
  if (pending.stationId !== id) return { state: s, say: null };
  if (pending.kind === 'noGas') {
    if (snap.status !== 'no_gas' || recent(`noGas:${id}`)) return { state: s, say: null };
    s.said = { ...s.said, [`noGas:${id}`]: nowMs };
    return { state: s, say: announce('noGas', speechDistanceKm(snap.distanceKm)) };
  }
  // Said on time, the threshold itself ("100 metres", even when the first fix inside came at 80 m); held back by
  // the gap while the car came nearer, the distance now.
  const held = nowMs > pending.atMs;
  const km =
    snap.distanceKm >= (held ? HELD_TRUE_WITHIN : ON_TIME_TRUE_WITHIN) * pending.km
      ? pending.km
      : speechDistanceKm(snap.distanceKm);
  return { state: s, say: announce('approach', km) };
}

/** True while something may still be said without a new panel state (a held sentence, a settling station). */
export function waiting(state: AnnouncerState): boolean {
  return (
    state.pending !== null ||
    (state.shownId !== null && (!state.started || state.shownId !== state.announcedId))
  );
}
