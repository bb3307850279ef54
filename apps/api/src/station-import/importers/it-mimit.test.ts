import { describe, expect, it } from 'vitest';
import { byReason, MIMIT_PRICES, MIMIT_STATIONS, readText } from '../../test-support/source-files';
import { parseMimit } from './it-mimit';
import { splitMimitStationLine } from './mimit-lines';

const stationsText = readText(MIMIT_STATIONS);
const pricesText = readText(MIMIT_PRICES);
const parsed = parseMimit(stationsText, MIMIT_STATIONS, pricesText, MIMIT_PRICES);

// Oracle for the stray-pipe rows: their last four fields (city, province, lat, lon) are never affected.
const strayLines = stationsText
  .split('\n')
  .slice(2)
  .filter((l) => l.split('|').length > 10);

describe('it-mimit importer on the real MIMIT pair', () => {
  it('reads the extract date from line 1', () => {
    expect(parsed.extractDate).toBe('2026-08-21');
  });

  it('finds the 1,508 stations that sell Metano; 1,506 are accepted, 2 repeat another registration exactly', () => {
    expect(parsed.read).toBe(1_508);
    expect(parsed.candidates).toHaveLength(1_506);
    expect(byReason(parsed.rejected)).toEqual({ duplicate: 2 });
    for (const c of parsed.candidates) {
      expect(c.record.countryCode).toBe('IT');
      expect(c.record.price?.currency).toBe('EUR');
    }
  });

  it('rejects as duplicates only rows equal in every field but the id (same price, sent seconds apart)', () => {
    const dups = parsed.rejected.map((r) => [r.sourceId, r.detail]);
    expect(dups).toEqual([
      ['16641', expect.stringContaining('(id 16644)')],
      ['54534', expect.stringContaining('(id 54535)')],
    ]);
  });

  it('keeps both registrations at one place when brand and price differ (Maranello: Q8 and Pompe Bianche)', () => {
    const at = (id: string) => parsed.candidates.find((c) => c.sourceId === id)?.record;
    expect(at('24442')).toMatchObject({ name: 'METANO MARANELLO', brand: 'Q8', price: { amount: 1.499 } });
    expect(at('58966')).toMatchObject({ name: 'METANO MARANELLO', brand: null, price: { amount: 1.299 } });
    expect([at('24442')!.lon, at('24442')!.lat]).toEqual([at('58966')!.lon, at('58966')!.lat]);
  });

  it('parses the 7 CNG rows with a stray "|" in a field, keeping city and coordinates in place', () => {
    expect(strayLines).toHaveLength(112);
    const byId = new Map(parsed.candidates.map((c) => [c.sourceId, c]));
    const cng = strayLines.filter((l) => byId.has(l.split('|')[0]!));
    expect(cng).toHaveLength(7);
    for (const line of cng) {
      const f = line.split('|');
      const [city, province, lat, lon] = f.slice(-4);
      const c = byId.get(f[0]!)!;
      expect(c.record.city).toBe(city!.trim());
      expect(c.record.region).toBe(province!.trim());
      expect(c.record.lat).toBe(Number(lat));
      expect(c.record.lon).toBe(Number(lon));
      expect(c.record.name).not.toContain('prezzibenzina');
    }
  });

  it('every one of the 112 stray-pipe lines (CNG or not) splits into ten fields', () => {
    for (const line of strayLines) expect(splitMimitStationLine(line)).not.toBeNull();
    expect(splitMimitStationLine('1|a|b|c|d | e|f | g|h|i|j|k')).toBeNull();
  });

  it('converts dtComu (Italian wall-clock time) to UTC', () => {
    const c = parsed.candidates.find((x) => x.sourceId === '49230')!;
    const line = pricesText.split('\n').find((l) => l.startsWith('49230|Metano|'))!;
    const [d, t] = line.split('|')[4]!.split(' ');
    const [day, month, year] = d!.split('/');
    // August is summer time in Italy: UTC+2.
    const local = new Date(`${year}-${month}-${day}T${t}Z`).getTime();
    expect(Date.parse(c.record.price!.publishedAt)).toBe(local - 2 * 3600_000);
  });

  it('flags only the clearly implausible prices (median 1.648 €/kg): 1.000, 2.899, 2.999 and 4.999', () => {
    const amounts = parsed.candidates.map((c) => c.record.price!.amount).sort((a, b) => a - b);
    expect(amounts[Math.floor(amounts.length / 2)]).toBeCloseTo(1.648, 3);
    const flagged = parsed.candidates
      .filter((c) => c.record.price!.outlier)
      .map((c) => c.record.price!.amount);
    expect(flagged.sort()).toEqual([1, 2.899, 2.999, 4.999]);
  });

  it('treats "Pompe Bianche" (unbranded) as no brand and keeps real brands', () => {
    const brands = new Map<string | null, number>();
    for (const c of parsed.candidates) brands.set(c.record.brand, (brands.get(c.record.brand) ?? 0) + 1);
    expect(brands.has('Pompe Bianche')).toBe(false);
    // MIMIT's "Agip Eni" is Eni in the one alias table, like every other spelling of the brand.
    expect(brands.get('Eni')).toBeGreaterThan(250);
    expect(brands.has('Agip Eni')).toBe(false);
  });

  it('fails clearly on a wrong header, a missing extract line or an empty file', () => {
    const wrong = stationsText.replace('Tipo Impianto', 'Tipo');
    expect(() => parseMimit(wrong, 's.csv', pricesText, 'p.csv')).toThrow(/s\.csv: wrong columns/);
    expect(() =>
      parseMimit(stationsText, 's.csv', pricesText.split('\n').slice(1).join('\n'), 'p.csv'),
    ).toThrow(/line 1 should be "Estrazione del/);
    expect(() => parseMimit('', 's.csv', pricesText, 'p.csv')).toThrow('s.csv is empty');
  });
});
