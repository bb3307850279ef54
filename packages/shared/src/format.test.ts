import { describe, expect, it } from 'vitest';
import { formatDistance, formatDurationMin } from './format';

describe('formatDistance', () => {
  it('uses metres below 1 km and km with one decimal above', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(0.85)).toBe('850 m');
    expect(formatDistance(3.44)).toBe('3.4 km');
    expect(formatDistance(250.4)).toBe('250 km');
  });

  it('rounds before it picks the unit (never "1000 m" or "100.0 km")', () => {
    expect(formatDistance(0.9994)).toBe('999 m');
    expect(formatDistance(0.9997)).toBe('1.0 km');
    expect(formatDistance(99.94)).toBe('99.9 km');
    expect(formatDistance(99.96)).toBe('100 km');
  });
});

describe('formatDurationMin', () => {
  it('gives minutes, then hours and two-digit minutes', () => {
    expect(formatDurationMin(4.4)).toBe('4 min');
    expect(formatDurationMin(65)).toBe('1 h 05 min');
  });
});
