import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStations } from '../test-support/seed-stations';
import { createTestApp } from '../test-support/test-app';
import { createTestDb } from '../test-support/test-db';
import { DEVICE_COOKIE } from './device-id';

const SECRET = 'a-cookie-secret-of-at-least-32-characters!';

describe('device cookie across instances and in production', () => {
  let prodA: Awaited<ReturnType<typeof createTestApp>>;
  let prodB: Awaited<ReturnType<typeof createTestApp>>;
  let other: Awaited<ReturnType<typeof createTestApp>>;
  let stationIds: string[];
  beforeAll(async () => {
    const db = await createTestDb('sqlite');
    stationIds = (await seedStations(db.db, 2, 700)).map((s) => s.id);
    const env = { NODE_ENV: 'production', COOKIE_SECRET: SECRET };
    prodA = await createTestApp({ db, env });
    prodB = await createTestApp({ db: db.reopen(), env });
    other = await createTestApp({ db: db.reopen(), env: { ...env, COOKIE_SECRET: `${SECRET}-different` } });
  });
  afterAll(async () => {
    for (const t of [prodA, prodB, other]) await t?.close();
    await prodB?.db.cleanup();
    await other?.db.cleanup();
    await prodA?.db.cleanup();
  });

  const post = (t: typeof prodA, stationId: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/stations/${stationId}/reports`,
      payload: { status: 'available' },
      cookies: cookie ? { [DEVICE_COOKIE]: cookie } : {},
    });

  it('marks the cookie Secure in production', async () => {
    const res = await post(prodA, stationIds[0]!);
    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api',
      maxAge: 400 * 24 * 3600,
    });
  });

  it('is recognised by another instance with the same secret, and not with another secret', async () => {
    const first = await post(prodA, stationIds[1]!);
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    // Same secret: same device, so the 10-minute rule holds on instance B.
    expect((await post(prodB, stationIds[1]!, cookie)).statusCode).toBe(429);
    // Different secret: the signature fails, a new device id is issued and the report is accepted.
    const elsewhere = await post(other, stationIds[1]!, cookie);
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.cookies.some((c) => c.name === DEVICE_COOKIE)).toBe(true);
  });
});
