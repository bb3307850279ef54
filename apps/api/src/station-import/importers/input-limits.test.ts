import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, type InputKind, InputShape, readLimited, refuseFileSize } from './input-limits';

const { items, depth, bytes } = INPUT_LIMITS;

/** The refusal of `text` fed to an InputShape in chunks of `chunk` bytes, or null when it passes. */
function refusal(text: string | Buffer, kind: InputKind = 'detect', chunk = 1 << 16): string | null {
  const buffer = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const shape = new InputShape(kind);
  for (let at = 0; at < buffer.length; at += chunk) shape.feed(buffer.subarray(at, at + chunk));
  try {
    shape.refuse('x');
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

const list = (n: number) => `[${Array.from({ length: n }, () => '0').join(',')}]`;
const lines = (n: number, eol: string) => 'a;b\n'.replace('\n', eol).repeat(n);

describe('the input limits, at and one past each', () => {
  it('takes a JSON list of exactly 500,000 items, and refuses 500,001', () => {
    expect(refusal(list(items))).toBeNull();
    expect(refusal(list(items + 1))).toBe(
      'x holds a list or object of more than 500,000 items, the most an input may hold',
    );
    expect(refusal(`{"a":${list(items + 1)}}`)).toMatch(/more than 500,000 items/);
  });

  it('takes JSON nested exactly 64 deep, and refuses 65', () => {
    expect(refusal(`${'['.repeat(depth)}${']'.repeat(depth)}`)).toBeNull();
    expect(refusal(`${'['.repeat(depth + 1)}${']'.repeat(depth + 1)}`)).toBe(
      'x nests values more than 64 deep, deeper than any station list',
    );
  });

  it('counts 500,000 lines as lines whatever their ending, and refuses one more', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      expect(refusal(lines(items, eol)), JSON.stringify(eol)).toBeNull();
      expect(refusal(lines(items + 1, eol)), JSON.stringify(eol)).toBe(
        'x has more than 500,000 lines, the most an input may hold',
      );
    }
  });

  it('counts a CRLF split between two chunks once', () => {
    expect(refusal(lines(items, '\r\n'), 'lines', 4)).toBeNull();
    expect(refusal(lines(items, '\r\n'), 'lines', 5)).toBeNull();
  });

  it('reads what the importer says it parses: a CSV that starts with "[" is still lines', () => {
    const csv = `[id;name\n${lines(items + 1, '\n')}`;
    expect(refusal(csv, 'detect')).toBeNull(); // followed as JSON, it would pass
    expect(refusal(csv, 'lines')).toMatch(/more than 500,000 lines/);
    // JSON that starts with a blank or a byte-order mark is still JSON, and its lines do not count.
    const pretty = `\uFEFF\n[\n${Array.from({ length: 10 }, () => '0').join(`,${'\n'.repeat(60_000)}`)}\n]`;
    expect(refusal(pretty, 'json')).toBeNull();
  });

  it('follows strings and escapes across chunk boundaries, one byte at a time', () => {
    // Commas and brackets inside a string are text; an escaped quote does not end the string, an escaped
    // backslash before a quote does.
    const inString = `["\\"${','.repeat(items + 1)}${'['.repeat(depth + 1)}"]`;
    expect(JSON.parse(inString)).toHaveLength(1);
    expect(refusal(inString, 'json', 1)).toBeNull();
    const afterString = `["\\\\"${','.repeat(items + 1)}]`;
    expect(refusal(afterString, 'json', 1)).toMatch(/more than 500,000 items/);
  });

  it('refuses a file one byte past 100 MiB by its size, and takes one of exactly 100 MiB', () => {
    expect(() => refuseFileSize(bytes, 'x')).not.toThrow();
    expect(() => refuseFileSize(bytes + 1, 'x')).toThrow(
      'x holds 104,857,601 bytes, more than the 104,857,600 (100 MiB) an input may hold',
    );
  });

  it('reads a stream of exactly 100 MiB, and refuses one byte more as it arrives', async () => {
    async function* stream(total: number) {
      const mib = Buffer.alloc(1 << 20, 'a');
      for (let sent = 0; sent < total; sent += mib.length)
        yield mib.subarray(0, Math.min(mib.length, total - sent));
    }
    expect((await readLimited(stream(bytes), 'x')).length).toBe(bytes);
    await expect(readLimited(stream(bytes + 1), 'x')).rejects.toThrow(
      'x holds more than 104,857,600 (100 MiB) bytes, the most an input may hold',
    );
  });

  it('decodes as fetch does: a leading byte-order mark dropped, a broken byte U+FFFD', async () => {
    async function* once(b: Buffer) {
      yield b;
    }
    const text = await readLimited(once(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0x20, 0xe9, 0x20])), 'x');
    expect(text).toBe('{} \uFFFD ');
  });
});
