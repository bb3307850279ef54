import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realStations } from '../test-support/real-stations';
import { createStationApiApp } from '../test-support/station-api-app';
import { type FuzzContext, type FuzzRequest, requestArb } from './arbitraries';
import { brokenInvariant } from './invariants';
import { type RouteSpec, routesOf } from './route-table';
import { viaInject, viaSocket } from './send';

/**
 * Generated requests against every route of the OpenAPI document, through app.inject and a real socket.
 * FUZZ_SEED (a number, or `random`) and FUZZ_RUNS choose the run; CI runs the fixed seed below, and
 * `npm run fuzz` a longer run with a random seed, printed so that a failure can be replayed (FUZZ_SEED=n
 * replays it). FUZZ_PROFILE=1 prints where the time went, by route, transport and kind of body.
 */
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20261207);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20_000);

/** The routes whose config sets crossOriginWrites (bearer-token routes and the read-only along-route). */
const CROSS_ORIGIN_ROUTES = new Set([
  '/api/stations/along-route',
  '/api/stations/{id}/official-status',
  '/api/admin/proposals/{id}/decision',
]);

const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';
const OPERATOR_TOKEN = 'fuzz-operator-token-0123456789abcd';

// Every 40th real station (Italian and Indian copies): a few hundred, enough for each kind of answer.
const sample = realStations().filter((_, i) => i % 40 === 0);

let t: Awaited<ReturnType<typeof createStationApiApp>>;
let port: number;
let routes: RouteSpec[];
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

beforeAll(async () => {
  t = await createStationApiApp('sqlite', sample, {
    ADMIN_TOKEN,
    OPERATOR_TOKEN,
    // The budgets are raised so that the writes reach their handlers; a 429 still has to be JSON.
    API_RATE_LIMIT_PER_MIN: '1000000000',
    CONTACT_RATE_LIMIT_PER_HOUR: '1000000',
    REPORT_RATE_LIMIT_PER_MIN: '1000000',
    PROPOSAL_RATE_LIMIT_PER_HOUR: '1000000',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  routes = routesOf(t.app.swagger() as never);
});

afterAll(async () => {
  agent.destroy();
  await t?.close();
});

describe('generated requests', () => {
  it('cover every route of the OpenAPI document', () => {
    const paths = routes.map((r) => `${r.method} ${r.path}`);
    expect(paths).toContain('POST /api/station-proposals');
    expect(paths).toContain('GET /api/events');
    expect(routes.length).toBeGreaterThanOrEqual(19);
  });

  it(
    `hold the invariants for ${RUNS} requests (seed ${SEED})`,
    async () => {
      const ctx: FuzzContext = {
        stations: sample.map((s) => ({ id: s.id, lon: s.lon, lat: s.lat, name: s.name })),
        adminToken: ADMIN_TOKEN,
        operatorToken: OPERATOR_TOKEN,
      };
      const statuses = new Map<number, number>();
      const sent = { inject: 0, socket: 0 };
      const started = performance.now();
      const perRoute = new Map<string, number>();
      const send = async (req: FuzzRequest) => {
        const t0 = performance.now();
        const res =
          req.transport === 'inject' ? await viaInject(t.app, req) : await viaSocket(port, agent, req);
        sent[req.transport]++;
        const k = `${req.transport} ${req.method} ${req.route.path} ${req.bodyKind.startsWith('hostile') ? 'hostile' : req.bodyKind}`;
        perRoute.set(k, (perRoute.get(k) ?? 0) + performance.now() - t0);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        return res;
      };
      const arb = fc.oneof(...routes.map((route) => requestArb(route, ctx)));
      await fc.assert(
        fc.asyncProperty(arb, async (req) => {
          const res = await send(req);
          const broken = brokenInvariant(req, res, CROSS_ORIGIN_ROUTES);
          if (broken)
            throw new Error(
              `${req.transport} ${req.method} ${req.url.slice(0, 300)} [body: ${req.bodyKind}, origin: ${req.origin}] ${broken}`,
            );
        }),
        { seed: SEED, numRuns: RUNS },
      );
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const histogram = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}:${n}`)
        .join(' ');
      console.log(
        `fuzz: seed ${SEED}, ${sent.inject + sent.socket} requests (${sent.inject} inject, ${sent.socket} socket) in ${seconds} s; ${histogram}`,
      );
      if (process.env.FUZZ_PROFILE)
        console.log(
          [...perRoute]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 25)
            .map(([k, v]) => `${v.toFixed(0)} ms ${k}`)
            .join('\n'),
        );
      expect(sent.inject + sent.socket).toBeGreaterThanOrEqual(RUNS);
    },
    Math.max(120_000, RUNS * 30),
  );
});
