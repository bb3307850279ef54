import { describe, expect, it } from 'vitest';
import {
  LOCALES,
  localeBasename,
  localeCookie,
  localeFromCookie,
  localePath,
  parseAcceptLanguage,
  pickLocale,
  reachedByLanguageLink,
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

describe('reachedByLanguageLink', () => {
  it('is true only for a link from a page of this site in another language', () => {
    expect(reachedByLanguageLink('https://cng.example/hi/about', 'cng.example', '/about')).toBe(true);
    expect(reachedByLanguageLink('https://cng.example/about?x=1', 'cng.example', '/ta/about')).toBe(true);
    expect(reachedByLanguageLink('https://cng.example/hi/App', 'cng.example', '/ta/')).toBe(true);
    // The same language, another site, a look-alike host, nothing or garbage.
    expect(reachedByLanguageLink('https://cng.example/hi/App', 'cng.example', '/hi/about')).toBe(false);
    expect(reachedByLanguageLink('https://cng.example/pricing', 'cng.example', '/about')).toBe(false);
    expect(reachedByLanguageLink('https://other.example/hi/about', 'cng.example', '/about')).toBe(false);
    expect(reachedByLanguageLink('https://cng.example.evil/hi/', 'cng.example', '/')).toBe(false);
    expect(reachedByLanguageLink(undefined, 'cng.example', '/about')).toBe(false);
    expect(reachedByLanguageLink('', 'cng.example', '/about')).toBe(false);
    expect(reachedByLanguageLink('not a url', 'cng.example', '/about')).toBe(false);
  });

  it('reads a Host header with its port as the referrer writes it', () => {
    expect(reachedByLanguageLink('http://localhost/hi/', 'localhost:80', '/')).toBe(true);
    expect(reachedByLanguageLink('https://cng.example/hi/', 'cng.example:443', '/')).toBe(true);
    expect(reachedByLanguageLink('http://127.0.0.1:8181/hi/', '127.0.0.1:8181', '/')).toBe(true);
    expect(reachedByLanguageLink('http://127.0.0.1:8181/hi/', '127.0.0.1:8182', '/')).toBe(false);
  });
});

describe('localeCookie', () => {
  it('remembers a language for a year, site-wide, Secure on https', () => {
    expect(localeCookie('hi', false)).toBe('cng_lang=hi; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(localeCookie('en', true)).toBe('cng_lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });
});
