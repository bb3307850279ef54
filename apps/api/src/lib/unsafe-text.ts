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
/** Bidi embeddings, overrides and isolates: invisible, yet they reorder the text around them. */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * A short note people send (a driver's or an operator's), as plain one-line text: normalised (normaliseText:
 * NFKC, zero-width characters gone except where they spell), bidi controls removed, runs of control characters
 * (C0, DEL, C1) a space, surrounding blanks trimmed; HTML stays literal text. Null when nothing visible is left.
 */
export function plainNote(note: string | undefined): string | null {
  if (note === undefined) return null;
  // Invisible characters go first, so controls on both sides of one still make a single space.
  const text = normaliseText(note).replace(BIDI_CONTROLS, '').replace(CONTROL_RUNS, ' ').trim();
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

/**
 * Scripts in which ZERO WIDTH JOINER and NON-JOINER are spelling: they choose a conjunct or a half form in
 * Devanagari, Bengali, Tamil and the other Indic scripts, and a letter's joining form in Arabic and Persian.
 */
const JOINING_SCRIPT =
  /[\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Arabic}]/u;
/** An emoji, or the variation selector / skin tone that ends one: a ZWJ between two builds one emoji. */
const EMOJI_PART = /\p{Extended_Pictographic}|\u{fe0f}|[\u{1f3fb}-\u{1f3ff}]/u;
/** Invisible characters: zero-width space, joiners, word joiner, BOM, soft hyphen, LRM/RLM/ALM marks. */
const HIDDEN = /[\u00ad\u061c\u200b-\u200f\u2060\ufeff]/g;

/** Whether the joiner at `i` of `text` follows a letter of a joining script, or sits inside an emoji sequence. */
function joinerIsSpelling(text: string, i: number): boolean {
  const before = String.fromCodePoint(text.codePointAt(i - 1) ?? 0);
  const prev = /[\udc00-\udfff]/.test(before) && i >= 2 ? text.slice(i - 2, i) : before;
  const next = String.fromCodePoint(text.codePointAt(i + 1) ?? 0);
  // After a letter or virama of a joining script: Malayalam writes a chillu as consonant, virama, ZWJ at
  // the end of a word, so what follows may be a space.
  if (JOINING_SCRIPT.test(prev)) return true;
  return text[i] === '\u200d' && EMOJI_PART.test(prev) && EMOJI_PART.test(next);
}

/**
 * Text as it is stored and compared: NFKC (full-width "ＩＧＬ" is "IGL", ligatures are letters), without the
 * invisible characters that would make two equal-looking names differ. ZWJ and ZWNJ stay where they spell
 * (inside Hindi, Tamil, Arabic words, and emoji sequences); bidi controls are not removed here, they are
 * refused (unsafeTextProblem), as reordering text is never an accident.
 */
export function normaliseText(text: string): string {
  // Printable ASCII is already NFKC and has no invisible characters: most names take this path.
  if (/^[ -~]*$/.test(text)) return text;
  const nfkc = text.normalize('NFKC');
  return nfkc.replace(HIDDEN, (ch, i: number) =>
    (ch === '\u200c' || ch === '\u200d') && joinerIsSpelling(nfkc, i) ? ch : '',
  );
}

/** Why a name is refused: its code (for clients) and a sentence the person who wrote it can act on. */
export interface NameRefusal {
  code: 'control_character' | 'bidi_control' | 'no_letters' | 'mixed_scripts' | 'homoglyph';
  problem: string;
}

/** The scripts whose letters look alike: one word mixing them is how "IGL" is forged as "ІGL". */
const LOOKALIKE_SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
] as const;

/**
 * Cyrillic and Greek letters that look like a Latin one (after Unicode's confusables.txt, these three
 * scripts only): "ІОС" in Cyrillic reads as the operator IOC.
 */
const LATIN_LOOKALIKE: Readonly<Record<string, string>> = {
  А: 'A',
  В: 'B',
  Е: 'E',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ү: 'Y',
  Һ: 'h',
  Ԁ: 'd',
  Ԍ: 'G',
  Ԛ: 'Q',
  Ԝ: 'W',
  а: 'a',
  е: 'e',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  Ӏ: 'I',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  ι: 'i',
  ν: 'v',
  υ: 'u',
  ρ: 'p',
  κ: 'k',
  α: 'a',
};

/** `text` with every Cyrillic and Greek look-alike replaced by its Latin letter (a confusables skeleton). */
export function latinSkeleton(text: string): string {
  return text.replace(/[\u0370-\u03ff\u0400-\u052f]/g, (ch) => LATIN_LOOKALIKE[ch] ?? ch);
}

/** unsafeTextProblem with its code: `bidi_control` or `control_character`. */
export function unsafeTextRefusal(text: string, options: { multiline?: boolean } = {}): NameRefusal | null {
  const problem = unsafeTextProblem(text, options);
  if (!problem) return null;
  return { code: problem.includes('bidi') ? 'bidi_control' : 'control_character', problem };
}

/**
 * Why a name (of a station, an operator, a sender) must be refused, or null when it may be stored. `text`
 * is already normalised (normaliseText). `namesCompany` says whether a Latin spelling names a known company
 * (companies.ts companyIn): a name in Cyrillic or Greek whose skeleton does is an imitation of that company.
 */
export function nameRefusal(
  text: string,
  namesCompany: (latin: string) => string | null,
): NameRefusal | null {
  const unsafe = unsafeTextProblem(text);
  if (unsafe) return { code: /bidi/.test(unsafe) ? 'bidi_control' : 'control_character', problem: unsafe };
  if (!/[\p{L}\p{N}]/u.test(text))
    return { code: 'no_letters', problem: 'must contain letters or digits, not only symbols or emoji' };
  for (const word of text.split(/[^\p{L}\p{M}]+/u)) {
    const scripts = LOOKALIKE_SCRIPTS.filter(([, re]) => re.test(word)).map(([name]) => name);
    if (scripts.length > 1)
      return {
        code: 'mixed_scripts',
        problem: `mixes ${scripts.join(' and ')} letters in one word (${JSON.stringify(word)}): write each word in one script`,
      };
  }
  const skeleton = latinSkeleton(text);
  if (skeleton !== text && !namesCompany(text)) {
    const company = namesCompany(skeleton);
    if (company)
      return {
        code: 'homoglyph',
        problem: `looks like ${company} but is written with Cyrillic or Greek letters: write ${company} in Latin letters`,
      };
  }
  return null;
}
