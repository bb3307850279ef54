import { describe, expect, it } from 'vitest';
import { JsonBytes } from './json-bytes';

describe('JsonBytes', () => {
  it('writes text and kept bytes in order, as the UTF-8 of the same text joined', () => {
    const kept = Buffer.from('{"name":"Stazione di Sant’Agata","city":"नई दिल्ली"');
    const out = new JsonBytes()
      .text('{"count":2,"stations":[')
      .add(kept)
      .text(',"distanceKm":1.5}')
      .text(',')
      .add('{"name":"IGL · 0.7 km N","note":"©"')
      .add(kept.subarray(0, 1))
      .text(']}')
      .finish();
    const expected =
      '{"count":2,"stations":[{"name":"Stazione di Sant’Agata","city":"नई दिल्ली","distanceKm":1.5},' +
      '{"name":"IGL · 0.7 km N","note":"©"{]}';
    expect(out.toString('utf8')).toBe(expected);
    expect(out.byteLength).toBe(Buffer.byteLength(expected));
  });

  it('answers an empty buffer when nothing was added', () => {
    expect(new JsonBytes().finish().byteLength).toBe(0);
  });
});
