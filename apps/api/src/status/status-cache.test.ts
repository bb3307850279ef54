import type { Station } from '@cng/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedStations } from '../test-support/seed-stations';
import { createTestDb, type TestDb } from '../test-support/test-db';
import { insertDriverReport, insertOfficialStatus } from './report-repository';
import { StatusCache, type StatusChange } from './status-cache';

const T0 = Date.parse('2026-09-01T12:00:00Z');
const MIN = 60_000;
const LIMITS = { cooldownMin: 10, perNetwork: 3 };

describe('status cache: changes the clock makes', () => {
  let db: TestDb;
  let station: Station;
  let cache: StatusCache;
  let heard: StatusChange[];
  let at: Map<string, { lon: number; lat: number }>;
  let device = 0;

  const report = (status: 'available' | 'no_gas', atMs: number) =>
    insertDriverReport(
      db.db,
      {
        stationId: station.id,
        deviceId: `device-${++device}`,
        networkHash: `net-${device}`,
        status,
        queueMin: null,
        note: null,
        position: { lon: station.lon, lat: station.lat, accuracyM: 5, distanceM: 0 },
      },
      LIMITS,
      new Date(atMs),
    );

  beforeEach(async () => {
    db = await createTestDb('sqlite');
    [station] = (await seedStations(db.db, 1, 700)) as [Station];
    // Where the station index would say the seeded station is.
    at = new Map([[station.id, { lon: station.lon, lat: station.lat }]]);
    cache = new StatusCache(
      db.db,
      async (ids) => new Map(ids.flatMap((id) => (at.has(id) ? [[id, at.get(id)!]] : []))),
    );
    heard = [];
    cache.onChange((c) => heard.push(c));
  });
  afterEach(async () => {
    vi.useRealTimers();
    cache.close();
    await db.cleanup();
  });

  it('tells listeners when decay changes the confidence and when the status fades out, and only then', async () => {
    await report('available', T0);
    await report('available', T0);
    await cache.loadAll({ now: new Date(T0) });
    expect(cache.summaryFor(station.id, T0).confidence).toBe('high');

    // A minute later only the age moved: that is no change (clients count the age themselves).
    cache.recomputeAll(T0 + MIN);
    expect(heard).toEqual([]);

    // After an hour two reports weigh 2 x 0.35: still agreeing, no longer "high".
    cache.recomputeAll(T0 + 60 * MIN);
    expect(heard.map((c) => [c.stationId, c.status.status, c.status.confidence])).toEqual([
      [station.id, 'available', 'medium'],
    ]);
    cache.recomputeAll(T0 + 61 * MIN);
    expect(heard).toHaveLength(1);

    // Past the 3-hour horizon nothing counts: "unknown" is pushed and the station leaves the cache.
    cache.recomputeAll(T0 + 181 * MIN);
    expect(heard[1]).toMatchObject({ stationId: station.id, status: { status: 'unknown' } });
    expect(cache.size).toBe(0);
  });

  it('ends an official status at its validUntil with a timer, without waiting for the minute tick', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
    await report('available', T0 - 5 * MIN);
    await insertOfficialStatus(
      db.db,
      {
        stationId: station.id,
        status: 'no_gas',
        queueMin: null,
        note: null,
        validUntil: new Date(T0 + 30 * MIN),
      },
      new Date(T0 - MIN),
    );
    await cache.loadAll();
    expect(cache.summaryFor(station.id)).toMatchObject({ status: 'no_gas', official: true });
    expect(cache.nextExpiryAt(station.id)).toBe(T0 + 30 * MIN);

    vi.advanceTimersByTime(30 * MIN - 1);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toHaveLength(1);
    expect(heard[0]!.status).toMatchObject({ status: 'available', official: false });
  });

  it('ends each of two official statuses at its own validUntil, the later one too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(T0);
    const official = (status: 'closed' | 'no_gas', setAtMs: number, untilMs: number) =>
      insertOfficialStatus(
        db.db,
        { stationId: station.id, status, queueMin: null, note: null, validUntil: new Date(untilMs) },
        new Date(setAtMs),
      );
    // Closed for an hour, then (newer) out of gas for half an hour: the newer one shows, and ends first.
    await official('closed', T0 - 2 * MIN, T0 + 60 * MIN);
    await official('no_gas', T0 - MIN, T0 + 30 * MIN);
    await cache.loadAll();
    expect(cache.summaryFor(station.id)).toMatchObject({ status: 'no_gas', official: true });

    vi.advanceTimersByTime(30 * MIN);
    expect(heard.map((c) => c.status.status)).toEqual(['closed']);
    // The timer that fired set the next one: the end of "closed" reaches the streams when it comes, not up to
    // a minute later with the next tick.
    expect(cache.nextExpiryAt(station.id)).toBe(T0 + 60 * MIN);
    vi.advanceTimersByTime(30 * MIN);
    expect(heard.map((c) => c.status.status)).toEqual(['closed', 'unknown']);
  });

  it('sends a change with where the station is now, after a moderator moved it', async () => {
    await report('available', T0);
    await report('available', T0);
    await cache.loadAll({ now: new Date(T0) });
    // Moved 2 km north: the index is rebuilt, and the cache takes the positions of the new one.
    const moved = { lon: station.lon, lat: station.lat + 0.018 };
    at.set(station.id, moved);
    await cache.updatePositions();
    // The next change the clock makes (decay, an hour later) is sent from the new position, so a stream
    // following the box around it hears it.
    cache.recomputeAll(T0 + 60 * MIN);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ stationId: station.id, ...moved });
  });

  it('reloads on a resync and reports exactly the stations that changed behind its back', async () => {
    await report('available', T0);
    await cache.loadAll({ now: new Date(T0) });
    // A report this instance never heard of (its change event was lost with the LISTEN connection).
    const missed = await report('no_gas', T0 + MIN);
    const changes = await cache.loadAll({ notify: true, now: new Date(T0 + 2 * MIN) });
    expect(changes.map((c) => [c.stationId, c.seq])).toEqual([
      [station.id, missed.kind === 'created' ? Number(missed.row.id) : -1],
    ]);
    expect(heard).toEqual(changes);
    expect(heard[0]!.status).toMatchObject({ status: 'no_gas', confidence: 'mixed', reportCount: 2 });
    expect(await cache.loadAll({ notify: true, now: new Date(T0 + 3 * MIN) })).toEqual([]);
  });
});
