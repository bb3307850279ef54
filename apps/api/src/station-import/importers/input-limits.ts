import fs from 'node:fs';

/**
 * The most one input of an import may hold. The real lists sit far below each limit: the largest is 4 MB with
 * 92,813 lines (MIMIT's price file, all of Italy), the longest JSON list holds 10,580 items (the India
 * dataset) and the deepest nests 8 levels (the MultiPolygons of india_states.geojson). A file built to
 * exhaust memory or the stack is refused before it is parsed:
 * - `bytes`: the text, counted as it is read (a download too, after decompression);
 * - `items`: the lines of a CSV, or the items of any one JSON list or object (stations, or the vertices of
 *   one geometry);
 * - `depth`: how deep JSON values nest. JSON.parse copes with 100,000 levels, but the parsed tree is then
 *   walked by recursive code (String(), JSON.stringify), which overflows the stack.
 */
export const INPUT_LIMITS = { bytes: 100 * 2 ** 20, items: 500_000, depth: 64 } as const;

const n = (x: number) => x.toLocaleString('en-US');
const LIMIT = `${n(INPUT_LIMITS.bytes)} (100 MiB)`;

const [QUOTE, BACKSLASH, COMMA, LF, CR] = [0x22, 0x5c, 0x2c, 0x0a, 0x0d];
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]
const BLANKS = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]); // white space and a UTF-8 BOM

/** What an input is read as: JSON, lines of text (CSV, an HTML table), or decided by its first visible byte. */
export type InputKind = 'json' | 'lines' | 'detect';

/**
 * Follows the bytes of one input as they are read and names the first limit they pass. JSON is followed
 * structurally: strings, nesting and the commas of each open list or object. Lines are counted at every line
 * break a CSV reader knows (LF, CRLF, and a CR alone). With `detect`, JSON is what starts with `{` or `[`;
 * importers that know their format say it, so that a CSV cannot pass as JSON, nor JSON as lines. The
 * characters looked at are ASCII, and no byte of a multi-byte UTF-8 character is ASCII, so chunks may split
 * the text anywhere.
 */
export class InputShape {
  private bytes = 0;
  private lines = 0;
  private afterCR = false;
  private inString = false;
  private escaped = false;
  /** Commas so far in each open list or object, outermost first. */
  private commas: number[] = [];
  private problem: string | null = null;

  constructor(private kind: InputKind = 'detect') {}

  /** Follows the next chunk; false once a limit is passed (problem() then says which). */
  feed(chunk: Uint8Array): boolean {
    if (this.problem) return false;
    this.bytes += chunk.byteLength;
    if (this.bytes > INPUT_LIMITS.bytes) {
      this.problem = `holds more than ${LIMIT} bytes, the most an input may hold`;
      return false;
    }
    if (this.kind === 'detect') {
      let i = 0;
      while (i < chunk.length && BLANKS.has(chunk[i]!)) i++;
      if (i === chunk.length) {
        this.countLines(chunk); // blank lines still count, in case the rest is lines
        return this.problem === null;
      }
      this.kind = OPENERS.has(chunk[i]!) ? 'json' : 'lines';
    }
    if (this.kind === 'lines') this.countLines(chunk);
    else this.followJson(chunk);
    return this.problem === null;
  }

  private countLines(chunk: Uint8Array) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      const lineBreak = c === CR || (c === LF && !this.afterCR);
      this.afterCR = c === CR;
      if (lineBreak && ++this.lines > INPUT_LIMITS.items) {
        this.problem = `has more than ${n(INPUT_LIMITS.items)} lines, the most an input may hold`;
        return;
      }
    }
  }

  private followJson(chunk: Uint8Array) {
    const commas = this.commas;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) this.inString = true;
      else if (OPENERS.has(c)) {
        if (commas.push(0) > INPUT_LIMITS.depth) {
          this.problem = `nests values more than ${INPUT_LIMITS.depth} deep, deeper than any station list`;
          return;
        }
      } else if (CLOSERS.has(c)) commas.pop();
      else if (c === COMMA && commas.length > 0 && ++commas[commas.length - 1]! >= INPUT_LIMITS.items) {
        this.problem = `holds a list or object of more than ${n(INPUT_LIMITS.items)} items, the most an input may hold`;
        return;
      }
    }
  }

  /** Throws, naming the input and the limit, once a limit is passed. */
  refuse(input: string): void {
    if (this.problem) throw new Error(`${input} ${this.problem}`);
  }
}

/** Refuses a file by its size before a byte of it is read. */
export function refuseFileSize(bytes: number, input: string): void {
  if (bytes > INPUT_LIMITS.bytes)
    throw new Error(`${input} holds ${n(bytes)} bytes, more than the ${LIMIT} an input may hold`);
}

/** UTF-8 as fetch's `text()` decodes it: a leading byte-order mark dropped, a broken byte U+FFFD. */
const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes);

/**
 * Reads an input's chunks (a file's stream, a response's body) to the end and decodes them as UTF-8,
 * refusing as soon as they pass a limit: no more than INPUT_LIMITS.bytes is ever held, and the source
 * stops being read (leaving the loop early destroys a file stream and cancels a download).
 */
export async function readLimited(
  chunks: AsyncIterable<Uint8Array>,
  input: string,
  kind: InputKind = 'detect',
): Promise<string> {
  const shape = new InputShape(kind);
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) {
    if (!shape.feed(chunk)) shape.refuse(input);
    parts.push(chunk);
  }
  return decode(Buffer.concat(parts));
}

/** readLimited for a local file read at once (the regions file, a mapping file), its size checked first. */
export function readFileLimitedSync(file: string, kind: InputKind = 'detect'): string {
  refuseFileSize(fs.statSync(file).size, file);
  const buffer = fs.readFileSync(file);
  const shape = new InputShape(kind);
  if (!shape.feed(buffer)) shape.refuse(file);
  return decode(buffer);
}
