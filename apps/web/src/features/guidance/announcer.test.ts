import type { NearestStation } from '@cng/shared/client';
import { describe, expect, it } from 'vitest';
import {
  type Announcement,
  type AnnouncerState,
  directionOf,
  INITIAL_ANNOUNCER,
  MIN_GAP_MS,
  REPEAT_MS,
  SETTLE_MS,
  type Snapshot,
  snapshotOf,
  speechDistanceKm,
  step,
  waiting,
} from './announcer';

const snap = (id: string, distanceKm: number, extra: Partial<Snapshot> = {}): Snapshot => ({
  stationId: id,
  name: `Station ${id}`,
  distanceKm,
  direction: 'ahead',
  status: 'available',
  kind: 'nearest',
  ...extra,
});

/** Runs the announcer over `states` (one per `everyMs`, from t = 0) and returns what it said, with times. */
function drive(states: (Snapshot | null)[], everyMs = 1000, from: AnnouncerState = INITIAL_ANNOUNCER) {
  let state = from;
  const said: (Announcement & { atMs: number })[] = [];
  states.forEach((s, i) => {
    const r = step(state, s, i * everyMs);
    state = r.state;
    if (r.say) said.push({ ...r.say, atMs: i * everyMs });
  });
  return { said, state };
}

/** A straight approach from `fromKm` to `toKm` at `kmh`, one state a second. */
function approach(id: string, fromKm: number, toKm: number, kmh = 50, extra: Partial<Snapshot> = {}) {
  const perSecondKm = kmh / 3600;
  const out: Snapshot[] = [];
  for (let km = fromKm; km >= toKm; km -= perSecondKm) out.push(snap(id, km, extra));
  return out;
}

describe('the announcer', () => {
  it('names the station, its distance and direction when guidance starts', () => {
    const { said } = drive([snap('a', 1.234, { direction: 'aheadRight', name: 'Sai Auto' })]);
    expect(said).toEqual([
      expect.objectContaining({
        kind: 'start',
        name: 'Sai Auto',
        distanceKm: 1.2,
        direction: 'aheadRight',
        panelKind: 'nearest',
      }),
    ]);
  });

  it('waits for a station, then starts', () => {
    const { said } = drive([null, null, snap('a', 2)]);
    expect(said.map((s) => [s.kind, s.atMs])).toEqual([['start', 2000]]);
  });

  it('says 500 m and 100 m once each on the way to the station', () => {
    const { said } = drive(approach('a', 1.2, 0.02));
    expect(said.map((s) => [s.kind, s.distanceKm])).toEqual([
      ['start', 1.2],
      ['approach', 0.5],
      ['approach', 0.1],
    ]);
  });

  it('says nothing more while the car stands, however long', () => {
    const standing = Array.from({ length: 30 * 60 }, () => snap('a', 0.8, { direction: 'unknown' }));
    expect(drive(standing).said.map((s) => s.kind)).toEqual(['start']);
  });

  it('does not repeat 500 m while GPS jitter moves the distance around it (hysteresis)', () => {
    const jitter = [0.8, 0.7, 0.6, 0.52, 0.49, 0.51, 0.48, 0.53, 0.5, 0.55, 0.6, 0.62, 0.49, 0.47];
    const { said } = drive([...jitter, ...jitter.slice(3)].map((km) => snap('a', km)));
    expect(said.filter((s) => s.kind === 'approach').map((s) => s.distanceKm)).toEqual([0.5]);
  });

  it('says 500 m again after the car went well away and comes back', () => {
    const there = approach('a', 0.8, 0.45);
    const away = approach('a', 0.45, 0.8).reverse();
    const { said } = drive([...there, ...away.reverse(), ...approach('a', 0.8, 0.45)]);
    expect(said.filter((s) => s.kind === 'approach')).toHaveLength(2);
  });

  it('does not say 500 m when the first sentence already gave a distance under 650 m', () => {
    const { said } = drive(approach('a', 0.6, 0.3));
    expect(said.map((s) => s.kind)).toEqual(['start']);
  });

  it('says only 100 m when one jump crosses both thresholds', () => {
    const { said } = drive([
      snap('a', 0.9),
      ...Array.from({ length: 7 }, () => snap('a', 0.9)),
      snap('a', 0.09),
    ]);
    expect(said.map((s) => [s.kind, s.distanceKm])).toEqual([
      ['start', 0.9],
      ['approach', 0.1],
    ]);
  });

  it('announces a new station once the panel has shown it for a moment, with the panel label', () => {
    const states = [
      ...Array.from({ length: 10 }, () => snap('a', 2)),
      ...Array.from({ length: 10 }, () => snap('b', 1.5, { kind: 'ahead', name: 'Sai Auto' })),
    ];
    const { said } = drive(states);
    expect(said.map((s) => [s.kind, s.stationId, s.panelKind, s.atMs])).toEqual([
      ['start', 'a', 'nearest', 0],
      ['changed', 'b', 'ahead', 10_000 + SETTLE_MS],
    ]);
  });

  it('says nothing when the panel flips to another station for a moment', () => {
    const states = [
      ...Array.from({ length: 10 }, () => snap('a', 2)),
      snap('b', 2),
      snap('b', 2),
      ...Array.from({ length: 10 }, () => snap('a', 2)),
    ];
    expect(drive(states).said.map((s) => s.kind)).toEqual(['start']);
  });

  it('names each of two stations at equal distance once, however often the panel swaps them', () => {
    const states: Snapshot[] = [];
    for (let i = 0; i < 20; i++)
      states.push(...Array.from({ length: 5 }, () => snap(i % 2 ? 'b' : 'a', 1, { direction: 'unknown' })));
    const { said } = drive(states);
    expect(said.map((s) => [s.kind, s.stationId])).toEqual([
      ['start', 'a'],
      ['changed', 'b'],
    ]);
  });

  it('names a station again once it was last named more than REPEAT_MS ago', () => {
    const longA = Array.from({ length: REPEAT_MS / 1000 }, () => snap('a', 2));
    const states = [
      snap('a', 2),
      ...Array.from({ length: 10 }, () => snap('b', 2)),
      ...longA,
      snap('b', 2),
      ...Array.from({ length: 10 }, () => snap('b', 2)),
    ];
    const { said } = drive(states);
    expect(said.map((s) => [s.kind, s.stationId])).toEqual([
      ['start', 'a'],
      ['changed', 'b'],
      // Back to a (named at the start, under REPEAT_MS ago): silent. Then b, named over REPEAT_MS ago.
      ['changed', 'b'],
    ]);
  });

  it('says "no gas" when the shown station reports it, once', () => {
    const states = [
      ...Array.from({ length: 10 }, () => snap('a', 2)),
      ...Array.from({ length: 10 }, () => snap('a', 2, { status: 'no_gas' })),
      ...Array.from({ length: 10 }, () => snap('a', 2, { status: 'available' })),
      ...Array.from({ length: 10 }, () => snap('a', 2, { status: 'no_gas' })),
    ];
    const { said } = drive(states);
    expect(said.map((s) => [s.kind, s.atMs])).toEqual([
      ['start', 0],
      ['noGas', 10_000],
    ]);
  });

  it('says "no gas" after the name when the station is shown with no gas', () => {
    const { said } = drive(Array.from({ length: 10 }, () => snap('a', 2, { status: 'no_gas' })));
    expect(said.map((s) => [s.kind, s.atMs])).toEqual([
      ['start', 0],
      ['noGas', MIN_GAP_MS],
    ]);
  });

  it('keeps MIN_GAP_MS between sentences, holding one back until then', () => {
    // 0.7 km at 144 km/h: 500 m comes 5 s after the start, inside the gap.
    const { said } = drive(approach('a', 0.7, 0.3, 144));
    expect(said.map((s) => [s.kind, s.atMs, s.distanceKm])).toEqual([
      ['start', 0, 0.7],
      ['approach', MIN_GAP_MS, 0.5],
    ]);
  });

  it('replaces a held sentence by a newer one (100 m makes a held 500 m stale)', () => {
    const { said } = drive([
      snap('a', 0.7),
      snap('a', 0.45),
      ...Array.from({ length: 7 }, () => snap('a', 0.095)),
    ]);
    expect(said.map((s) => [s.kind, s.atMs, s.distanceKm])).toEqual([
      ['start', 0, 0.7],
      ['approach', MIN_GAP_MS, 0.1],
    ]);
  });

  it("says the threshold when a fast car's first fix inside it is a little past it, else the distance", () => {
    const fast = drive([
      ...Array.from({ length: 8 }, () => snap('a', 0.3)),
      snap('a', 0.12),
      snap('a', 0.075),
    ]);
    expect(fast.said.map((s) => [s.kind, s.distanceKm])).toEqual([
      ['start', 0.3],
      ['approach', 0.1],
    ]);
    const gap = drive([...Array.from({ length: 8 }, () => snap('a', 0.3)), snap('a', 0.12), snap('a', 0.04)]);
    expect(gap.said.map((s) => [s.kind, s.distanceKm])).toEqual([
      ['start', 0.3],
      ['approach', 0.04],
    ]);
  });

  it('says the distance now when a held approach comes much later', () => {
    const { said } = drive([
      snap('a', 0.7),
      snap('a', 0.45),
      snap('a', 0.35),
      snap('a', 0.3),
      snap('a', 0.3),
      snap('a', 0.3),
      snap('a', 0.3),
    ]);
    expect(said.map((s) => [s.kind, s.distanceKm])).toEqual([
      ['start', 0.7],
      ['approach', 0.3],
    ]);
  });

  it('drops a held sentence about a station the panel no longer shows', () => {
    const states = [snap('a', 0.7), snap('a', 0.45), null, null, null, null, null, null, snap('a', 0.4)];
    expect(drive(states).said.map((s) => s.kind)).toEqual(['start']);
  });

  it('tells the caller when something may still be said without a new state', () => {
    let r = step(INITIAL_ANNOUNCER, snap('a', 0.7), 0);
    expect(waiting(r.state)).toBe(false);
    r = step(r.state, snap('a', 0.45), 1000);
    expect(waiting(r.state)).toBe(true);
    r = step(r.state, snap('a', 0.45), MIN_GAP_MS);
    expect(r.say?.kind).toBe('approach');
    expect(waiting(r.state)).toBe(false);
    r = step(r.state, snap('b', 0.45), MIN_GAP_MS + 1000);
    expect(waiting(r.state)).toBe(true);
  });
});

describe('directionOf', () => {
  const course = (deg: number) => ({ deg, source: 'course' as const });
  it.each([
    [0, 'ahead'],
    [10, 'ahead'],
    [-14, 'ahead'],
    [30, 'aheadRight'],
    [-45, 'aheadLeft'],
    [75, 'right'],
    [-90, 'left'],
    [95, 'behind'],
    [180, 'behind'],
    [-120, 'behind'],
  ])('a station %i° off the heading is %s', (off, words) => {
    expect(directionOf(course(350), 350 + off)).toBe(words);
  });

  it('has no words without a heading (north-up)', () => {
    expect(directionOf({ deg: 0, source: 'north-up' }, 10)).toBe('unknown');
  });
});

describe('speechDistanceKm', () => {
  it.each([
    [1.234, 1.2],
    [0.9996, 1],
    [0.4937, 0.49],
    [0.003, 0.01],
    [12.34, 12.3],
    [123.4, 123],
  ])('%f km is said as %f km', (km, said) => {
    expect(speechDistanceKm(km)).toBe(said);
  });
});

describe('snapshotOf', () => {
  const station = {
    id: 's',
    name: 'Hp',
    displayName: 'HPCL · Noida',
    distanceKm: 0.01,
    bearingDeg: 90,
    status: { status: 'no_gas' },
  } as unknown as NearestStation;

  it('reads the panel: shown name, distance, direction and status', () => {
    expect(
      snapshotOf({
        station: { ...station, distanceKm: 1 },
        kind: 'ahead',
        heading: { deg: 0, source: 'course' },
        manual: false,
      }),
    ).toEqual({
      stationId: 's',
      name: 'HPCL · Noida',
      distanceKm: 1,
      direction: 'right',
      status: 'no_gas',
      kind: 'ahead',
    });
  });

  it('is null without a station, and for a station picked at a searched place (the panel shows no distance)', () => {
    const heading = { deg: 0, source: 'north-up' as const };
    expect(snapshotOf({ station: null, kind: 'nearest', heading, manual: false })).toBeNull();
    expect(snapshotOf({ station, kind: 'selected', heading, manual: true })).toBeNull();
    expect(snapshotOf({ station, kind: 'selected', heading, manual: false })).not.toBeNull();
  });
});
