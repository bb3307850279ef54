/**
 * Characters that have no place in text people send or sources publish, and what each would do:
 * C0 controls (ESC starts terminal escape sequences, NUL ends strings in C and PostgreSQL), DEL, C1
 * controls (U+009B is a one-character terminal escape), and the bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), which make "‮gnp.exe" display as "exe.png".
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, line breaks and tabs allowed.
const UNSAFE_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, for escaping every occurrence.
const UNSAFE_ALL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, runs of them, for replacing.
const CONTROL_RUNS = /[\u0000-\u001f\u007f-\u009f]+/g;
/** Zero-width characters and bidi controls: invisible, yet they can hide or reorder the text around them. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * A short note people send (a driver's or an operator's), as plain one-line text: runs of control characters
 * (C0, DEL, C1) become a space, zero-width and bidi-control characters go, and so do surrounding blanks; HTML
 * stays literal text. Null when nothing visible is left.
 */
export function plainNote(note: string | undefined): string | null {
  // Invisible characters go first, so controls on both sides of one still make a single space.
  const text = note?.replace(INVISIBLE, '').replace(CONTROL_RUNS, ' ').trim();
  return text ? text : null;
}

/** A code point as people write it: U+202E. */
const codePoint = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** What kind of character it is, for an error message. */
function kindOf(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (c >= 0x202a) return 'a bidi control character';
  if (c >= 0x80) return 'a C1 control character';
  return 'a control character';
}

/**
 * The problem with `text`, naming the first character that is not allowed, or null when it is clean.
 * `multiline` allows tabs and line breaks (a message), otherwise they are refused too (a name, a header).
 */
export function unsafeTextProblem(text: string, options: { multiline?: boolean } = {}): string | null {
  const m = (options.multiline ? UNSAFE_MULTILINE : UNSAFE).exec(text);
  if (!m) return null;
  const allowed = options.multiline ? ' (tabs and line breaks are fine)' : '';
  return `must not contain ${kindOf(m[0])} (${codePoint(m[0])} at position ${m.index + 1})${allowed}`;
}

/**
 * `text` safe to print on a terminal: every control and bidi character becomes a visible `\u{…}`, so a
 * stored message can neither move the cursor, recolour the screen nor reorder what is shown around it.
 * Line breaks and tabs too: a table cell is one line.
 */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE_ALL, (ch) => `\\u{${ch.codePointAt(0)!.toString(16)}}`);
}

/** JSON text with C1 and bidi characters escaped as \uXXXX too (JSON.stringify leaves them raw). */
export function terminalSafeJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g,
    (ch) => `\\u${ch.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
}
