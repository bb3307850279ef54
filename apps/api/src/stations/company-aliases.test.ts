import { describe, expect, it } from 'vitest';
import { seededRandom } from '../test-support/random';
import { realStations } from '../test-support/real-stations';
import {
  COMPANIES,
  type Company,
  companyIn,
  foldWords,
  isGenericName,
  normaliseCompanies,
  shortOf,
} from './company-aliases';

/** companyIn as it was written first: every alias of every company tested against the folded text. */
function companyByScan(text: string | null, field: 'name' | 'field'): Company | null {
  if (!text) return null;
  const folded = foldWords(text);
  let best: { company: Company; length: number } | null = null;
  for (const company of COMPANIES) {
    const aliases =
      field === 'field' ? [...company.aliases, ...(company.fieldAliases ?? [])] : company.aliases;
    for (const alias of aliases)
      if (folded.includes(` ${alias} `) && (!best || alias.length > best.length))
        best = { company, length: alias.length };
  }
  return best?.company ?? null;
}

/** Checks companyIn against the scan for `text` in both kinds of field; how many of the two named a company. */
function expectSameAsScan(text: string | null): number {
  let named = 0;
  for (const field of ['name', 'field'] as const) {
    const expected = companyByScan(text, field);
    expect(companyIn(text, field), `${field}: ${text}`).toBe(expected);
    if (expected) named++;
  }
  return named;
}

describe('companyIn, looked up by word', () => {
  it('answers what a scan of every alias answers, for every real name, brand and operator', () => {
    let named = 0;
    for (const s of realStations())
      for (const text of [s.name, s.brand, s.operator]) named += expectSameAsScan(text);
    // The real lists name companies often enough for the comparison to mean something.
    expect(named).toBeGreaterThan(1000);
  });

  it('answers what the scan answers for 20,000 texts made of aliases, their parts and other words', () => {
    const rand = seededRandom(23);
    const aliasWords = COMPANIES.flatMap((c) => [...c.aliases, ...(c.fieldAliases ?? [])]);
    const pieces = [
      ...aliasWords,
      ...aliasWords.flatMap((a) => a.split(' ')),
      ...aliasWords.map((a) => a.toUpperCase().replace(/ /g, '-')),
      'cng',
      'station',
      'pump',
      'gas',
      'petrol',
      'forlì',
      'ÉNI',
      'adanitotal',
      '',
      '  ',
      '(',
      'q8q8',
      'hp.',
      'total',
    ];
    let named = 0;
    for (let n = 0; n < 20_000; n++) {
      const words = Array.from(
        { length: 1 + Math.floor(rand() * 5) },
        () => pieces[Math.floor(rand() * pieces.length)]!,
      );
      named += expectSameAsScan(words.join(rand() < 0.8 ? ' ' : ','));
    }
    expect(named).toBeGreaterThan(10_000);
  });
});

describe('the company alias table', () => {
  it('reads every spelling of the Indian gas companies and retailers the issue names', () => {
    const cases: [string, string][] = [
      ['Igl', 'IGL'],
      ['Indraprastha Gas Limited', 'IGL'],
      ['IGL CNG Station', 'IGL'],
      ['Mahanagar Gas', 'MGL'],
      ['Mngl Shivajinagar', 'MNGL'],
      ['Maharashtra Natural Gas Ltd', 'MNGL'],
      ['GAIL Gas', 'GAIL Gas'],
      ['Gujarat Gas CNG Station', 'Gujarat Gas'],
      ['Adani CNG Station', 'Adani Total Gas'],
      ['Adani Total Gas Ltd', 'Adani Total Gas'],
      ['Torrent Gas', 'Torrent Gas'],
      ['Think Gas', 'Think Gas'],
      ['HPOIL Gas', 'HPOIL'],
      ['Hp', 'HPCL'],
      ['HP Petrol Pump', 'HPCL'],
      ['Hindustan Petroleum', 'HPCL'],
      ['IndianOil', 'Indian Oil'],
      ['Indian Oil Petrol Pump', 'Indian Oil'],
      ['IOCL COCO', 'Indian Oil'],
      ['Bharat Petroleum CNG', 'Bharat Petroleum'],
      ['BPCL', 'Bharat Petroleum'],
      ['Jio-bp', 'Jio-bp'],
      ['JIO BP Nagothane', 'Jio-bp'],
      ['Nayara Energy', 'Nayara'],
      ['Shell', 'Shell'],
      ['Agip Eni', 'Eni'],
      ['Api-Ip', 'IP'],
      ['Q8', 'Q8'],
      ['Tamoil', 'Tamoil'],
      ['Esso', 'Esso'],
    ];
    for (const [text, short] of cases) expect(companyIn(text, 'field')?.short, text).toBe(short);
    // Whole words only: "Hpx Motors" is not HPCL, "Shellac" is not Shell.
    expect(companyIn('Hpx Motors')).toBeNull();
    expect(companyIn('Shellac Traders')).toBeNull();
    // "IP" alone is a brand only in a brand field, never inside a free name.
    expect(companyIn('IP', 'field')?.short).toBe('IP');
    expect(companyIn('Station IP 22')).toBeNull();
  });

  it('makes the retailer the brand and the gas company the operator', () => {
    expect(normaliseCompanies({ name: 'Hp', brand: null, operator: null })).toEqual({
      brand: 'HPCL',
      operator: null,
    });
    expect(normaliseCompanies({ name: 'Igl', brand: null, operator: null })).toEqual({
      brand: 'IGL',
      operator: 'Indraprastha Gas Limited',
    });
    expect(
      normaliseCompanies({ name: 'COCO Turbhe (IOCL)', brand: 'MGL', operator: 'Mahanagar Gas Limited' }),
    ).toEqual({ brand: 'Indian Oil', operator: 'Mahanagar Gas Limited' });
    expect(
      normaliseCompanies({ name: 'Om Petroleum', brand: null, operator: null, sourceCompany: 'MNGL' }),
    ).toEqual({ brand: 'MNGL', operator: 'Maharashtra Natural Gas Limited' });
    // An operator the source names stays, even one the table does not know.
    expect(
      normaliseCompanies({ name: 'IGL CNG Station', brand: null, operator: 'Haryana City Gas' }),
    ).toEqual({
      brand: 'IGL',
      operator: 'Haryana City Gas',
    });
    // A place that shares a company's name is not that company.
    expect(
      normaliseCompanies({ name: 'CNG Station Mahanagar', brand: null, operator: 'Green Gas Limited' }),
    ).toEqual({ brand: null, operator: 'Green Gas Limited' });
    expect(companyIn('Sabarmati Railway Station')).toBeNull();
    // What the table does not know stays as the source wrote it.
    expect(normaliseCompanies({ name: 'METANO MARANELLO', brand: 'Vega', operator: 'ROSSI SRL' })).toEqual({
      brand: 'Vega',
      operator: 'ROSSI SRL',
    });
    expect(shortOf('Indraprastha Gas Limited')).toBe('IGL');
  });

  it('tells a name that says nothing from one that names the station', () => {
    for (const generic of [
      'Hp',
      'Igl',
      'CNG',
      'CNG Station',
      'Indraprastha Gas Limited',
      'Indian Oil Petrol Pump',
      'سی این جی',
    ])
      expect(isGenericName(generic), generic).toBe(true);
    for (const named of [
      'Panchshila Service Station',
      'Mngl Shivajinagar',
      'New Bombay Petroleum; Sanpada',
      'METANO MARANELLO',
    ])
      expect(isGenericName(named), named).toBe(false);
  });
});
