import { Writable } from 'node:stream';

/** A stream for the app's logger (pino writes JSON lines) and the lines written to it so far, parsed. */
export function logLines(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      callback();
    },
  });
  return { stream, lines };
}
