import type { Locale } from '@cng/shared/locales';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from '../../i18n/i18n';
import {
  contactInvalid,
  contactNotSent,
  contactRateLimited,
  contactSent,
  serverFieldError,
} from './contact-messages';
import { validateContact } from './validate-contact';

async function inLocale(locale: Locale) {
  await loadMessages(['contact'], locale);
  activateLocale(locale);
}

afterEach(() => activateLocale('en'));

describe('contact messages', () => {
  it('are the exact English texts (the success toast word for word from the spec)', async () => {
    await inLocale('en');
    expect(contactSent()).toBe("Hey! Our team received your message. We'll get back to you soon!");
    expect(contactNotSent()).toBe('Sorry, your message was not sent. Please try again.');
    expect(contactInvalid()).toBe(
      'Your message was not sent. Please correct the highlighted fields and try again.',
    );
    expect(contactRateLimited(600)).toBe(
      'You have sent several messages in a short time. Please wait about 10 minutes and try again; your text is still here.',
    );
    expect(contactRateLimited(30)).toMatch(/Please wait about 1 minute and try again/);
    expect(contactRateLimited(null)).toMatch(/Please wait a little while and try again/);
  });

  it('validate in English as before', async () => {
    await inLocale('en');
    expect(validateContact({ name: ' ', email: 'a@b', message: 'x'.repeat(5001) })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid e-mail address, like name@example.com.',
      message: 'Your message can be at most 5000 characters long (it has 5001).',
    });
    expect(validateContact({ name: 'n'.repeat(101), email: '', message: 'ok' })).toEqual({
      name: 'Your name can be at most 100 characters long.',
      email: 'Please enter your e-mail address.',
    });
  });

  it('name the field in the page’s language, with its digits', async () => {
    await inLocale('hi');
    expect(validateContact({ name: '', email: '', message: '' })).toEqual({
      name: 'कृपया अपना नाम लिखें।',
      email: 'कृपया अपना ई-मेल पता लिखें।',
      message: 'कृपया अपना संदेश लिखें।',
    });
    await inLocale('mr');
    expect(validateContact({ name: 'a', email: 'a@b.in', message: 'x'.repeat(5001) }).message).toBe(
      'तुमचा संदेश जास्तीत जास्त ५००० अक्षरांचा असू शकतो (सध्या ५००१ आहेत).',
    );
    await inLocale('bn');
    expect(contactRateLimited(300)).toContain('প্রায় ৫ মিনিট');
    await inLocale('it');
    expect(contactRateLimited(60)).toContain('circa 1 minuto');
    expect(contactSent()).toBe('Ciao! Il nostro team ha ricevuto il tuo messaggio. Ti risponderemo presto!');
  });

  it('turn the API’s English field problems into the page’s language', async () => {
    await inLocale('en');
    const unsafe = 'must not contain a bidi control character (U+202E at position 12)';
    expect(serverFieldError('message', unsafe)).toBe(
      'Your message contains an invisible control character that cannot be sent (character 12). Please delete it or type the text again.',
    );
    expect(serverFieldError('email', 'must match format "email"')).toBe(
      'Please check your e-mail address: it was not accepted.',
    );
    await inLocale('ta');
    expect(serverFieldError('name', unsafe)).toMatch(/^உங்கள் பெயரில் .*\(எழுத்து 12\)/);
    expect(serverFieldError('name', 'anything else')).toBe('உங்கள் பெயரைச் சரிபாருங்கள்: அது ஏற்கப்படவில்லை.');
  });
});
