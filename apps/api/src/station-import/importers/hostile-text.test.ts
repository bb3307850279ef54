import { describe, expect, it } from 'vitest';
import { parseGenericCsv, parseGenericGeoJson } from './generic';

const HEADER = 'id,name,lon,lat,address,url,opening_hours';
const good = 'ok1,Andheri CNG,72.8468,19.1197,Andheri East,https://example.com/s/1,24/7';

/** Every rejected row of a CSV by id, with its reason and detail. */
function rejections(lines: string[]) {
  const parsed = parseGenericCsv([HEADER, good, ...lines].join('\n'), 'hostile.csv', { feed: 'test' });
  return {
    accepted: parsed.candidates.map((c) => c.sourceId),
    rejected: Object.fromEntries(parsed.rejected.map((r) => [r.sourceId, `${r.reason}: ${r.detail}`])),
  };
}

describe('imported text is validated before it is stored', () => {
  it('rejects links that are not http(s), naming the field', () => {
    const { accepted, rejected } = rejections([
      'js,Depot,72.85,19.12,,javascript:alert(1),',
      'data,Depot,72.86,19.13,,"data:text/html,<script>alert(1)</script>",',
      'file,Depot,72.87,19.14,,file:///etc/passwd,',
      'rel,Depot,72.88,19.15,,//evil.example/x,',
    ]);
    expect(accepted).toEqual(['ok1']);
    for (const id of ['js', 'data', 'file', 'rel']) expect(rejected[id]).toMatch(/^bad-url: url /);
  });

  it('rejects control characters and bidi overrides in any text field', () => {
    const { accepted, rejected } = rejections([
      'bidi,"\u202egnp.exe\u202c",72.85,19.12,,,',
      'esc,"Depot \u001b[31m",72.86,19.13,,,',
      'c1,Depot,72.87,19.14,"Road \u009b2J",,',
      'iso,Depot,72.88,19.15,,,"Mo-Fr \u2066x\u2069"',
    ]);
    expect(accepted).toEqual(['ok1']);
    expect(rejected.bidi).toBe(
      'unsafe-text: name must not contain a bidi control character (U+202E at position 1)',
    );
    expect(rejected.esc).toMatch(/^unsafe-text: name must not contain a control character \(U\+001B/);
    expect(rejected.c1).toMatch(/^unsafe-text: address must not contain a C1 control character \(U\+009B/);
    expect(rejected.iso).toMatch(/^unsafe-text: openingHours must not contain a bidi control character/);
  });

  it('rejects a 10,005-character name and a 20,000-character address, and keeps the longest real values', () => {
    const { accepted, rejected } = rejections([
      `longname,${'N'.repeat(10_005)},72.85,19.12,,,`,
      `longaddr,Depot,72.86,19.13,${'A'.repeat(20_000)},,`,
      `fits,${'N'.repeat(200)},72.87,19.14,${'A'.repeat(300)},,`,
    ]);
    expect(accepted).toEqual(['ok1', 'fits']);
    expect(rejected.longname).toBe('too-long: name has 10005 characters, at most 200');
    expect(rejected.longaddr).toBe('too-long: address has 20000 characters, at most 300');
  });

  it('applies the same rules to GeoJSON lists, licence and attribution included', () => {
    const feature = (id: string, props: Record<string, unknown>) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [72.85, 19.12] },
      properties: { id, name: 'Depot', ...props },
    });
    const parsed = parseGenericGeoJson(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          feature('a', { attribution: 'Data \u202eevil' }),
          feature('b', { url: 'JavaScript:alert(1)' }),
          feature('c', { licence: 'L'.repeat(201) }),
        ],
      }),
      'hostile.geojson',
    );
    expect(parsed.candidates).toEqual([]);
    expect(parsed.rejected.map((r) => [r.sourceId, r.reason])).toEqual([
      ['a', 'unsafe-text'],
      ['b', 'bad-url'],
      ['c', 'too-long'],
    ]);
  });

  it('rejects names that lie as deceptive-name, saying why, and normalises hidden characters away', () => {
    const { accepted, rejected } = rejections([
      'mixed,"\u0406GL CNG",72.85,19.12,,,',
      'glyph,"\u0415\u0455\u0455\u043e",72.86,19.13,,,',
      'emoji,"⛽⛽",72.87,19.14,,,',
      'zw,"Andheri\u200b CNG\ufeff",72.88,19.15,,,',
    ]);
    expect(accepted).toEqual(['ok1', 'zw']);
    expect(rejected.mixed).toMatch(/^deceptive-name: name mixes Latin and Cyrillic letters in one word/);
    expect(rejected.glyph).toMatch(/^deceptive-name: name looks like Esso/);
    expect(rejected.emoji).toMatch(/^deceptive-name: name must contain letters or digits/);
    const parsed = parseGenericCsv(
      [HEADER, 'zw,"Andheri\u200b CNG\ufeff",72.88,19.15,,,'].join('\n'),
      'zw.csv',
      {
        feed: 'test',
      },
    );
    expect(parsed.candidates[0]?.record.name).toBe('Andheri CNG');
  });
});
