import fs from 'node:fs';
import { INPUT_LIMITS, type InputKind, readLimited, refuseFileSize } from './input-limits';

export interface ReadOptions {
  /** Give up on a URL after this many milliseconds. */
  timeoutMs?: number;
  /** Extra fetch options (method, body, headers) for URLs. */
  init?: RequestInit;
  /** What the text is read as, for the limits (input-limits.ts); by default decided by its first byte. */
  kind?: InputKind;
}

/** True when the argument names a URL rather than a local file. */
export const isUrl = (input: string): boolean => /^https?:\/\//i.test(input);

/**
 * Reads a local file or downloads a URL as text; throws an error that names the input. Either is refused
 * as soon as it passes INPUT_LIMITS (input-limits.ts): a file too big by its size, before it is read.
 */
export async function readInput(input: string, options: ReadOptions = {}): Promise<string> {
  if (!isUrl(input)) {
    const cannot = (err: unknown) =>
      new Error(`Cannot read ${input}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    let size: number;
    try {
      size = (await fs.promises.stat(input)).size;
    } catch (err) {
      throw cannot(err);
    }
    refuseFileSize(size, input);
    const stream = fs.createReadStream(input);
    // A read error arrives through the iteration below; this only names it.
    return await readLimited(stream, input, options.kind).catch((err: NodeJS.ErrnoException) => {
      throw err.code ? cannot(err) : err;
    });
  }
  const timeoutMs = options.timeoutMs ?? 60_000;
  let res: Response;
  try {
    res = await fetch(input, { ...options.init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    const why = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.message);
    throw new Error(`Cannot download ${redact(input)}: ${why}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`Cannot download ${redact(input)}: HTTP ${res.status} ${res.statusText}`);
  }
  return await readBody(res, redact(input), options.kind);
}

/**
 * A response's body as text, refused past INPUT_LIMITS like a file: a declared length over the limit before
 * any of the body (which is then cancelled, closing the connection).
 */
export async function readBody(res: Response, input: string, kind?: InputKind): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > INPUT_LIMITS.bytes && !res.headers.has('content-encoding')) {
    await res.body?.cancel();
    refuseFileSize(declared, input);
  }
  return res.body ? await readLimited(res.body, input, kind) : '';
}

/** Hides API keys in URLs before they reach logs and import_runs. */
export const redact = (url: string): string => url.replace(/(api_key=)[^&]+/gi, '$1***');

/** Parses JSON and turns a syntax error into a message that names the input. */
export function parseJson(text: string, input: string): unknown {
  if (text.trim() === '') throw new Error(`${input} is empty`);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${input} is not valid JSON: ${(err as Error).message}`);
  }
}
