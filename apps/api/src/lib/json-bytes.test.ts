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

  it('never hands out memory twice: every answer keeps its bytes while later answers are made', () => {
    // Enough answers of the sizes nearest sends to fill several shared blocks, and one too large to share.
    const sizes = [
      3_300,
      19_192,
      1,
      65_536,
      70_000,
      250_000,
      ...Array.from({ length: 200 }, (_, i) => 500 + i * 97),
    ];
    const answers = sizes.map((size, i) => {
      const text = String.fromCharCode(97 + (i % 26)).repeat(size);
      return { text, bytes: new JsonBytes().text(text).finish() };
    });
    for (const { text, bytes } of answers) {
      expect(bytes.byteLength).toBe(text.length);
      expect(bytes.toString('latin1')).toBe(text);
    }
  });

  it('answers an empty buffer when nothing was added', () => {
    expect(new JsonBytes().finish().byteLength).toBe(0);
  });
});
