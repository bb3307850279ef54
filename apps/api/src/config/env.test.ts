import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('loadConfig', () => {
  it('applies defaults when nothing is set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBe('');
    expect(c.SQLITE_PATH).toMatch(/data\/cng-navigator\.sqlite$/);
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
});
