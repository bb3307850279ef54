import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import apiRateLimit, { AddressBudget } from './api-rate-limit';
import errorHandler from './error-handler';

describe('AddressBudget', () => {
  it('counts each address in its window and starts again with the next window', () => {
    let now = 120_500;
    const budget = new AddressBudget({ max: 2, windowMs: 60_000, now: () => now });
    expect(budget.take('10.0.0.1')).toEqual({ count: 1, remaining: 1, resetSec: 60 });
    expect(budget.take('10.0.0.2').count).toBe(1);
    now = 150_000;
    expect(budget.take('10.0.0.1')).toEqual({ count: 2, remaining: 0, resetSec: 30 });
    expect(budget.take('10.0.0.1')).toEqual({ count: 3, remaining: 0, resetSec: 30 });
    now = 180_000; // the next window
    expect(budget.take('10.0.0.1')).toEqual({ count: 1, remaining: 1, resetSec: 60 });
  });

  it('counts IPv6 addresses per /64 network, and an IPv4-mapped address as its IPv4 one', () => {
    const budget = new AddressBudget({ max: 100, windowMs: 60_000, now: () => 0 });
    budget.take('2001:db8:1:2::1');
    expect(budget.take('2001:db8:1:2:ffff:ffff:ffff:ffff').count).toBe(2);
    expect(budget.take('2001:db8:1:3::1').count).toBe(1);
    budget.take('192.0.2.7');
    expect(budget.take('::ffff:192.0.2.7').count).toBe(2);
  });
});

describe('the API rate limit plugin', () => {
  let app: ReturnType<typeof Fastify> | undefined;
  afterEach(async () => app?.close());

  async function build(max: number) {
    app = Fastify();
    await app.register(errorHandler);
    await app.register(apiRateLimit, { max, windowMs: 60_000, now: () => 30_000 });
    app.get('/api/a', async () => ({ a: 1 }));
    app.get('/api/b', async () => ({ b: 1 }));
    app.get('/api/health', { config: { rateLimit: false } }, async () => ({ ok: true }));
    app.get('/api/own', { config: { rateLimit: { max: 5, timeWindow: '1 minute' } } }, async () => ({
      own: 1,
    }));
    app.get('/page', async () => 'page');
    return app;
  }

  it('shares one budget across the API routes, with its headers, and answers 429 past it', async () => {
    const api = await build(3);
    const answers = [];
    for (const url of ['/api/a', '/api/b', '/api/a', '/api/b']) answers.push(await api.inject({ url }));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    expect(answers[0]!.headers['x-ratelimit-limit']).toBe('3');
    expect(answers[0]!.headers['x-ratelimit-reset']).toBe('30');
    const refused = answers[3]!;
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.json()).toEqual({
      error: 'Too Many Requests',
      message: 'Rate limit exceeded, retry in 30 seconds',
      details: [{ field: 'ip', problem: 'is over the limit for 30 seconds' }],
    });
  });

  it('leaves pages, opted-out routes and routes with a limit of their own out of the shared budget', async () => {
    const api = await build(1);
    expect((await api.inject({ url: '/api/a' })).statusCode).toBe(200);
    for (const url of ['/page', '/api/health', '/api/own']) {
      const res = await api.inject({ url });
      expect(res.statusCode, url).toBe(200);
      // The own limit answers with its own figures, not the shared budget's.
      expect(res.headers['x-ratelimit-limit'], url).toBe(url === '/api/own' ? '5' : undefined);
    }
    expect((await api.inject({ url: '/api/b' })).statusCode).toBe(429);
  });
});
