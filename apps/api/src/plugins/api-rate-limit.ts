import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { withRouteHook } from './route-hooks';

/** Options of the per-address budget of the JSON API. */
export interface ApiRateLimitOptions {
  /** Requests one address may make to the API in one window. */
  max: number;
  /** Length of a window, ms (one minute in the product). */
  windowMs: number;
  /** The clock (tests move it); Date.now by default. */
  now?: () => number;
}

/**
 * An error answered 429 by the error handler, with `Retry-After` already on the reply. Like every 4xx it names
 * the field at fault: the client's address (its network), which is what the limit counts.
 */
function tooMany(retryAfterSec: number, after = `${retryAfterSec} second${retryAfterSec === 1 ? '' : 's'}`) {
  return Object.assign(new Error(`Rate limit exceeded, retry in ${after}`), {
    statusCode: 429,
    details: [{ field: 'ip', problem: `is over the limit for ${after}` }],
  });
}

/**
 * The budget per address: requests counted in fixed windows (every `windowMs` since start-up), in a map that
 * starts empty with each window, so it holds only the addresses of one window. IPv6 addresses count per /64
 * network, as @fastify/rate-limit counts them (one subscriber gets a whole /64).
 */
export class AddressBudget {
  private counts = new Map<string, number>();
  private windowEnd = 0;
  constructor(private readonly opts: ApiRateLimitOptions) {}

  /** Counts one request from `ip`; answers what is left of its budget and when the window ends. */
  take(ip: string): { count: number; remaining: number; resetSec: number } {
    const now = (this.opts.now ?? Date.now)();
    if (now >= this.windowEnd) {
      this.counts = new Map();
      this.windowEnd = (Math.floor(now / this.opts.windowMs) + 1) * this.opts.windowMs;
    }
    // An IPv4 address is its own key; only an IPv6 one needs parsing (to its network).
    const key = ip.includes(':') ? normalizeIP(ip) : ip;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return {
      count,
      remaining: Math.max(0, this.opts.max - count),
      resetSec: Math.max(1, Math.ceil((this.windowEnd - now) / 1000)),
    };
  }
}

/**
 * Rate limits of the API. Every /api route without a limit of its own (`config.rateLimit`) shares one budget per
 * address (API_RATE_LIMIT_PER_MIN), counted by one synchronous route hook: the X-RateLimit-* headers on each
 * answer, and 429 with Retry-After past the budget. Routes that set `config.rateLimit` (writes, along-route)
 * keep @fastify/rate-limit's own per-route limiter, and `false` opts out (health checks); pages and files are not
 * counted. The library's global hook did the same with several promise turns, an LRU update and an IPv6 test on
 * every request, pages included (ADR 0021).
 */
export default fp(
  async function apiRateLimit(app: FastifyInstance, opts: ApiRateLimitOptions) {
    // The library stays for the per-route limits and createRateLimit; its global hook is off.
    await app.register(rateLimit, {
      global: false,
      // The per-route limits' 429, in the API's error shape (a route may still word its own).
      errorResponseBuilder: (_request, ctx) => tooMany(Math.max(1, Math.ceil(ctx.ttl / 1000)), ctx.after),
    });
    const budget = new AddressBudget(opts);
    const max = String(opts.max);
    const limit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const { count, remaining, resetSec } = budget.take(request.ip);
      const reset = String(resetSec);
      reply.header('x-ratelimit-limit', max);
      reply.header('x-ratelimit-remaining', String(remaining));
      reply.header('x-ratelimit-reset', reset);
      if (count > opts.max) {
        reply.header('retry-after', reset);
        return done(tooMany(resetSec));
      }
      done();
    };
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.config?.rateLimit !== undefined) return;
      route.onRequest = withRouteHook(route.onRequest, limit, 'last');
    });
  },
  { name: 'api-rate-limit' },
);
