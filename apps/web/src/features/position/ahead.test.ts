// @vitest-environment node
import { bearingDeg, distanceKm, type NearestStation } from '@cng/shared/client';
import { describe, expect, it } from 'vitest';
import { chooseFollowed, isBehind, offCourseDeg, passedPicked } from './ahead';

/** A station at (lon, lat) seen from `from`, as the finder's live list carries it. */
function at(id: string, from: { lon: number; lat: number }, lon: number, lat: number): NearestStation {
  return {
    id,
    lon,
    lat,
    distanceKm: distanceKm(from.lon, from.lat, lon, lat),
    bearingDeg: bearingDeg(from.lon, from.lat, lon, lat),
  } as NearestStation;
}
const sorted = (list: NearestStation[]) => [...list].sort((a, b) => a.distanceKm - b.distanceKm);

describe('chooseFollowed', () => {
  // Driving east along a road at lat 28.6; A lies just off the road, B 2 km further east.
  const road = (lon: number) => ({ lon, lat: 28.6 });
  const A = { lon: 77.2, lat: 28.6003 };
  const B = { lon: 77.22, lat: 28.6003 };

  it('follows the nearest station while standing or without a course', () => {
    const here = road(77.2006);
    const list = sorted([at('A', here, A.lon, A.lat), at('B', here, B.lon, B.lat)]);
    expect(chooseFollowed(list, 0, null)?.station.id).toBe('A');
    expect(chooseFollowed(list, 40, null)?.station.id).toBe('A');
    expect(chooseFollowed(list, 3, 90)?.station.id).toBe('A');
  });

  it('keeps the station being approached, then moves to the next one once it is clearly passed', () => {
    const seen: string[] = [];
    for (let lon = 77.19; lon <= 77.21; lon += 0.0002) {
      const here = road(lon);
      const list = sorted([at('A', here, A.lon, A.lat), at('B', here, B.lon, B.lat)]);
      const choice = chooseFollowed(list, 50, 90)!;
      seen.push(choice.station.id);
      // Never a station more than PASSED_DEG off the direction of travel.
      expect(offCourseDeg(choice.station, 50, 90)!).toBeLessThanOrEqual(100);
    }
    // A until it is passed, then B for good: one switch, no flip back.
    const switches = seen.filter((id, i) => i > 0 && id !== seen[i - 1]).length;
    expect(seen[0]).toBe('A');
    expect(seen.at(-1)).toBe('B');
    expect(switches).toBe(1);
    // The switch happens after the car is level with A (lon 77.2), not at the midpoint to B (77.21).
    const firstB = 77.19 + seen.indexOf('B') * 0.0002;
    expect(firstB).toBeGreaterThan(77.2);
    expect(firstB).toBeLessThan(77.201);
  });

  it('prefers a station ahead over a nearer one behind', () => {
    const here = road(77.205); // 500 m past A, B 1.5 km ahead
    const list = sorted([at('A', here, A.lon, A.lat), at('B', here, B.lon, B.lat)]);
    expect(list[0]!.id).toBe('A');
    expect(chooseFollowed(list, 50, 90)).toMatchObject({ station: { id: 'B' }, ahead: true });
    // Driving west, A is ahead and B behind.
    expect(chooseFollowed(list, 50, 270)).toMatchObject({ station: { id: 'A' }, ahead: false });
  });

  it('keeps the nearest station behind when the one ahead is far beyond the detour allowance', () => {
    const here = road(77.205);
    const far = { lon: 77.4, lat: 28.6 }; // ~19 km ahead
    const list = sorted([at('A', here, A.lon, A.lat), at('F', here, far.lon, far.lat)]);
    expect(chooseFollowed(list, 50, 90)).toMatchObject({ station: { id: 'A' }, ahead: false });
  });

  it('returns null for an empty list', () => {
    expect(chooseFollowed([], 50, 90)).toBeNull();
  });
});

describe('isBehind', () => {
  it('is true only when the arrow would point backwards', () => {
    expect(isBehind({ bearingDeg: 270 }, { deg: 90, source: 'course' })).toBe(true);
    expect(isBehind({ bearingDeg: 170 }, { deg: 90, source: 'course' })).toBe(false);
    expect(isBehind({ bearingDeg: 181 }, { deg: 90, source: 'compass' })).toBe(true);
    // North-up arrows show a compass direction: nothing is "behind".
    expect(isBehind({ bearingDeg: 180 }, { deg: 0, source: 'north-up' })).toBe(false);
  });
});

describe('passedPicked', () => {
  it('calls a picked station passed only after it was approached', () => {
    let memory = passedPicked({ bearingDeg: 200 }, 50, 0, false);
    expect(memory).toEqual({ passed: false, approached: false }); // picked while behind: a U-turn is wanted
    memory = passedPicked({ bearingDeg: 20 }, 50, 0, memory.approached);
    expect(memory).toEqual({ passed: false, approached: true });
    memory = passedPicked({ bearingDeg: 95 }, 50, 0, memory.approached);
    expect(memory.passed).toBe(false);
    memory = passedPicked({ bearingDeg: 150 }, 50, 0, memory.approached);
    expect(memory.passed).toBe(true);
    expect(passedPicked({ bearingDeg: 150 }, 2, 0, true).passed).toBe(false); // standing: not judged
  });
});
