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
});
