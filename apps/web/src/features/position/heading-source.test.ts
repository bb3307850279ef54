// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { useFinderMessages } from '../../testing/test-messages';
import { arrowRotationDeg, headingFor, headingLabel } from './heading-source';
import { INITIAL_MOTION } from './motion';

beforeAll(() => useFinderMessages());

describe('which heading the arrow uses', () => {
  it('uses the GPS course while moving, even when a compass is available', () => {
    expect(headingFor({ ...INITIAL_MOTION, speedKmh: 40, courseDeg: 90 }, 10)).toEqual({
      deg: 90,
      source: 'course',
    });
  });

  it('uses the compass when standing still', () => {
    expect(headingFor({ ...INITIAL_MOTION, speedKmh: 0, courseDeg: null }, 370)).toEqual({
      deg: 10,
      source: 'compass',
    });
  });

  it('falls back to north-up without course or compass', () => {
    expect(headingFor(INITIAL_MOTION, null)).toEqual({ deg: 0, source: 'north-up' });
  });
});

describe('arrow rotation relative to the heading', () => {
  it('points straight ahead when driving towards the station', () => {
    expect(arrowRotationDeg({ deg: 118, source: 'course' }, 118)).toBe(0);
  });

  it('points right for a station to the right, across north', () => {
    expect(arrowRotationDeg({ deg: 350, source: 'course' }, 20)).toBe(30);
  });

  it('points behind after passing the station', () => {
    expect(Math.abs(arrowRotationDeg({ deg: 118, source: 'course' }, 298))).toBe(180);
  });

  it('equals the bearing when north-up', () => {
    expect(arrowRotationDeg({ deg: 0, source: 'north-up' }, 250)).toBe(-110);
  });
});

describe('headingLabel', () => {
  it('says how to read the arrow, and promises no heading for a position set by hand', () => {
    expect(headingLabel('course')).toBe('Arrow relative to your direction of travel');
    expect(headingLabel('north-up')).toMatch(/no heading yet/);
    expect(headingLabel('north-up', false)).toBe(
      'North-up: arrow shows the compass direction from the chosen point',
    );
  });
});
