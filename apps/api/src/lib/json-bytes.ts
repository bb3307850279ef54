/**
 * One JSON answer put together from pieces — text made for this answer, and UTF-8 bytes kept between answers —
 * and written once into one Buffer. A Buffer is sent as it is: Fastify takes its length and the socket its
 * bytes. A string answer is measured (Buffer.byteLength), flattened and encoded to UTF-8 again on every send,
 * and a list answer made of hundreds of concatenated pieces is all of that at once (ADR 0021, addendum).
 */
export class JsonBytes {
  private readonly parts: (string | Uint8Array)[] = [];
  /** Text not yet in `parts`: consecutive text pieces are joined, so each is measured and written once. */
  private pending = '';
  private byteLength = 0;

  /** Appends text (any characters: it is written as UTF-8). */
  text(piece: string): this {
    this.pending += piece;
    return this;
  }

  /** Appends UTF-8 bytes, or text when `piece` is a string. */
  add(piece: string | Uint8Array): this {
    if (typeof piece === 'string') return this.text(piece);
    this.flush();
    this.parts.push(piece);
    this.byteLength += piece.byteLength;
    return this;
  }

  /** The whole answer. */
  finish(): Buffer {
    this.flush();
    const out = Buffer.allocUnsafe(this.byteLength);
    let at = 0;
    for (const part of this.parts) {
      if (typeof part === 'string') at += out.write(part, at);
      else {
        out.set(part, at);
        at += part.byteLength;
      }
    }
    return out;
  }

  private flush() {
    if (this.pending === '') return;
    this.parts.push(this.pending);
    this.byteLength += Buffer.byteLength(this.pending);
    this.pending = '';
  }
}
