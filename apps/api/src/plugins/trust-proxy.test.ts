import type { Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { northOf, seedStations } from '../test-support/seed-stations';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { createTestDb } from '../test-support/test-db';

/** The one load balancer in front of the server, as the socket sees it. */
const PROXY = '10.0.0.5';

/**
 * Behind one proxy, every request reaches the server from the proxy's address, with the proxy's entry (the
 * address it saw) at the right end of X-Forwarded-For. Whatever the client wrote before it is forged.
 */
describe.each([
  ['a hop count', '1'],
  ["the proxy's address", `${PROXY}/32`],
])('behind one proxy trusted by %s', (_how, trustProxy) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  let forged = 0;
  beforeAll(async () => {
    const db = await createTestDb('sqlite');
    stations = await seedStations(db.db, 5);
    t = await createTestApp({
      db,
      env: { TRUST_PROXY: trustProxy, API_RATE_LIMIT_PER_MIN: '5', REPORT_RATE_LIMIT_PER_MIN: '1000' },
    });
    await publishAndWaitForRebuild(t.app);
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  /** A request from `client` through the proxy, carrying a new forged leftmost entry each time. */
  const through = (client: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': `1.2.3.${++forged % 250}, ${client}` },
    });

  it('keeps one client inside its per-address budget however it forges X-Forwarded-For', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++)
      codes.push((await through('198.51.100.30', 'GET', `/api/stations/${stations[1]!.id}`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Another client behind the same proxy keeps its own budget.
    expect((await through('198.51.100.31', 'GET', `/api/stations/${stations[1]!.id}`)).statusCode).toBe(200);
  });

  it('stores one network for reports of one client from new devices, and stops it at the network limit', async () => {
    const station = stations[2]!;
    const codes: number[] = [];
    // No cookie: each report comes from a new device.
    for (let i = 0; i < 4; i++)
      codes.push(
        (
          await through('198.51.100.40', 'POST', `/api/stations/${station.id}/reports`, {
            status: 'available',
          })
        ).statusCode,
      );
    expect(codes).toEqual([201, 201, 201, 429]);
    const rows = await t.db.db
      .selectFrom('station_reports')
      .select(['network_hash', 'device_id'])
      .where('station_id', '=', station.id)
      .execute();
    expect(new Set(rows.map((r) => r.device_id)).size).toBe(3);
    expect(new Set(rows.map((r) => r.network_hash)).size).toBe(1);
  });

  it('does not let one client become three agreeing drivers of a new station', async () => {
    const spot = northOf(stations[3]!, 3000);
    const propose = (client: string, metres: number) =>
      through(client, 'POST', '/api/station-proposals', { position: northOf(spot, metres), name: 'Sai CNG' });
    // One client, three devices, three forged addresses: one voice.
    for (const m of [0, 20, 40]) expect((await propose('198.51.100.50', m)).json().state).toBe('pending');
    // Two more real clients behind the same proxy are the second and third voices.
    expect((await propose('198.51.100.51', 60)).json().state).toBe('pending');
    expect((await propose('198.51.100.52', 80)).json().state).toBe('approved');
  });
});

describe('trusting the proxy by its address', () => {
  it('takes a client that reaches the server directly at its socket address, whatever it forwards', async () => {
    const db = await createTestDb('sqlite');
    const [station] = await seedStations(db.db, 1);
    const t = await createTestApp({ db, env: { TRUST_PROXY: `${PROXY}/32`, API_RATE_LIMIT_PER_MIN: '3' } });
    try {
      await publishAndWaitForRebuild(t.app);
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push(
          (
            await t.app.inject({
              url: `/api/stations/${station!.id}`,
              remoteAddress: '198.51.100.60',
              // What the proxy would write, sent by the client itself.
              headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
            })
          ).statusCode,
        );
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
      await db.cleanup();
    }
  });
});
