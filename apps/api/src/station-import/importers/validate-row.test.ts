import { describe, expect, it } from 'vitest';
import { isRejection, type RawRow, validateRow } from './validate-row';

const row = (lon: unknown, lat: unknown): RawRow => ({
  source: 'csv:test',
  sourceId: 'a1',
  where: 'test.csv#1',
  name: 'Depot',
  lon,
  lat,
  coordinateQuality: 'operator',
  licence: 'CC0-1.0',
  attribution: 'Test',
});

/** The accepted [lon, lat], or the rejection reason. */
const outcome = (lon: unknown, lat: unknown) => {
  const r = validateRow(row(lon, lat));
  return isRejection(r) ? r.reason : [r.record.lon, r.record.lat];
};

describe('coordinates in a row', () => {
  it('accepts decimal numbers and decimal strings, with a decimal comma and surrounding spaces', () => {
    expect(outcome(77.209, 28.6139)).toEqual([77.209, 28.6139]);
    expect(outcome('77.209', ' 28.6139 ')).toEqual([77.209, 28.6139]);
    expect(outcome('77,209', '+28,6139')).toEqual([77.209, 28.6139]);
    expect(outcome('-104.99', '39.73')).toEqual([-104.99, 39.73]);
  });

  it('refuses hex, binary, octal, exponent and other non-decimal spellings that Number() would read', () => {
    // Number('0x4D') is 77: a hex string would otherwise land in Delhi's longitude band.
    for (const bad of [
      '0x4D',
      '0b1001101',
      '0o115',
      '7.72e1',
      'Infinity',
      '77.2.1',
      '77,2,1',
      '1_000',
      '.',
    ]) {
      expect(outcome(bad, '28.6139'), bad).toBe('non-numeric-coordinates');
    }
    expect(outcome(77.209, Number.NaN)).toBe('non-numeric-coordinates');
    expect(outcome(77.209, true)).toBe('non-numeric-coordinates');
  });

  it('still reports empty values as missing, not as non-numeric', () => {
    expect(outcome('', '28.6')).toBe('missing-coordinates');
    expect(outcome(77.2, null)).toBe('missing-coordinates');
  });
});
