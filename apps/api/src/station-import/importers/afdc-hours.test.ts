import { describe, expect, it } from 'vitest';
import { afdcOpen24x7 } from './afdc-hours';

const WEEK = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

describe('AFDC access hours', () => {
  it('is true for the ways AFDC says "around the clock", with or without a note after ";"', () => {
    for (const text of [
      '24 hours daily',
      '24 hours',
      '24 Hours Daily',
      '24/7',
      'Open 24 hours a day, 7 days a week',
      '24 hours daily; pay lot',
      '24 hours daily; also accept Natural Fuels Card',
      WEEK.map((d) => `${d}: 12:00am-11:59pm`).join('; '),
      WEEK.map((d) => `${d}: 24 hours`).join('; '),
    ]) {
      expect(afdcOpen24x7(text), text).toBe(true);
    }
  });

  it('is null (unknown), never false, for limited hours, limits in the note, or anything unclear', () => {
    for (const text of [
      '6am-10pm M-F',
      '7am-7pm daily',
      '24 hours daily except holidays',
      '24 hours; closed Sundays',
      '24 hours daily; staffed 7am-5pm',
      '24 hours Mon-Fri',
      'Dealership business hours',
      WEEK.map((d) => `${d}: Not Specified`).join('; '),
      WEEK.slice(0, 6)
        .map((d) => `${d}: 12:00am-11:59pm`)
        .join('; '),
      '',
      null,
    ]) {
      expect(afdcOpen24x7(text), String(text)).toBeNull();
    }
  });
});
