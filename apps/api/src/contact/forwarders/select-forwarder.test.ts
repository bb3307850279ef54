import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { emailJsPayload } from './emailjs-forwarder';
import { selectForwarder } from './select-forwarder';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

function problemsOf(env: Record<string, string>): string[] {
  try {
    selectForwarder(config(env));
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('contact forwarder selection at start-up', () => {
  it('runs without a forwarder when none is configured', () => {
    expect(selectForwarder(config({}))).toBeNull();
  });

  it('checks the EmailJS settings with the library messages', () => {
    expect(problemsOf({ EMAILJS_SERVICE_ID: 'service_x' })).toEqual([
      'EMAILJS: The public key is required',
      'EMAILJS: The template ID is required',
    ]);
    expect(problemsOf({ EMAILJS_PUBLIC_KEY: 'pk', EMAILJS_TEMPLATE_ID: 't' })).toEqual([
      'EMAILJS: The service ID is required',
    ]);
  });

  it('chooses EmailJS or SMTP, never both, and needs MAIL_TO for SMTP', () => {
    const emailJs = { EMAILJS_PUBLIC_KEY: 'pk', EMAILJS_SERVICE_ID: 's', EMAILJS_TEMPLATE_ID: 't' };
    expect(selectForwarder(config(emailJs))?.name).toBe('emailjs');
    expect(
      selectForwarder(config({ SMTP_URL: 'smtp://127.0.0.1:8145', MAIL_TO: 'team@example.in' }))?.name,
    ).toBe('smtp');
    expect(problemsOf({ SMTP_URL: 'smtp://127.0.0.1:8145' })).toEqual([
      'MAIL_TO: is required when SMTP_URL is set',
    ]);
    expect(problemsOf({ ...emailJs, SMTP_URL: 'smtp://h', MAIL_TO: 'a@b.in' })[0]).toMatch(/not both/);
  });

  it('never prints secrets in the start-up description', () => {
    const smtp = selectForwarder(
      config({ SMTP_URL: 'smtp://user:s3cret@mail.example.in:587', MAIL_TO: 'a@b.in' }),
    );
    expect(smtp?.description).not.toContain('s3cret');
    const emailJs = selectForwarder(
      config({
        EMAILJS_PUBLIC_KEY: 'pk',
        EMAILJS_SERVICE_ID: 's',
        EMAILJS_TEMPLATE_ID: 't',
        EMAILJS_PRIVATE_KEY: 'priv',
      }),
    );
    expect(emailJs?.description).not.toContain('priv');
  });
});

describe('EmailJS payload', () => {
  const settings = { apiUrl: 'http://x', publicKey: 'pk', serviceId: 's', templateId: 't', privateKey: '' };
  it('refuses template params that are not a plain object', () => {
    for (const bad of [[], 'text', null, new Date()]) {
      expect(() => emailJsPayload(settings, bad as unknown as Record<string, unknown>)).toThrow(
        'The template params have to be the object',
      );
    }
  });

  it('sends no accessToken when no private key is set', () => {
    expect(emailJsPayload(settings, { a: 1 })).toEqual({
      lib_version: '4.3.3',
      user_id: 'pk',
      service_id: 's',
      template_id: 't',
      template_params: { a: 1 },
    });
  });
});
