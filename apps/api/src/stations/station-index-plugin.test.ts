import type { NearestResponse } from '@cng/shared';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { insertStations, realStations } from '../test-support/real-stations';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';

const MILAN = 'lat=45.4642&lon=9.19&radiusKm=1000&limit=100';

describe.each(TEST_DIALECTS)('station index plugin on %s', (dialect) => {
  let closeAll: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closeAll.reverse()) await close();
    closeAll = [];
  });
  const start = async (env: Record<string, string> = {}) => {
    const db = await createTestDb(dialect);
    const t = await createTestApp({ dialect, db, env });
    closeAll.push(db.cleanup, t.close);
    return t;
  };
  const nearestIds = async (t: Awaited<ReturnType<typeof start>>, query = MILAN) =>
    (
      (await t.app.inject({ method: 'GET', url: `/api/stations/nearest?${query}` })).json() as NearestResponse
    ).stations.map((s) => s.id);
  const italian = realStations().filter((s) => s.countryCode === 'IT');

  it('loads the stored stations when the server starts', async () => {
    const db = await createTestDb(dialect);
    await insertStations(db.db, italian.slice(0, 50));
    const t = await createTestApp({ dialect, db });
    closeAll.push(db.cleanup, t.close);
    expect(t.app.stationIndex.current.size).toBe(50);
    expect((await nearestIds(t)).length).toBe(50);
  });

  it('rebuilds on stations-changed: new stations appear, deactivated ones disappear', async () => {
    const t = await start();
    expect(await nearestIds(t)).toEqual([]);
    await insertStations(t.db.db, italian.slice(0, 20));
    await publishAndWaitForRebuild(t.app);
    expect((await nearestIds(t)).sort()).toEqual(
      italian
        .slice(0, 20)
        .map((s) => s.id)
        .sort(),
    );
    await t.db.db.updateTable('stations').set({ active: 0 }).where('id', '=', italian[0]!.id).execute();
    await publishAndWaitForRebuild(t.app);
    expect(await nearestIds(t)).not.toContain(italian[0]!.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/stations/${italian[0]!.id}` })).statusCode).toBe(
      404,
    );
  });

  it('picks up an import run written by another process, without any event', async () => {
    const t = await start({ STATIONS_POLL_SEC: '1' });
    await insertStations(t.db.db, italian.slice(0, 5));
    await t.db.db
      .insertInto('import_runs')
      .values({
        source: 'it-mimit',
        inputs: 'cli',
        started_at: new Date().toISOString(),
        dry_run: 0,
        status: 'ok',
      })
      .execute();
    await expect.poll(() => t.app.stationIndex.current.size, { timeout: 8000 }).toBe(5);
  });

  it('prepares the typo index of a new snapshot right after building it, before any search asks', async () => {
    const db = await createTestDb(dialect);
    await insertStations(db.db, italian.slice(0, 10));
    const t = await createTestApp({ dialect, db });
    closeAll.push(db.cleanup, t.close);
    await new Promise((r) => setImmediate(r));
    expect(t.app.stationIndex.current.search.fuzzyPrepared).toBe(true);
    await insertStations(t.db.db, italian.slice(10, 12));
    await publishAndWaitForRebuild(t.app);
    await new Promise((r) => setImmediate(r));
    expect(t.app.stationIndex.current.size).toBe(12);
    expect(t.app.stationIndex.current.search.fuzzyPrepared).toBe(true);
  });

  it('coalesces a burst of rebuild requests into at most one follow-up rebuild', async () => {
    const t = await start();
    const before = t.app.stationIndex.version;
    await Promise.all(Array.from({ length: 10 }, (_, i) => t.app.stationIndex.rebuild(`burst ${i}`)));
    expect(t.app.stationIndex.version - before).toBeGreaterThanOrEqual(1);
    expect(t.app.stationIndex.version - before).toBeLessThanOrEqual(2);
  });

  it('answers queries from memory even when the station tables are gone', async () => {
    const db = await createTestDb(dialect);
    await insertStations(db.db, italian.slice(0, 30));
    const t = await createTestApp({ dialect, db, env: { STATIONS_POLL_SEC: '0' } });
    closeAll.push(db.cleanup, t.close);
    await sql`drop table station_sources`.execute(db.db);
    await sql`drop table stations`.execute(db.db);
    expect((await nearestIds(t)).length).toBe(30);
    const id = italian[3]!.id;
    expect((await t.app.inject({ method: 'GET', url: `/api/stations/${id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/stations/search?q=eni' })).statusCode).toBe(200);
    // A failed rebuild keeps the last good index instead of emptying it.
    await expect(t.app.stationIndex.rebuild('tables dropped')).rejects.toThrow();
    expect((await nearestIds(t)).length).toBe(30);
  });
});
