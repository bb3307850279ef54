import { describe, expect, it } from 'vitest';
import { BRAZIL_ANP, byReason, GREECE_CNG } from '../../test-support/source-files';
import { loadImport } from './load-import';

describe('Brazil and Greece, from the real shared files', () => {
  it("imports Brazil's ANP GNV list: 227 of 230 rows, the 3 without coordinates rejected, positions approximate", async () => {
    const parsed = await loadImport('br-anp', [BRAZIL_ANP]);
    expect(parsed.read).toBe(230);
    expect(parsed.candidates).toHaveLength(227);
    expect(byReason(parsed.rejected)).toEqual({ 'missing-coordinates': 3 });
    expect(parsed.candidates.every((c) => c.record.countryCode === 'BR')).toBe(true);
    expect(parsed.candidates.every((c) => c.record.coordinateQuality === 'geocoded')).toBe(true);
    const first = parsed.candidates.find((c) => c.sourceId === '02968516000150')!.record;
    expect(first).toMatchObject({
      name: 'AUTO POSTO CAMPOMAR LTDA',
      // "Bandeira branca" (white flag) is an unbranded station.
      brand: null,
      city: 'RIO DAS OSTRAS',
      region: 'RJ',
      address: 'RODOVIA AMARAL PEIXOTO, SN, 28890001',
    });
    expect(parsed.candidates.find((c) => c.record.name === 'AUTO POSTO ESPACIAL LTDA')?.record.brand).toBe(
      'ALE',
    );
  });

  it('imports the 24 Greek stations with their city, approximate and credited', async () => {
    const parsed = await loadImport('gr-cng', [GREECE_CNG]);
    expect(parsed.read).toBe(24);
    expect(parsed.candidates).toHaveLength(24);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.candidates.every((c) => c.record.countryCode === 'GR')).toBe(true);
    expect(parsed.candidates[0]!.record).toMatchObject({
      name: 'Fisikon/EKO',
      city: 'Koropi',
      coordinateQuality: 'geocoded',
      attribution: 'Greek CNG stations map by Nomik21 (openlayers1), 2021',
    });
    // Ids come from name and position: the same file gives the same ids.
    const again = await loadImport('gr-cng', [GREECE_CNG]);
    expect(again.candidates.map((c) => c.sourceId)).toEqual(parsed.candidates.map((c) => c.sourceId));
  });
});
