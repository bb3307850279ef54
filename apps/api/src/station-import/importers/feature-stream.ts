import fs from 'node:fs';
import { JSONParser } from '@streamparser/json';
import { INPUT_LIMITS, InputShape, refuseFileSize } from './input-limits';

const CHUNK_BYTES = 1 << 20;

/**
 * Reads the file of a GeoJSON FeatureCollection a megabyte at a time and hands each element of its top-level
 * `features` array, parsed on its own, to `map`: neither the whole text nor the whole parsed tree is ever in
 * memory (a list of 200,000 stations is ~75 MB of text and several hundred MB as one tree). The parsing is
 * @streamparser/json's; this file only says which values to keep.
 *
 * Returns the mapped features and the rest of the top-level object (its `features` an empty array), or null
 * whenever the file is anything but a well-formed object with exactly one `features` array: an empty array,
 * broken JSON, a missing file. The caller then reads the file whole (readInput) and reports what is wrong;
 * nothing mapped here is kept in that case. A file past INPUT_LIMITS (input-limits.ts) is refused instead:
 * the reading stops at once and throws, naming the file and the limit.
 */
export function readFeatureStream<T>(
  file: string,
  map: (feature: unknown, index: number) => T,
): { top: Record<string, unknown>; features: T[] } | null {
  const scan = scanFeatures(file);
  const features: T[] = [];
  for (const feature of scan.features) features.push(map(feature, features.length));
  const top = scan.top();
  return top ? { top, features } : null;
}

/**
 * readFeatureStream as a pull: `features` yields each parsed element of `features` as it is read, so a caller
 * can validate one row at a time and keep only what it accepts; once they are all read, `top()` is the rest
 * of the object, or null when the file turned out not to be one well-formed object with exactly one non-empty
 * `features` array (then whatever the caller made of the features so far must be thrown away).
 */
export function scanFeatures(file: string): {
  features: Generator<unknown, void, undefined>;
  top(): Record<string, unknown> | null;
} {
  let result: Record<string, unknown> | null = null;
  let done = false;
  return {
    features: (function* () {
      result = yield* scan(file);
      done = true;
    })(),
    top: () => (done ? result : null),
  };
}

function* scan(file: string): Generator<unknown, Record<string, unknown> | null, undefined> {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  const size = fs.fstatSync(fd).size;
  if (size > INPUT_LIMITS.bytes) {
    fs.closeSync(fd);
    refuseFileSize(size, file);
  }
  const shape = new InputShape('json');
  let withinLimits = true;
  // `$.*` hands over each top-level member once it is complete, and `$.features.*` each feature; no other
  // value is kept (keepStack: false). The features array itself would keep every feature until its end, so
  // each one is dropped from it as soon as it is handed over.
  const parser = new JSONParser({ paths: ['$.features.*', '$.*'], keepStack: false });
  const ready: unknown[] = [];
  const top: Record<string, unknown> = {};
  let count = 0;
  let wellFormed = true;
  parser.onValue = ({ value, key, parent, stack }) => {
    if (stack.length === 2 && stack[1]?.key === 'features') {
      ready.push(value);
      if (Array.isArray(parent)) parent.length = 0;
    } else if (stack.length === 1) {
      if (typeof key !== 'string' || Object.hasOwn(top, key))
        wellFormed = false; // an array, or a key twice
      else if (key === 'features') {
        if (Array.isArray(value)) top.features = [];
        else wellFormed = false;
      } else top[key] = value;
    }
  };
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  try {
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, CHUNK_BYTES, null);
      if (read === 0) break;
      // Past a limit, before the parser builds anything from the chunk: refused below.
      withinLimits = shape.feed(buffer.subarray(0, read));
      if (!withinLimits) break;
      parser.write(buffer.subarray(0, read));
      if (!wellFormed) return null;
      for (const feature of ready) {
        count++;
        yield feature;
      }
      ready.length = 0;
    }
    if (withinLimits && !parser.isEnded) return null; // the text stopped inside the object
  } catch {
    return null; // broken JSON, or text after the object: the whole-file parse names the place
  } finally {
    fs.closeSync(fd);
  }
  shape.refuse(file);
  return wellFormed && count > 0 && Array.isArray(top.features) ? top : null;
}
