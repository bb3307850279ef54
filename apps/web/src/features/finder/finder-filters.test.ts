// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { useFinderMessages } from '../../testing/test-messages';
import { effectiveFilters, filtersSummary, hasFilters, hoursKnownIn, NO_FILTERS } from './finder-filters';

beforeAll(() => useFinderMessages());

describe('the "open now" filter', () => {
  it('knows hours only when some station publishes them (openNow true or false, not null)', () => {
    expect(hoursKnownIn([{ openNow: null }, { openNow: null }])).toBe(false);
    expect(hoursKnownIn([])).toBe(false);
    expect(hoursKnownIn([{ openNow: null }, { openNow: false }])).toBe(true);
  });

  it('does not apply where no station publishes hours, or before the first list says so', () => {
    const wanted = { ...NO_FILTERS, openNow: true };
    expect(effectiveFilters(wanted, false).openNow).toBe(false);
    expect(effectiveFilters(wanted, null).openNow).toBe(false);
    expect(hasFilters(effectiveFilters(wanted, false))).toBe(false);
  });

  it('applies where hours are known, and leaves the other filters alone', () => {
    const wanted = { openNow: true, availableOnly: true, operator: 'Eni' };
    expect(effectiveFilters(wanted, true)).toEqual(wanted);
    expect(effectiveFilters(wanted, false)).toEqual({ ...wanted, openNow: false });
  });
});

describe('the filters in words', () => {
  it('names each applied filter, and nothing when none applies', () => {
    expect(filtersSummary(NO_FILTERS)).toBeNull();
    expect(filtersSummary({ ...NO_FILTERS, operator: 'I' })).toBeNull();
    expect(filtersSummary({ openNow: true, availableOnly: true, operator: ' IGL ' })).toBe(
      'open now · gas reported available · “IGL”',
    );
  });
});
