import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

const CHUNK_BYTES = 1 << 20;
const FEATURES_KEY = /"features"\s*:\s*$/;

/**
 * Reads the file of a GeoJSON FeatureCollection a megabyte at a time and hands each element of its top-level
 * `features` array, parsed on its own, to `map`: neither the whole text nor the whole parsed tree is ever in
 * memory (a list of 200,000 stations is ~75 MB of text and several hundred MB as one tree).
 *
 * Returns the mapped features and the rest of the top-level object (its `features` an empty array), or null
 * whenever the file is anything but a well-formed object with exactly one `features` array: an empty array,
 * broken JSON, a missing file. The caller then reads the file whole, as before, and reports what is wrong
 * with the same message; nothing mapped here is kept in that case.
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
  let count = 0;
  let pending: string | null = null;
  const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  const decoder = new StringDecoder('utf8');
  let top = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let started = false;
  /** 0: before the features array, 1: inside it, 2: after it. */
  let stage = 0;
  /** The current element of `features`, in pieces when it spans chunks. */
  let element: string[] | null = null;
  const emit = (text: string) => {
    pending = text;
  };
  try {
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, CHUNK_BYTES, null);
      const s = read === 0 ? decoder.end() : decoder.write(buffer.subarray(0, read));
      // Where the current run of top-level text, or of the current element, began in this chunk.
      let topFrom = stage === 1 ? -1 : 0;
      let elementFrom = element ? 0 : -1;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 92) escaped = true;
          else if (c === 34) inString = false;
          continue;
        }
        if (c === 32 || c === 10 || c === 13 || c === 9) continue;
        if (!started) {
          if (c !== 123) return null; // not an object
          started = true;
        }
        const inFeatures = stage === 1 && depth === 2;
        if (inFeatures && elementFrom < 0 && c !== 44 && c !== 93) {
          element = [];
          elementFrom = i;
        }
        if (c === 34) inString = true;
        else if (c === 123 || c === 91) {
          if (
            c === 91 &&
            depth === 1 &&
            !inFeatures &&
            FEATURES_KEY.test((top + s.slice(topFrom, i)).slice(-64))
          ) {
            if (stage !== 0) return null; // a second `features`
            top += s.slice(topFrom, i + 1);
            topFrom = -1;
            stage = 1;
          }
          depth++;
        } else if (c === 125 || c === 93) {
          depth--;
          if (depth < 0) return null;
          if (stage === 1 && depth === 2 && elementFrom >= 0) {
            element!.push(s.slice(elementFrom, i + 1));
            emit(element!.join(''));
            element = null;
            elementFrom = -1;
          } else if (stage === 1 && depth === 1) {
            if (elementFrom >= 0) {
              element!.push(s.slice(elementFrom, i));
              emit(element!.join(''));
              element = null;
              elementFrom = -1;
            }
            stage = 2;
            topFrom = i;
          }
        } else if (c === 44 && inFeatures && elementFrom >= 0) {
          // The end of an element that is not an object or array (a number, null, a string).
          element!.push(s.slice(elementFrom, i));
          emit(element!.join(''));
          element = null;
          elementFrom = -1;
        }
        if (pending !== null) {
          let feature: unknown;
          try {
            feature = JSON.parse(pending);
          } catch {
            return null; // an element that is not JSON: the whole-file parse names the place
          }
          pending = null;
          count++;
          yield feature;
        }
      }
      if (topFrom >= 0) top += s.slice(topFrom);
      if (elementFrom >= 0) element!.push(s.slice(elementFrom));
      if (read === 0) break;
    }
  } finally {
    fs.closeSync(fd);
  }
  if (stage !== 2 || depth !== 0 || inString || count === 0) return null;
  try {
    const parsed = JSON.parse(top) as unknown;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const rest = parsed as Record<string, unknown>;
    if (!Array.isArray(rest.features) || rest.features.length !== 0) return null;
    return rest;
  } catch {
    return null;
  }
}
