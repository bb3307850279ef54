import { describe, expect, it } from 'vitest';
import {
  LOCALES,
  localeBasename,
  localeFromCookie,
  localePath,
  parseAcceptLanguage,
  pickLocale,
  splitLocalePath,
} from './locales';

describe('splitLocalePath', () => {
  it('reads the language prefix and the route behind it', () => {
    expect(splitLocalePath('/hi/App')).toEqual({ locale: 'hi', path: '/App' });
    expect(splitLocalePath('/hi/')).toEqual({ locale: 'hi', path: '/' });
    expect(splitLocalePath('/hi')).toEqual({ locale: 'hi', path: '/' });
    expect(splitLocalePath('/ta/stations/it-1')).toEqual({ locale: 'ta', path: '/stations/it-1' });
  });

  it('leaves unprefixed paths, unknown prefixes and /en/ as English', () => {
    expect(splitLocalePath('/')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocalePath('/App')).toEqual({ locale: 'en', path: '/App' });
    expect(splitLocalePath('/fr/App')).toEqual({ locale: 'en', path: '/fr/App' });
    expect(splitLocalePath('/en/App')).toEqual({ locale: 'en', path: '/en/App' });
    // A route that merely starts with a language's letters is not prefixed.
    expect(splitLocalePath('/hindi')).toEqual({ locale: 'en', path: '/hindi' });
    expect(splitLocalePath('/item')).toEqual({ locale: 'en', path: '/item' });
  });
});

describe('localePath', () => {
  it('prefixes every language but English', () => {
    expect(localePath('en', '/')).toBe('/');
    expect(localePath('en', '/App')).toBe('/App');
    expect(localePath('hi', '/')).toBe('/hi/');
    expect(localePath('ta', '/App')).toBe('/ta/App');
    expect(localeBasename('en')).toBe('');
    expect(localeBasename('bn')).toBe('/bn');
  });

  it('round-trips with splitLocalePath for every language', () => {
    for (const locale of LOCALES) {
      for (const route of ['/', '/App', '/stations/x-1']) {
        expect(splitLocalePath(localePath(locale, route))).toEqual({ locale, path: route });
      }
    }
  });
});

describe('parseAcceptLanguage and pickLocale', () => {
  const best = (header: string | undefined) => pickLocale(parseAcceptLanguage(header));

  it('orders tags by q, then by position, and drops q=0 and *', () => {
    expect(parseAcceptLanguage('en-US,en;q=0.9,hi;q=0.8')).toEqual(['en-US', 'en', 'hi']);
    expect(parseAcceptLanguage('hi;q=0.5, ta;q=0.9, *;q=0.1')).toEqual(['ta', 'hi']);
    expect(parseAcceptLanguage('fr;q=0, de')).toEqual(['de']);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('picks the best supported language, region and case ignored', () => {
    expect(best('hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('hi');
    expect(best('fr-FR, it-IT;q=0.8, en;q=0.5')).toBe('it');
    expect(best('TA_in')).toBe('ta');
    expect(best('en-GB, hi')).toBe('en');
    expect(best('en;q=0.4, mr;q=0.9')).toBe('mr');
  });

  it('gives null when nothing is supported (or no header: a crawler)', () => {
    expect(best('fr-FR, de;q=0.8')).toBeNull();
    expect(best(undefined)).toBeNull();
    expect(best('garbage;;;q=abc')).toBeNull();
  });
});

describe('localeFromCookie', () => {
  it('reads cng_lang among other cookies, ignoring unknown values', () => {
    expect(localeFromCookie('a=1; cng_lang=ta; b=2')).toBe('ta');
    expect(localeFromCookie('cng_lang=en')).toBe('en');
    expect(localeFromCookie('cng_lang=xx')).toBeNull();
    expect(localeFromCookie('other=hi')).toBeNull();
    expect(localeFromCookie(undefined)).toBeNull();
  });
});
