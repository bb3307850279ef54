import fs from 'node:fs';

/**
 * Writes `head`, then `count` pieces made by `piece(i)`, then `tail` to `file`, a few megabytes at a time: a
 * file of millions of rows without its whole text in memory. Returns `file`.
 */
export function writeRepeated(
  file: string,
  head: string,
  piece: (i: number) => string,
  count: number,
  tail = '',
): string {
  const fd = fs.openSync(file, 'w');
  let chunk = head;
  for (let i = 0; i < count; i++) {
    chunk += piece(i);
    if (chunk.length > 1 << 22) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk + tail);
  fs.closeSync(fd);
  return file;
}
