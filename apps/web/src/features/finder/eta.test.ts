// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { useFinderMessages } from '../../testing/test-messages';
import { closingSpeedKmh, etaText, straightLineEta } from './eta';

beforeAll(() => useFinderMessages());

describe('closing speed', () => {
  it('is the full speed when heading straight at the station and negative when heading away', () => {
    expect(closingSpeedKmh(60, 90, 90)).toBeCloseTo(60, 9);
    expect(closingSpeedKmh(60, 90, 270)).toBeCloseTo(-60, 9);
    expect(closingSpeedKmh(60, 0, 60)).toBeCloseTo(30, 9);
    expect(closingSpeedKmh(60, 350, 10)).toBeCloseTo(60 * Math.cos((20 * Math.PI) / 180), 9);
  });
});

describe('straight-line ETA', () => {
  it('is distance over closing speed, in minutes', () => {
    expect(straightLineEta({ distanceKm: 10, bearingDeg: 45 }, 60, 45)).toEqual({
      kind: 'minutes',
      minutes: 10,
    });
    // 60° off the line to the station: closing at half the speed, twice the time.
    const eta = straightLineEta({ distanceKm: 10, bearingDeg: 60 }, 60, 0);
    expect(eta.kind === 'minutes' && eta.minutes).toBeCloseTo(20, 6);
  });

  it('gives no ETA while driving away or past the station (the audit showed "ETA 0 min")', () => {
    expect(straightLineEta({ distanceKm: 0.5, bearingDeg: 180 }, 72, 0)).toEqual({ kind: 'away' });
    expect(straightLineEta({ distanceKm: 0.5, bearingDeg: 92 }, 72, 0)).toEqual({ kind: 'away' });
    expect(etaText({ kind: 'away' })).toBe('Not getting closer — no ETA');
  });

  it('says "< 1 min", never "0 min", when the station is less than a minute ahead', () => {
    const eta = straightLineEta({ distanceKm: 0.5, bearingDeg: 10 }, 72, 10);
    expect(etaText(eta)).toBe('ETA < 1 min (straight-line)');
    expect(etaText(straightLineEta({ distanceKm: 1.5, bearingDeg: 10 }, 60, 10))).toBe(
      'ETA 2 min (straight-line)',
    );
  });

  it('needs a speed, a minimum speed and a direction of travel', () => {
    expect(straightLineEta({ distanceKm: 3, bearingDeg: 0 }, null, null, false)).toEqual({ kind: 'no-gps' });
    expect(straightLineEta({ distanceKm: 3, bearingDeg: 0 }, null, null)).toEqual({ kind: 'no-speed-yet' });
    expect(etaText({ kind: 'no-speed-yet' })).toBe('ETA once your speed is known');
    expect(straightLineEta({ distanceKm: 3, bearingDeg: 0 }, 3, 0)).toEqual({ kind: 'slow' });
    expect(straightLineEta({ distanceKm: 3, bearingDeg: 0 }, 40, null)).toEqual({ kind: 'no-course' });
    expect(etaText({ kind: 'no-gps' })).toBe('ETA needs GPS');
  });
});
