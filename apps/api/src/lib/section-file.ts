import fs from 'node:fs';

/**
 * A file of typed arrays read in place: the gazetteer's compact file (ADR 0011) and the station index's snapshot
 * (ADR 0024). Layout: an 8-character magic (latin1), the header's byte length (uint32 LE), 4 bytes unused, the
 * header (JSON: the file's own fields, each section's name, kind, byte offset and length in elements, and the
 * file's length), then the sections, each starting at a multiple of 8 so it is viewed as its typed array
 * without a copy.
 */

export type SectionKind = 'u8' | 'u16' | 'u32' | 'i32' | 'f64';
export type SectionArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;
const CONSTRUCTORS = {
  u8: Uint8Array,
  u16: Uint16Array,
  u32: Uint32Array,
  i32: Int32Array,
  f64: Float64Array,
} as const;
type ArrayOf<K extends SectionKind> = InstanceType<(typeof CONSTRUCTORS)[K]>;

export interface SectionEntry {
  name: string;
  kind: SectionKind;
  offset: number;
  /** In elements of its kind. */
  length: number;
}

/** What every header holds besides the file's own fields. */
export interface SectionHeader {
  sections: SectionEntry[];
  /** The file's length. */
  bytes: number;
}

/** Bytes before the header: magic, header length, 4 unused. */
const LEAD = 16;
const align = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The file of `sections` with the header fields `fields`, as chunks to write one after another (the header and
 * padding in chunks of their own, each section's bytes as they are: no copy of the data), and its header.
 */
export function layOutSections<H extends object>(
  magic: string,
  fields: H,
  sections: readonly (readonly [name: string, kind: SectionKind, data: SectionArray])[],
): { header: H & SectionHeader; chunks: Uint8Array[] } {
  if (magic.length !== 8) throw new Error(`section file: the magic must be 8 characters, not ${magic}`);
  const headerAt = (start: number): H & SectionHeader => {
    let offset = start;
    const placed = sections.map(([name, kind, data]) => {
      const at = offset;
      offset = align(offset + data.byteLength);
      return { name, kind, offset: at, length: data.length };
    });
    return { ...fields, sections: placed, bytes: offset };
  };
  // The header's length depends on the offsets it lists, which depend on its length: settle it in a few passes.
  let json = JSON.stringify(headerAt(0));
  for (let pass = 0; pass < 4; pass++) {
    const next = JSON.stringify(headerAt(align(LEAD + Buffer.byteLength(json))));
    if (next === json) break;
    json = next;
  }
  const header = JSON.parse(json) as H & SectionHeader;
  const first = header.sections[0]?.offset ?? header.bytes;
  if (first < LEAD + Buffer.byteLength(json))
    throw new Error('section file: the header overlaps its sections');
  const lead = Buffer.alloc(first);
  lead.write(magic, 0, 'latin1');
  lead.writeUInt32LE(Buffer.byteLength(json), 8);
  lead.write(json, LEAD, 'utf8');
  const chunks: Uint8Array[] = [lead];
  let at = first;
  sections.forEach(([, , data], i) => {
    const { offset } = header.sections[i]!;
    if (offset > at) chunks.push(Buffer.alloc(offset - at));
    chunks.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    at = offset + data.byteLength;
  });
  if (header.bytes > at) chunks.push(Buffer.alloc(header.bytes - at));
  return { header, chunks };
}

/** The file of layOutSections as one Buffer. */
export function encodeSections<H extends object>(
  magic: string,
  fields: H,
  sections: readonly (readonly [name: string, kind: SectionKind, data: SectionArray])[],
): Buffer {
  return Buffer.concat(layOutSections(magic, fields, sections).chunks);
}

/** A file's header and its sections, viewed in place. */
export interface OpenedSections<H> {
  header: H & SectionHeader;
  /** The section `name` as its typed array (a view of the file's bytes); throws if it is missing or not `kind`. */
  section<K extends SectionKind>(name: string, kind: K): ArrayOf<K>;
}

/**
 * Opens the bytes of a section file whose magic is `magic`. Throws `<what>: <why>` when they are not one whole
 * such file: another magic, a cut-off header or file, a section out of bounds. `bytes` must start on an 8-byte
 * boundary of its buffer (a file read into a buffer of its own does).
 */
export function openSections<H extends object>(
  bytes: Uint8Array,
  magic: string,
  what: string,
): OpenedSections<H> {
  const fail = (why: string): never => {
    throw new Error(`${what}: ${why}`);
  };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < LEAD || buffer.toString('latin1', 0, 8) !== magic) fail(`not a ${what}`);
  if (bytes.byteOffset % 8 !== 0) fail('not on an 8-byte boundary in memory');
  const headerBytes = buffer.readUInt32LE(8);
  if (LEAD + headerBytes > buffer.length) fail('truncated header');
  const header = JSON.parse(buffer.toString('utf8', LEAD, LEAD + headerBytes)) as H & SectionHeader;
  if (header.bytes !== buffer.length) fail(`${buffer.length} bytes, not ${header.bytes}`);
  return {
    header,
    section<K extends SectionKind>(name: string, kind: K): ArrayOf<K> {
      const s = header.sections.find((x) => x.name === name) ?? fail(`no section ${name}`);
      if (s.kind !== kind) fail(`section ${name} is ${s.kind}, not ${kind}`);
      const Ctor = CONSTRUCTORS[kind];
      if (s.offset % 8 !== 0 || s.offset + s.length * Ctor.BYTES_PER_ELEMENT > buffer.length)
        fail(`section ${name} is out of bounds`);
      return new Ctor(bytes.buffer as ArrayBuffer, bytes.byteOffset + s.offset, s.length) as ArrayOf<K>;
    },
  };
}

/** Longest header readSectionHeader reads (a header is a few KB). */
const MAX_HEADER_BYTES = 1 << 24;

/**
 * The header of the section file `file`, read alone (not the sections): to decide whether a large file is worth
 * reading whole. Null when it is not a whole header of a file with the magic `magic`; throws when the file
 * cannot be opened.
 */
export function readSectionHeader<H extends object>(file: string, magic: string): (H & SectionHeader) | null {
  const fd = fs.openSync(file, 'r');
  try {
    const lead = Buffer.alloc(LEAD);
    if (fs.readSync(fd, lead, 0, LEAD, 0) < LEAD || lead.toString('latin1', 0, 8) !== magic) return null;
    const length = lead.readUInt32LE(8);
    if (length > MAX_HEADER_BYTES) return null;
    const json = Buffer.alloc(length);
    if (fs.readSync(fd, json, 0, length, LEAD) < length) return null;
    return JSON.parse(json.toString('utf8')) as H & SectionHeader;
  } catch (err) {
    if (err instanceof SyntaxError) return null;
    throw err;
  } finally {
    fs.closeSync(fd);
  }
}
