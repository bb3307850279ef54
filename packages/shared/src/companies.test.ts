import { describe, expect, it } from 'vitest';
import { foldText, operatorMatches, operatorQueryText, operatorSearchText, shortOf } from './companies';

describe('operator filter text', () => {
  it('finds a retail pump by the gas company that supplies it, by its short name', () => {
    const hpclSuppliedByIgl = operatorSearchText({ brand: 'HPCL', operator: 'Indraprastha Gas Limited' });
    expect(operatorMatches(hpclSuppliedByIgl, operatorQueryText(' IGL '))).toBe(true);
    expect(operatorMatches(hpclSuppliedByIgl, operatorQueryText('hpcl'))).toBe(true);
    expect(operatorMatches(hpclSuppliedByIgl, operatorQueryText('MGL'))).toBe(false);
  });

  it('ignores case and accents on both sides', () => {
    expect(foldText('CANTÙ Forlì')).toBe('cantu forli');
    expect(
      operatorMatches(operatorSearchText({ brand: 'Enilive', operator: null }), operatorQueryText('ENÌ')),
    ).toBe(true);
    expect(shortOf('Mahanagar Gas Ltd')).toBe('MGL');
  });

  it("takes a run of spaces (a phone keyboard's double space, a tab) as one, on both sides", () => {
    const adani = operatorSearchText({ brand: null, operator: 'Adani Total Gas Ltd' });
    expect(operatorMatches(adani, operatorQueryText('adani  total'))).toBe(true);
    expect(operatorMatches(adani, operatorQueryText('Adani\tTotal'))).toBe(true);
    const spaced = operatorSearchText({ brand: 'Q8', operator: 'SERVIZI  &  GESTIONI ITALIA' });
    expect(operatorMatches(spaced, operatorQueryText('servizi & gestioni'))).toBe(true);
    // Brand and operator stay apart: a query does not match across the two.
    expect(operatorMatches(spaced, operatorQueryText('italia q8'))).toBe(false);
  });
});
