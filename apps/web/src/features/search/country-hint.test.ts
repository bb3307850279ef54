// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { countryHint } from './country-hint';

describe('countryHint', () => {
  it('trusts the time zone before the language', () => {
    expect(countryHint('Asia/Kolkata', ['en-US'])).toBe('IN');
    expect(countryHint('Europe/Rome', ['en-GB'])).toBe('IT');
  });
  it('falls back to the first language with a region', () => {
    expect(countryHint('UTC', ['en', 'hi-IN', 'en-US'])).toBe('IN');
    expect(countryHint(undefined, ['it-IT'])).toBe('IT');
  });
  it('is null when nothing says', () => {
    expect(countryHint('UTC', ['en', 'not a tag!'])).toBeNull();
  });
});
