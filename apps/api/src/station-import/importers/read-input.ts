import fs from 'node:fs/promises';

export interface ReadOptions {
  /** Give up on a URL after this many milliseconds. */
  timeoutMs?: number;
  /** Extra fetch options (method, body, headers) for URLs. */
  init?: RequestInit;
}

/** True when the argument names a URL rather than a local file. */
export const isUrl = (input: string): boolean => /^https?:\/\//i.test(input);

/** Reads a local file or downloads a URL as text; throws an error that names the input. */
export async function readInput(input: string, options: ReadOptions = {}): Promise<string> {
  if (!isUrl(input)) {
    try {
      return await fs.readFile(input, 'utf8');
    } catch (err) {
      throw new Error(
        `Cannot read ${input}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
      );
    }
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
  if (!res.ok) throw new Error(`Cannot download ${redact(input)}: HTTP ${res.status} ${res.statusText}`);
  return await res.text();
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
