import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { createLocalChangeFeed } from '../db/change-feed';
import { logLines } from '../test-support/log-lines';
import { seedStations } from '../test-support/seed-stations';
import { createTestDb, type TestDb } from '../test-support/test-db';

/** The app at LOG_LEVEL info with `env`, its log lines parsed as they are written. */
async function appLogging(env: Record<string, string>) {
  const db = await createTestDb('sqlite');
  const [station] = await seedStations(db.db, 1);
  const { stream, lines } = logLines();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    AUTO_IMPORT: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    ...env,
  });
  const app = await buildApp({
    config,
    dbHandle: db,
    changes: createLocalChangeFeed(),
    logger: { level: 'info', stream },
  });
  await app.ready();
  return { app, db, station: station!, lines };
}

describe('request log lines (LOG_REQUESTS)', () => {
  let open: { app: Awaited<ReturnType<typeof buildApp>>; db: TestDb } | null = null;
  afterEach(async () => {
    await open?.app.close();
    await open?.db.cleanup();
    open = null;
  });

  const requestLines = (lines: Record<string, unknown>[]) =>
    lines.filter((l) => l.msg === 'request completed' || l.msg === 'incoming request');

  it('by default: no line for a read that succeeds, one for a write and one for a refused read', async () => {
    const t = await appLogging({});
    open = t;
    const read = await t.app.inject({
      url: `/api/stations/nearest?lat=${t.station.lat}&lon=${t.station.lon}`,
    });
    expect(read.statusCode).toBe(200);
    expect(requestLines(t.lines)).toEqual([]);

    const refused = await t.app.inject({ url: '/api/stations/nearest?lat=91&lon=0' });
    expect(refused.statusCode).toBe(400);
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${t.station.id}/reports`,
      payload: { status: 'available' },
    });
    expect(write.statusCode).toBe(201);
    const logged = requestLines(t.lines);
    expect(logged).toHaveLength(2);
    expect(logged[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/stations/nearest?lat=91&lon=0' },
      res: { statusCode: 400 },
    });
    expect(logged[1]).toMatchObject({
      msg: 'request completed',
      req: { method: 'POST', url: `/api/stations/${t.station.id}/reports` },
      res: { statusCode: 201 },
    });
    expect(typeof logged[1]!.responseTime).toBe('number');
    // Each line carries its request's id, as Fastify's own lines do.
    expect(logged[0]!.reqId).not.toBe(logged[1]!.reqId);
  });

  it("all: both of Fastify's lines for every request, reads included", async () => {
    const t = await appLogging({ LOG_REQUESTS: 'all' });
    open = t;
    await t.app.inject({ url: `/api/stations/nearest?lat=${t.station.lat}&lon=${t.station.lon}` });
    expect(requestLines(t.lines).map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('none: no request lines, even for a refused request', async () => {
    const t = await appLogging({ LOG_REQUESTS: 'none' });
    open = t;
    expect((await t.app.inject({ url: '/api/stations/nearest?lat=91&lon=0' })).statusCode).toBe(400);
    expect(requestLines(t.lines)).toEqual([]);
  });
});
