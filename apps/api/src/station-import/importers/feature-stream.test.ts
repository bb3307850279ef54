import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFeatureStream } from './feature-stream';
import { parseGenericGeoJson, readGenericGeoJson } from './generic';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'feature-stream-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

// Test input for the reader only: strings full of JSON's own punctuation, escapes and multi-byte letters.
const tricky = (i: number) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [77.2 + i / 1e5, 28.6] },
  properties: {
    id: `t${i}`,
    name: `Depot "${i}" {a} [b], \\ ${'ü€'.repeat(i % 5)}`,
    note: 'x'.repeat(i % 700),
  },
});

describe('readFeatureStream', () => {
  it('hands over every feature of a file longer than its chunks, and the rest of the object', () => {
    const features = [...Array.from({ length: 6000 }, (_, i) => tricky(i)), null, 7, 'text', [1, [2]]];
    const text = JSON.stringify(
      {
        type: 'FeatureCollection',
        name: 'features',
        crs: { a: [1, { features: [2] }] },
        features,
        after: [3],
      },
      null,
      1,
    );
    expect(text.length).toBeGreaterThan(3 * 2 ** 20);
    const read = readFeatureStream(write('big.geojson', text), (f, i) => ({ f, i }));
    expect(read!.features.map((x) => x.f)).toEqual(features);
    expect(read!.features.map((x) => x.i)).toEqual(features.map((_, i) => i));
    expect(read!.top).toEqual({
      type: 'FeatureCollection',
      name: 'features',
      crs: { a: [1, { features: [2] }] },
      features: [],
      after: [3],
    });
  });

  it('gives up (null) on anything but one well-formed, non-empty features array', () => {
    const one = JSON.stringify(tricky(1));
    for (const text of [
      `{"type":"FeatureCollection","features":[${one},{"type":]}`,
      `{"type":"FeatureCollection","features":[${one}]`,
      `{"type":"FeatureCollection","features":[${one}]}}`,
      `{"type":"FeatureCollection","features":[]}`,
      `{"type":"FeatureCollection","features":[${one}],"features":[${one}]}`,
      `{"type":"FeatureCollection"}`,
      `[${one}]`,
      '',
    ])
      expect(readFeatureStream(write('bad.geojson', text), (f) => f)).toBeNull();
    expect(readFeatureStream(path.join(dir, 'missing.geojson'), (f) => f)).toBeNull();
  });
});

describe('readGenericGeoJson', () => {
  it('reads a file feature by feature into what parseGenericGeoJson makes of its text', async () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        ...Array.from({ length: 50 }, (_, i) => tricky(i)),
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [0, 0] },
          properties: { id: 'zero', name: 'Z' },
        },
        { type: 'Feature', geometry: null, properties: { id: 'none', name: 'N' } },
      ],
    });
    const file = write('acme.geojson', text);
    const options = { feed: 'acme', licence: 'CC0', attribution: 'Acme' };
    const streamed = await readGenericGeoJson(file, options);
    expect(streamed).toEqual(parseGenericGeoJson(text, file, options));
    expect(streamed.candidates).toHaveLength(50);
    expect(streamed.rejected.map((r) => r.where)).toEqual(['acme.geojson#51', 'acme.geojson#52']);
  });

  it('reports a broken, empty or missing file as the whole-text parse does', async () => {
    const broken = write('broken.geojson', '{"type":"FeatureCollection","features":[{"type":');
    await expect(readGenericGeoJson(broken)).rejects.toThrow(`${broken} is not valid JSON`);
    const empty = write('empty.geojson', '{"type":"FeatureCollection","features":[]}');
    await expect(readGenericGeoJson(empty)).rejects.toThrow(`${empty} is empty: no features`);
    const feature = write('feature.geojson', `{"type":"Feature","features":[${JSON.stringify(tricky(1))}]}`);
    await expect(readGenericGeoJson(feature)).rejects.toThrow('not a GeoJSON FeatureCollection');
    const missing = path.join(dir, 'missing.geojson');
    await expect(readGenericGeoJson(missing)).rejects.toThrow(`Cannot read ${missing}: ENOENT`);
  });
});
