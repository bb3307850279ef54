import { describe, expect, it } from 'vitest';
import { byReason, INDIA_MAIN, INDIA_RAW, INDIA_STATES, readText } from '../../test-support/source-files';
import { INFERRED_SOURCES, parseIndiaOpen } from './india-open';
import { loadRegionLookup } from './region-lookup';

const regions = loadRegionLookup(INDIA_STATES);
const mainRows = JSON.parse(readText(INDIA_MAIN)) as {
  id: string;
  source: string;
  state: string;
  name: string;
}[];
const main = parseIndiaOpen(readText(INDIA_MAIN), INDIA_MAIN, { regions });

describe('india-open importer on the real bash1401 dataset', () => {
  it('reads every row and accepts the 1,082 verified rows inside India', () => {
    expect(main.read).toBe(10_580);
    expect(main.candidates).toHaveLength(1_082);
    expect(main.read).toBe(main.candidates.length + main.rejected.length);
  });

  it('rejects the inferred rows (cgd_inferred 5,935 + all_india_fuel 3,366) with that reason', () => {
    const inferred = mainRows.filter((r) => INFERRED_SOURCES.has(r.source)).length;
    expect(inferred).toBe(9_301);
    expect(byReason(main.rejected)).toEqual({ 'not-cng-verified': 9_301, 'outside-country': 197 });
  });

  it('rejects the 197 Bangladesh and Pakistan points that the file labels as Indian states', () => {
    const outside = main.rejected.filter((r) => r.reason === 'outside-country');
    const countries = outside.reduce<Record<string, number>>((acc, r) => {
      const cc = /coordinates are in (\w+)/.exec(r.detail ?? '')?.[1] ?? '?';
      acc[cc] = (acc[cc] ?? 0) + 1;
      return acc;
    }, {});
    expect(countries).toEqual({ BD: 98, PK: 99 });
    // All of them come from osm_allstations (306 rows, 109 inside India, per the data README).
    const ids = new Set(outside.map((r) => r.sourceId));
    expect(new Set(mainRows.filter((r) => ids.has(r.id)).map((r) => r.source))).toEqual(
      new Set(['osm_allstations']),
    );
  });

  it('keeps per sub-source the counts inside India that the data README lists', () => {
    const sub = new Map(mainRows.map((r) => [r.id, r.source]));
    const counts: Record<string, number> = {};
    for (const c of main.candidates) counts[sub.get(c.sourceId)!] = (counts[sub.get(c.sourceId)!] ?? 0) + 1;
    expect(counts).toEqual({
      gujarat_gas: 413,
      gail_pdf: 217,
      igl_mgl: 141,
      mngl: 115,
      osm_allstations: 109,
      atgl: 53,
      osm: 19,
      osm_extra: 8,
      nominatim_grid: 6,
      wikidata: 1,
    });
    // 332 operator-published coordinates (mngl + gail_pdf), 413 approximate geocoded ones (gujarat_gas).
    const quality = main.candidates.reduce<Record<string, number>>((acc, c) => {
      acc[c.record.coordinateQuality] = (acc[c.record.coordinateQuality] ?? 0) + 1;
      return acc;
    }, {});
    expect(quality.operator).toBe(332);
    expect(quality.geocoded).toBe(414); // 413 gujarat_gas + 1 wikidata
  });

  it('derives the state from the coordinates, never from the file (Bengaluru GAIL rows are not "Tamil Nadu")', () => {
    const wrong = main.candidates.filter((c) => {
      const row = mainRows.find((r) => r.id === c.sourceId)!;
      return row.state === 'Tamil Nadu' && c.record.region === 'Karnataka';
    });
    expect(wrong.length).toBeGreaterThan(0);
    for (const c of main.candidates) expect(c.record.countryCode).toBe('IN');
    expect(main.candidates.filter((c) => c.record.region === null)).toHaveLength(0);
  });

  it('gives every station the dataset licence and an attribution naming who published the row', () => {
    const mngl = main.candidates.find((c) => c.record.attribution.startsWith('Maharashtra Natural Gas'))!;
    expect(mngl.record.licence).toMatch(/ODbL/);
    expect(mngl.record.attribution).toMatch(/bash1401/);
    expect(mngl.record.coordinateQuality).toBe('operator');
  });

  it('parses the raw per-source files under their own source keys', () => {
    const result = Object.fromEntries(
      INDIA_RAW.map((f) => {
        const p = parseIndiaOpen(readText(f), f);
        return [p.feeds[0]!.source, [p.read, p.candidates.length, byReason(p.rejected)]];
      }),
    );
    expect(result).toEqual({
      'india-open:atgl': [110, 110, {}],
      'india-open:gail_pdf': [220, 220, {}],
      // Two rows of the Gujarat Gas list repeat an earlier row's name and coordinates exactly.
      'india-open:gujarat_gas': [830, 828, { duplicate: 2 }],
      'india-open:igl_mgl': [164, 164, {}],
      'india-open:mngl': [118, 118, {}],
      'india-open:osm': [344, 344, {}],
    });
  });

  it('fails with a clear message on a file that is not the dataset', () => {
    expect(() => parseIndiaOpen('{"a":1}', 'x.json')).toThrow('expected a JSON array');
    expect(() => parseIndiaOpen('[]', 'x.json')).toThrow('is empty');
    expect(() => parseIndiaOpen('[{"name":"a"}]', 'x.json')).toThrow('no "latitude" field');
    expect(() => parseIndiaOpen('[{"name":', 'x.json')).toThrow('not valid JSON');
  });
});
