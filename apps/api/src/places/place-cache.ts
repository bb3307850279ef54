import fs from 'node:fs';
import path from 'node:path';
import { encodeSections, openSections, type SectionArray, type SectionKind } from '../lib/section-file';
import type { PlaceColumns, PlaceIndexParts, TextList } from './place-index';

/**
 * The gazetteer's compact file (ADR 0011): the merged places as columns and their words index, so a server
 * loads it in tens of milliseconds with a few MB of strings instead of reading and indexing both packages.
 * Layout: a section file (src/lib/section-file.ts) with the magic "CNGPLACE" and, in its header, the tables of
 * country and division codes; its sections are read as typed arrays in place. Text is UTF-8: the words as lines,
 * decoded at load; the names end to end with where each ends, decoded only when a place is shown.
 * Generated on the machine from the packages, never committed: the data stay the packages' (CC BY, ODbL).
 */

const MAGIC = 'CNGPLACE';
/** Bumped whenever the layout or what goes into it changes (with the index's folding or ranking columns). */
export const PLACE_CACHE_FORMAT = 1;

/** The file's own header fields (src/lib/section-file.ts adds the sections and the length). */
interface PlaceFields {
  format: number;
  places: number;
  countries: string[];
  admins: string[];
}

/** `values` as indexes into a table of their distinct values (at most 65,536 of them). */
function tabulate(values: readonly string[]): { table: string[]; indexes: Uint16Array } {
  const ids = new Map<string, number>();
  const indexes = new Uint16Array(values.length);
  values.forEach((v, i) => {
    let id = ids.get(v);
    if (id === undefined) {
      id = ids.size;
      if (id > 0xffff) throw new Error('place cache: more than 65,536 distinct codes');
      ids.set(v, id);
    }
    indexes[i] = id;
  });
  return { table: [...ids.keys()], indexes };
}

/** Names one after another in UTF-8, and where each ends: read one at a time, only the few a search shows. */
function packTexts(texts: TextList): { blob: Uint8Array; ends: Uint32Array } {
  const encoded = Array.from({ length: texts.length }, (_, i) => Buffer.from(texts.at(i)!, 'utf8'));
  const ends = new Uint32Array(texts.length);
  let end = 0;
  encoded.forEach((b, i) => {
    end += b.length;
    ends[i] = end;
  });
  return { blob: Buffer.concat(encoded), ends };
}

/** Strings `blob[ends[i - 1] … ends[i])`, decoded when asked for. */
class PackedTexts implements TextList {
  constructor(
    private readonly blob: Buffer,
    private readonly ends: Uint32Array,
  ) {}

  get length(): number {
    return this.ends.length;
  }

  at(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.ends.length) return undefined;
    return this.blob.toString('utf8', index === 0 ? 0 : this.ends[index - 1]!, this.ends[index]!);
  }
}

function lines(texts: readonly string[]): Uint8Array {
  for (const t of texts)
    if (t.includes('\n')) throw new Error(`place cache: a line break in ${JSON.stringify(t)}`);
  return new TextEncoder().encode(texts.join('\n'));
}

/** The gazetteer as the bytes of its compact file. */
export function encodePlaces(columns: PlaceColumns, parts: PlaceIndexParts): Buffer {
  const countries = tabulate(columns.countryCodes);
  const admins = tabulate(columns.adminCodes);
  const names = packTexts(columns.names);
  const sections: [string, SectionKind, SectionArray][] = [
    ['names', 'u8', names.blob],
    ['nameEnds', 'u32', names.ends],
    ['countries', 'u16', countries.indexes],
    ['admins', 'u16', admins.indexes],
    ['populations', 'u32', columns.populations],
    ['lons', 'f64', columns.lons],
    ['lats', 'f64', columns.lats],
    ['keys', 'u8', lines(parts.keys)],
    ['offsets', 'i32', parts.offsets],
    ['postings', 'i32', parts.postings],
    ['wordCounts', 'u8', parts.wordCounts],
    ['fuzzyGrams', 'u32', parts.fuzzy.grams],
    ['fuzzyOffsets', 'i32', parts.fuzzy.offsets],
    ['fuzzyPostings', 'i32', parts.fuzzy.postings],
  ];
  const fields: PlaceFields = {
    format: PLACE_CACHE_FORMAT,
    places: columns.names.length,
    countries: countries.table,
    admins: admins.table,
  };
  return encodeSections(MAGIC, fields, sections);
}

/** The gazetteer read back from its compact file's bytes; the columns and index are views of `buffer`. */
export function decodePlaces(buffer: ArrayBuffer): { columns: PlaceColumns; parts: PlaceIndexParts } {
  const fail = (why: string): never => {
    throw new Error(`place cache: ${why}`);
  };
  const { header, section } = openSections<PlaceFields>(new Uint8Array(buffer), MAGIC, 'place file');
  if (header.format !== PLACE_CACHE_FORMAT) fail(`format ${header.format}, not ${PLACE_CACHE_FORMAT}`);
  // Line by line, each its own string (not slices kept alive by one 1 MB string).
  const text = (name: string, count: number) => {
    const blob = section(name, 'u8');
    const all = Buffer.from(blob.buffer, blob.byteOffset, blob.length);
    const list = new Array<string>(count);
    let start = 0;
    for (let i = 0; i < count; i++) {
      const end = i === count - 1 ? all.length : all.indexOf(10, start);
      if (end < 0) fail(`section ${name} has fewer than ${count} lines`);
      list[i] = all.toString('utf8', start, end);
      start = end + 1;
    }
    if (count > 0 ? start !== all.length + 1 : all.length !== 0)
      fail(`section ${name} has more than ${count} lines`);
    return list;
  };
  const n = header.places;
  const nameBlob = section('names', 'u8');
  const nameEnds = section('nameEnds', 'u32');
  if (nameEnds.length !== n || (n > 0 && nameEnds[n - 1] !== nameBlob.length))
    fail('names do not fit their ends');
  for (let i = 1; i < n; i++) if (nameEnds[i]! < nameEnds[i - 1]!) fail('names out of order');
  const countries = section('countries', 'u16');
  const admins = section('admins', 'u16');
  const columns: PlaceColumns = {
    names: new PackedTexts(Buffer.from(buffer, nameBlob.byteOffset, nameBlob.length), nameEnds),
    countryCodes: Array.from(countries, (i) => header.countries[i] ?? fail('country code out of its table')),
    adminCodes: Array.from(admins, (i) => header.admins[i] ?? fail('division code out of its table')),
    populations: section('populations', 'u32'),
    lons: section('lons', 'f64'),
    lats: section('lats', 'f64'),
  };
  for (const c of [
    columns.countryCodes,
    columns.adminCodes,
    columns.populations,
    columns.lons,
    columns.lats,
  ]) {
    if (c.length !== n) fail('columns of unequal length');
  }
  const offsets = section('offsets', 'i32');
  const keys = text('keys', Math.max(0, offsets.length - 1));
  const parts: PlaceIndexParts = {
    keys,
    offsets,
    postings: section('postings', 'i32'),
    wordCounts: section('wordCounts', 'u8'),
    fuzzy: {
      grams: section('fuzzyGrams', 'u32'),
      offsets: section('fuzzyOffsets', 'i32'),
      postings: section('fuzzyPostings', 'i32'),
    },
  };
  return { columns, parts };
}

/** Reads a compact file into a buffer of its own (so its sections are read in place). */
export function readPlaceFile(file: string): { columns: PlaceColumns; parts: PlaceIndexParts } {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const buffer = new ArrayBuffer(size);
    const bytes = new Uint8Array(buffer);
    let read = 0;
    while (read < size) {
      const got = fs.readSync(fd, bytes, read, size - read, read);
      if (got === 0) throw new Error(`place cache: ${file} ended early`);
      read += got;
    }
    return decodePlaces(buffer);
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes `bytes` to `file` whole or not at all (another process may be writing the same file). */
export function writePlaceFile(file: string, bytes: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    fs.writeFileSync(temp, bytes);
    fs.renameSync(temp, file);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
