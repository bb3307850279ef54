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

const [QUOTE, BACKSLASH, COMMA, LF] = [0x22, 0x5c, 0x2c, 0x0a];
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]
const BLANKS = new Set([0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf]); // white space and a UTF-8 BOM

/**
 * Follows the bytes of one input as they are read and names the first limit they pass. JSON (the first
 * visible character is `{` or `[`) is followed structurally: strings, nesting and the commas of each open
 * list or object. Anything else is counted in lines. The characters it looks at are ASCII, and no byte of a
 * multi-byte UTF-8 character is ASCII, so chunks may split the text anywhere.
 */
export class InputShape {
  private kind: 'unknown' | 'json' | 'lines' = 'unknown';
  private lines = 0;
  private inString = false;
  private escaped = false;
  /** Commas so far in each open list or object, outermost first. */
  private commas: number[] = [];
  private problem: string | null = null;

  /** Follows the next chunk; false once a limit is passed (problem() then says which). */
  feed(chunk: Uint8Array): boolean {
    if (this.problem) return false;
    let i = 0;
    if (this.kind === 'unknown') {
      while (i < chunk.length && BLANKS.has(chunk[i]!)) i++;
      if (i === chunk.length) return true;
      this.kind = OPENERS.has(chunk[i]!) ? 'json' : 'lines';
    }
    if (this.kind === 'lines') this.countLines(chunk, i);
    else this.followJson(chunk, i);
    return this.problem === null;
  }

  private countLines(chunk: Uint8Array, from: number) {
    for (let i = chunk.indexOf(LF, from); i >= 0; i = chunk.indexOf(LF, i + 1)) {
      if (++this.lines > INPUT_LIMITS.items) {
        this.problem = `has more than ${n(INPUT_LIMITS.items)} lines, the most an input may hold`;
        return;
      }
    }
  }

  private followJson(chunk: Uint8Array, from: number) {
    const commas = this.commas;
    for (let i = from; i < chunk.length; i++) {
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

/**
 * Reads an input's chunks (a file's stream, a response's body) to the end and decodes them as UTF-8,
 * refusing as soon as they pass a limit: no more than INPUT_LIMITS.bytes is ever held, and the source
 * stops being read (a stream that ends early is destroyed, a download cancelled).
 */
export async function readLimited(chunks: AsyncIterable<Uint8Array>, input: string): Promise<string> {
  const shape = new InputShape();
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (total > INPUT_LIMITS.bytes)
      throw new Error(`${input} holds more than ${LIMIT} bytes, the most an input may hold`);
    if (!shape.feed(chunk)) shape.refuse(input);
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** readLimited for a local file read at once (the regions file), with the size checked first. */
export function readFileLimitedSync(file: string): string {
  refuseFileSize(fs.statSync(file).size, file);
  const buffer = fs.readFileSync(file);
  refuseFileSize(buffer.byteLength, file);
  const shape = new InputShape();
  if (!shape.feed(buffer)) shape.refuse(file);
  return buffer.toString('utf8');
}
