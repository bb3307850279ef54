import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('applies defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBe('');
    expect(c.SQLITE_PATH).toMatch(/data\/cng-navigator\.sqlite$/);
    // developer.nrel.gov answers 410 Gone since 2026-05-29.
    expect(c.AFDC_API_URL).toBe('https://developer.nlr.gov/api/alt-fuel-stations/v1.json');
  });

  it('names every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      expect.unreachable('loadConfig accepted bad variables');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT: must be an integer/m);
      expect(problems).toMatch(/^DATABASE_URL: must be a postgres/m);
      expect(problems).toMatch(/^LOG_LEVEL: must be one of/m);
    }
  });

  it('requires a cookie secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/COOKIE_SECRET: is required/);
  });

  it('names the variable and the rule but never prints a value, secrets and passwords included', () => {
    const secrets = {
      DATABASE_URL: 'mysql://admin:hunter2-db-password@db.example/cng',
      COOKIE_SECRET: 'short-cookie-secret',
      ADMIN_TOKEN: 'adm-tok-9',
      OPERATOR_TOKEN: 'op-tok-7',
      SMTP_URL: 'http://mailer:smtp-password@mail.example',
      PORT: 'port-value-x',
    };
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', ...secrets });
      expect.unreachable('loadConfig accepted bad variables');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as ConfigError).message;
    }
    for (const [name, value] of Object.entries(secrets)) {
      expect(message).toContain(`${name}: `);
      expect(message).not.toContain(value);
      for (const part of value.split(/[:/@]+/).filter((p) => p.length >= 6))
        expect(message).not.toContain(part);
    }
    // A short secret is reported as too short, not as missing.
    expect(message).toMatch(/^ {2}- COOKIE_SECRET: must be at least 32 characters$/m);
    expect(message).not.toMatch(/COOKIE_SECRET: is required/);
  });

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses and networks', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2600:1f18::/36,192.0.2.7,::1,loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.0/8', '2600:1f18::/36', '192.0.2.7', '::1', 'loopback']);
  });

  it('refuses TRUST_PROXY=true, saying why, and addresses that are not addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true is not accepted: .*leftmost X-Forwarded-For entry/,
    );
    for (const bad of [
      '10.0.0.0/33',
      '10.0.0',
      'fe80::/129',
      '10.0.0.1/8/2',
      'proxy.internal',
      '11',
      '-1',
      '1.5',
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /^Invalid configuration:\n {2}- TRUST_PROXY: /,
      );
  });
});
