import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import {
  layOutSections,
  openSections,
  readSectionHeader,
  type SectionArray,
  type SectionKind,
} from '../lib/section-file';
import type { StationIndexParts } from './station-index-parts';

/**
 * A built station index kept in a file beside the SQLite database, so that a restart on unchanged data reads
 * it in a fraction of a second instead of building it again (ADR 0024). It is used only when it was made from
 * the database's current revision (station_index_revision, moved by the database on every write to the
 * indexed tables) and by this very code (`codeIdentity`); anything else, a damaged file included, is ignored
 * and the index built as without it.
 *
 * Layout: a section file (src/lib/section-file.ts) with the magic "CNGINDEX": typed arrays as they are, read in
 * place; lists of strings as JSON text in u8 sections.
 */
const MAGIC = 'CNGINDEX';
const FORMAT = 1;

/** The snapshot's own header fields. */
interface SnapshotFields {
  format: number;
  code: string;
  revision: string;
  stations: number;
  blocks: number;
  searchSize: number;
  /** CRC-32 of every section's bytes in order: a file whose data were lost but not its length is refused. */
  crc: number;
}

/** Where the snapshot of the index of the SQLite database at `sqlitePath` is kept. */
export const snapshotPathOf = (sqlitePath: string) => `${sqlitePath}.station-index`;

let identity: string | undefined;

/**
 * What identifies the code that builds the index: a SHA-256 of the name and content of every file beside this one
 * (the bundle's files under dist/, or this folder's sources under tsx) and of the shared package's sources, and
 * the versions of Node, V8 and ICU. A snapshot from other code, whose packed rows or search terms may differ, is
 * not read; the same code built again (`npm start` builds before it serves) keeps its snapshots. Worked out once
 * per process: about a MB of files.
 */
function codeIdentity(): string {
  if (identity !== undefined) return identity;
  const dirs = [path.dirname(fileURLToPath(import.meta.url))];
  try {
    dirs.push(path.dirname(fileURLToPath(import.meta.resolve('@cng/shared'))));
  } catch {
    // Bundled: the shared package is inside the bundle's files.
  }
  const hash = crypto.createHash('sha256');
  for (const dir of dirs)
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
      hash.update(`${name}\0`).update(fs.readFileSync(file)).update('\0');
    }
  // The runtime too: ICU folds the search's words, and a new Node may format numbers or text otherwise.
  const { node, v8, icu } = process.versions;
  identity = `${hash.digest('hex')};node ${node};v8 ${v8};icu ${icu ?? 'none'}`;
  return identity;
}

/** A list of strings as a section: its JSON text. */
const stringsSection = (list: readonly string[]) => Buffer.from(JSON.stringify(list));

/** The sections of `parts`. */
function sectionsOf(parts: StationIndexParts): [string, SectionKind, SectionArray][] {
  const { search } = parts;
  return [
    ['ids', 'u8', stringsSection(parts.ids)],
    ['lons', 'f64', parts.lons],
    ['lats', 'f64', parts.lats],
    ['blockOf', 'u16', parts.blockOf],
    ['ends', 'u32', parts.ends],
    ['operatorTexts', 'u8', stringsSection(parts.operatorTexts)],
    ['operatorOf', 'u32', parts.operatorOf],
    ...parts.blocks.map((b, i): [string, SectionKind, SectionArray] => [`block${i}`, 'u8', b]),
    ['terms', 'u8', stringsSection(search.terms)],
    ['sorted', 'i32', search.sorted],
    ['offsets', 'i32', search.offsets],
    ['docs', 'i32', search.docs],
    ['freqs', 'u16', search.freqs],
    ['fieldLengths', 'u16', search.fieldLengths],
    ['avgFieldLength', 'f64', search.avgFieldLength],
  ];
}

/**
 * Writes the snapshot of `parts`, built from the database at `revision`, to `file`: to a temporary file first,
 * renamed over `file` once complete, so a reader never sees half of one. The writes run on libuv's threads and
 * copy nothing: the typed arrays are written as they are.
 */
export async function writeSnapshot(file: string, revision: string, parts: StationIndexParts): Promise<void> {
  const fields: SnapshotFields = {
    format: FORMAT,
    code: codeIdentity(),
    revision,
    stations: parts.ids.length,
    blocks: parts.blocks.length,
    searchSize: parts.search.size,
    crc: 0,
  };
  const sections = sectionsOf(parts);
  for (const [, , data] of sections) fields.crc = zlib.crc32(bytesOf(data), fields.crc);
  const { chunks } = layOutSections(MAGIC, fields, sections);
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  const handle = await fs.promises.open(tmp, 'w');
  try {
    // writev takes at most IOV_MAX (1,024) buffers at once.
    for (let i = 0; i < chunks.length; i += 512) await handle.writev(chunks.slice(i, i + 512));
    // On disk before the rename makes it the snapshot: after a power cut, the old file or the whole new one.
    await handle.sync();
    await handle.close();
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}

/** Why a snapshot was not read, or the index's data read from it. */
export type SnapshotRead = { parts: StationIndexParts } | { unusable: string };

/**
 * The index's data from the snapshot in `file`, when it was made from the database at `revision` by this code;
 * else why not (no file, another revision or code, a damaged file).
 */
export function readSnapshot(file: string, revision: string): SnapshotRead {
  let bytes: Buffer;
  try {
    // Its header first: a snapshot of another revision (after every change, mostly) is refused before its
    // hundred MB are read.
    const stale = staleReason(file, revision);
    if (stale) return { unusable: stale };
    // Into memory of its own (not Node's pool), so its sections start on 8-byte boundaries.
    bytes = fs.readFileSync(file);
  } catch (err) {
    return { unusable: (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'none' : String(err) };
  }
  try {
    const aligned = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
    const { header, section } = openSections<SnapshotFields>(aligned, MAGIC, 'station index snapshot');
    const stale = staleReasonOf(header, revision);
    if (stale) return { unusable: stale };
    let crc = 0;
    for (const { name, kind } of header.sections) crc = zlib.crc32(bytesOf(section(name, kind)), crc);
    if (crc !== header.crc) return { unusable: 'damaged: its data do not match their checksum' };
    const strings = (name: string) => {
      const text = section(name, 'u8');
      return JSON.parse(
        Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8'),
      ) as string[];
    };
    const parts: StationIndexParts = {
      ids: strings('ids'),
      lons: section('lons', 'f64'),
      lats: section('lats', 'f64'),
      blocks: Array.from({ length: header.blocks }, (_, i) => section(`block${i}`, 'u8')),
      blockOf: section('blockOf', 'u16'),
      ends: section('ends', 'u32'),
      operatorTexts: strings('operatorTexts'),
      operatorOf: section('operatorOf', 'u32'),
      search: {
        size: header.searchSize,
        terms: strings('terms'),
        sorted: section('sorted', 'i32'),
        offsets: section('offsets', 'i32'),
        docs: section('docs', 'i32'),
        freqs: section('freqs', 'u16'),
        fieldLengths: section('fieldLengths', 'u16'),
        avgFieldLength: section('avgFieldLength', 'f64'),
      },
    };
    const perStation = [parts.ids, parts.lons, parts.lats, parts.blockOf, parts.ends, parts.operatorOf];
    if (perStation.some((list) => list.length !== header.stations) || parts.search.size !== header.stations)
      return { unusable: 'damaged: a per-station section has the wrong length' };
    return { parts };
  } catch (err) {
    return { unusable: `damaged: ${(err as Error).message}` };
  }
}

/** A typed array's bytes. */
const bytesOf = (a: SectionArray) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Why a snapshot with this header may not be used for the database at `revision`, or null. */
function staleReasonOf(header: SnapshotFields, revision: string): string | null {
  if (header.format !== FORMAT) return `format ${header.format}`;
  if (header.revision !== revision) return `revision ${header.revision}, database ${revision}`;
  if (header.code !== codeIdentity()) return 'made by other code';
  return null;
}

/** staleReasonOf the header of `file`, read alone; null also when it is no header (the whole read says why). */
function staleReason(file: string, revision: string): string | null {
  const header = readSectionHeader<SnapshotFields>(file, MAGIC);
  return header ? staleReasonOf(header, revision) : null;
}
