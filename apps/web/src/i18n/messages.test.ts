// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@cng/shared/client';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from './catalog-types';

const dir = path.join(import.meta.dirname, 'messages');
const read = (namespace: string, locale: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(dir, namespace, `${locale}.json`), 'utf8'));

/**
 * Ids whose text may stay the same as English in a language (names, units and borrowed words that language
 * really uses, e.g. "App" in Italian). Anything else equal to English is an untranslated message.
 */
const SAME_AS_ENGLISH: Partial<Record<string, readonly string[]>> = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'same-as-english.json'), 'utf8'),
);

/** What a message needs from its caller: each argument with its kind, and each rich-text tag. */
function signature(message: string): string[] {
  const out = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        for (const tag of token.value.matchAll(/<\/?([a-zA-Z][\w-]*)>/g)) out.add(`tag:${tag[0]}`);
      } else if (token.type === 'argument') out.add(`arg:${token.arg}`);
      else if (token.type === 'function') out.add(`arg:${token.arg}:${token.key}`);
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        out.add(`arg:${token.arg}:${token.type}`);
        if (token.type === 'select') for (const c of token.cases) out.add(`case:${token.arg}:${c.key}`);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...out].sort();
}

function pluralWithoutOther(message: string): boolean {
  const walk = (tokens: Token[]): boolean =>
    tokens.some(
      (token) =>
        (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') &&
        (!token.cases.some((c) => c.key === 'other') || token.cases.some((c) => walk(c.tokens))),
    );
  return walk(parse(message));
}

describe.each(NAMESPACES)('the %s messages', (namespace) => {
  const english = read(namespace, 'en');

  it('have English ids named after their namespace, each a valid ICU message', () => {
    for (const [id, message] of Object.entries(english)) {
      expect(id.startsWith(`${namespace}.`), `${id} belongs in ${namespace}.*`).toBe(true);
      expect(message.trim(), id).not.toBe('');
      expect(() => parse(message), id).not.toThrow();
      expect(pluralWithoutOther(message), `${id} has a plural or select without "other"`).toBe(false);
    }
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('are all in %s, none extra, same placeholders', (locale) => {
    const translated = read(namespace, locale);
    const missing = Object.keys(english).filter((id) => !(id in translated));
    const extra = Object.keys(translated).filter((id) => !(id in english));
    expect(missing, `missing in ${namespace}/${locale}.json`).toEqual([]);
    expect(extra, `not in English, extra in ${namespace}/${locale}.json`).toEqual([]);
    const allowedSame = new Set(SAME_AS_ENGLISH[locale] ?? []);
    for (const [id, source] of Object.entries(english)) {
      const message = translated[id] as string;
      expect(message.trim(), `${locale} ${id} is empty`).not.toBe('');
      expect(() => parse(message), `${locale} ${id}`).not.toThrow();
      expect(signature(message), `${locale} ${id}: placeholders differ from English`).toEqual(
        signature(source),
      );
      expect(pluralWithoutOther(message), `${locale} ${id} has a plural or select without "other"`).toBe(
        false,
      );
      if (/[A-Za-z]{3}/.test(source) && !allowedSame.has(id)) {
        expect(message, `${locale} ${id} is still the English text`).not.toBe(source);
      }
    }
  });
});

describe('the message check', () => {
  it('tells placeholders, kinds and tags apart', () => {
    expect(signature('{n} km')).not.toEqual(signature('{m} km'));
    expect(signature('{n, plural, other {# km}}')).not.toEqual(signature('{n} km'));
    expect(signature('<link>Open</link> {x}')).toEqual(signature('{x} <link>खोलें</link>'));
    expect(signature('<link>Open</link>')).not.toEqual(signature('Open'));
    expect(pluralWithoutOther('{n, plural, one {# km}}')).toBe(true);
  });
});
