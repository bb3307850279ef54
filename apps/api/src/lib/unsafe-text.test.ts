import { companyIn } from '@cng/shared';
import { describe, expect, it } from 'vitest';
import { latinSkeleton, nameRefusal, normaliseText, plainNote } from './unsafe-text';

const named = (t: string) => companyIn(t)?.short ?? companyIn(t, 'field')?.short ?? null;
const codeOf = (name: string) => nameRefusal(normaliseText(name), named)?.code ?? null;

describe('normaliseText', () => {
  it('applies NFKC: full-width letters and ligatures become the letters they show', () => {
    expect(normaliseText('ＩＧＬ')).toBe('IGL');
    expect(normaliseText('ﬁlling')).toBe('filling');
  });

  it('removes zero-width spaces, word joiners, BOMs, soft hyphens and direction marks', () => {
    expect(normaliseText('I\u200bG\u2060L\ufeff')).toBe('IGL');
    expect(normaliseText('Me\u00adtano\u200e')).toBe('Metano');
    expect(normaliseText('I\u200dG\u200cL')).toBe('IGL');
  });

  it('keeps ZWJ and ZWNJ inside Hindi and Malayalam words, where they choose the letter forms', () => {
    // क्‍ष (half form by ZWJ) and क्‌ष (visible virama by ZWNJ) are different spellings.
    expect(normaliseText('क्\u200dष')).toBe('क्\u200dष');
    expect(normaliseText('क्\u200cष')).toBe('क्\u200cष');
    // The Malayalam chillu ൻ in its older spelling: NA, virama, ZWJ at the end of a word.
    expect(normaliseText('ന്\u200d പമ്പ്')).toBe('ന്\u200d പമ്പ്');
    // After a Latin letter a joiner joins nothing.
    expect(normaliseText('G\u200dक')).toBe('Gक');
  });

  it('keeps the ZWJ of an emoji sequence', () => {
    expect(normaliseText('👩\u200d🔧')).toBe('👩\u200d🔧');
  });
});

describe('nameRefusal', () => {
  it('accepts real names in one script per word, whatever the script', () => {
    for (const name of [
      'IGL CNG Station',
      'Газпром',
      'Αθήνα Metano',
      'सीएनजी स्टेशन',
      'Eni 24h',
      'HP CNG स्टेशन',
    ])
      expect(codeOf(name), name).toBeNull();
  });

  it('refuses bidi controls as bidi_control and control characters as control_character', () => {
    expect(codeOf('\u202eGNC')).toBe('bidi_control');
    expect(codeOf('IGL\u2066x')).toBe('bidi_control');
    expect(codeOf('IGL\u001b[2J')).toBe('control_character');
  });

  it('refuses a name of only emoji or symbols as no_letters', () => {
    expect(codeOf('⛽🔥')).toBe('no_letters');
    expect(codeOf('!!! ***')).toBe('no_letters');
    expect(codeOf('\u200b')).toBe('no_letters');
  });

  it('refuses Latin and Cyrillic (or Greek) letters in one word as mixed_scripts', () => {
    // "ІGL": Cyrillic І (U+0406) then Latin GL.
    expect(codeOf('\u0406GL CNG')).toBe('mixed_scripts');
    expect(nameRefusal('\u0406GL', named)?.problem).toMatch(/Latin and Cyrillic/);
    expect(codeOf('Εni')).toBe('mixed_scripts');
  });

  it('refuses a company name spelt all in Cyrillic or Greek look-alikes as homoglyph', () => {
    // "Еѕѕо": Cyrillic Е, ѕ, ѕ, о.
    expect(latinSkeleton('\u0415\u0455\u0455\u043e')).toBe('Esso');
    expect(codeOf('\u0415\u0455\u0455\u043e')).toBe('homoglyph');
    expect(nameRefusal('\u0415\u0455\u0455\u043e', named)?.problem).toMatch(/looks like Esso/);
  });
});

describe('plainNote', () => {
  it('keeps the joiners of a Hindi note and drops hidden characters and bidi controls', () => {
    expect(plainNote('गैस ख़त्म क्\u200dष')).toBe('गैस ख़त्म क्\u200dष'.normalize('NFKC'));
    expect(plainNote('\u202eno\u200b gas')).toBe('no gas');
  });
});
