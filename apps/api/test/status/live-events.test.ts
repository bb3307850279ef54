import type { Station, StatusEvent } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app';
import { createTestDb, TEST_DIALECTS, type TestDb } from '../helpers/test-db';
import { northOf, seedStations } from './seed-stations';
import { openEventStream } from './sse-client';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const PORTS = { sqlite: 8160, postgres: 8161 } as const;
let ipSeq = 0;

/** Posts a driver report from a fresh device and address; expects 201. */
async function report(t: TestApp, station: Station, status: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/stations/${station.id}/reports`,
    payload: { status, position: northOf(station, 30) },
    remoteAddress: `10.20.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`,
  });
  expect(res.statusCode).toBe(201);
  return res.json().report.id as number;
}

const until = async (cond: () => boolean, timeoutMs = 3000) => {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(TEST_DIALECTS)('live events (SSE) on %s', (dialect) => {
  let t: TestApp;
  let db: TestDb;
  let stations: Station[];
  let base: string;
  beforeAll(async () => {
    db = await createTestDb(dialect);
    stations = await seedStations(db.db, 6, 200);
    t = await createTestApp({ db, env: { SSE_HEARTBEAT_SEC: '1', SSE_MAX_STREAMS_PER_IP: '3' } });
    await t.app.listen({ port: PORTS[dialect], host: '127.0.0.1' });
    base = `http://127.0.0.1:${PORTS[dialect]}`;
  });
  afterAll(async () => {
    await t?.close();
    await db?.cleanup();
  });

  it('answers with stream headers, no compression, a ready event and heartbeats', async () => {
    const s = await openEventStream(`${base}/api/events?stations=${stations[0]!.id}`, {
      'accept-encoding': 'gzip, br',
    });
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(s.res.headers.get('cache-control')).toBe('no-cache, no-transform');
      expect(s.res.headers.get('x-accel-buffering')).toBe('no');
      expect(s.res.headers.get('content-encoding')).toBeNull();
      expect(s.res.headers.get('x-content-type-options')).toBe('nosniff');
      const ready = await s.waitFor((e) => e.event === 'ready');
      expect(Number(ready.id)).toBeGreaterThanOrEqual(0);
      await s.waitFor((e) => e.event === 'comment', 2500);
    } finally {
      s.close();
    }
  });

  it('delivers the change caused by another client’s report, only to streams that follow the station', async () => {
    const [a, b] = stations as [Station, Station];
    const followA = await openEventStream(`${base}/api/events?stations=${a.id},${stations[5]!.id}`);
    const followB = await openEventStream(`${base}/api/events?stations=${b.id}`);
    const box = `${a.lon - 0.01},${a.lat - 0.01},${a.lon + 0.01},${a.lat + 0.01}`;
    const boxA = await openEventStream(`${base}/api/events?bbox=${box}`);
    try {
      await Promise.all([followA, followB, boxA].map((s) => s.waitFor((e) => e.event === 'ready')));
      const id = await report(t, a, 'no_gas');
      for (const stream of [followA, boxA]) {
        const ev = await stream.waitFor((e) => e.event === 'status');
        const data = JSON.parse(ev.data) as StatusEvent;
        expect(Number(ev.id)).toBe(id);
        expect(data).toMatchObject({
          stationId: a.id,
          seq: id,
          status: { status: 'no_gas', reportCount: 1 },
        });
      }
      await report(t, b, 'available');
      const evB = await followB.waitFor((e) => e.event === 'status');
      expect(JSON.parse(evB.data).stationId).toBe(b.id);
      expect(followB.events.filter((e) => e.event === 'status')).toHaveLength(1);
      expect(followA.events.filter((e) => e.event === 'status')).toHaveLength(1);
    } finally {
      for (const s of [followA, followB, boxA]) s.close();
    }
  });

  it('replays what a client missed when it reconnects with Last-Event-ID', async () => {
    const [, , c, d, e] = stations as [Station, Station, Station, Station, Station];
    const first = await openEventStream(`${base}/api/events?stations=${c.id},${d.id}`);
    const ready = await first.waitFor((ev) => ev.event === 'ready');
    first.close();
    const idC = await report(t, c, 'closed');
    await report(t, e, 'closed'); // not followed: must not be replayed
    const idD = await report(t, d, 'low_pressure');
    const resumed = await openEventStream(`${base}/api/events?stations=${c.id},${d.id}`, {
      'last-event-id': ready.id!,
    });
    try {
      const done = await resumed.waitFor((ev) => ev.event === 'ready');
      // On PostgreSQL the live NOTIFY of the last report may also reach the new stream: states are
      // idempotent, so compare the distinct states received.
      const replayed = resumed.events
        .filter((ev) => ev.event === 'status')
        .map((ev) => JSON.parse(ev.data) as StatusEvent)
        .map((r) => `${r.stationId} ${r.seq} ${r.status.status}`);
      expect([...new Set(replayed)].sort()).toEqual(
        [`${c.id} ${idC} closed`, `${d.id} ${idD} low_pressure`].sort(),
      );
      expect(Number(done.id)).toBe(idD);
    } finally {
      resumed.close();
    }
  });

  it('caps concurrent streams per IP and frees a slot when a client disconnects', async () => {
    const url = `${base}/api/events?stations=${stations[0]!.id}`;
    const open = [await openEventStream(url), await openEventStream(url), await openEventStream(url)];
    await Promise.all(open.map((s) => s.waitFor((e) => e.event === 'ready')));
    const fourth = await fetch(url);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toBe('30');
    expect(t.app.eventStreams.count('127.0.0.1')).toBe(3);
    open[0]!.close();
    await until(() => t.app.eventStreams.count('127.0.0.1') === 2);
    const again = await openEventStream(url);
    expect(again.res.status).toBe(200);
    again.close();
    for (const s of open) s.close();
    await until(() => t.app.eventStreams.count() === 0);
  });

  it.each([
    ['', 'stations'],
    [`?stations=a&bbox=1,1,2,2`, 'stations'],
    ['?bbox=1,50,2,40', 'bbox'],
    ['?stations=bad id', 'stations'],
  ])('answers 400 for the filter %s', async (query, field) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/events${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
  });
});

describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))(
  'live events across instances on %s',
  (dialect) => {
    it('streams from instance B a report stored through instance A (LISTEN/NOTIFY)', async () => {
      const db = await createTestDb(dialect);
      const [station] = await seedStations(db.db, 1, 300);
      const a = await createTestApp({ db });
      const b = await createTestApp({ db: db.reopen() });
      try {
        await b.app.listen({ port: 8162, host: '127.0.0.1' });
        const stream = await openEventStream(`http://127.0.0.1:8162/api/events?stations=${station!.id}`);
        await stream.waitFor((e) => e.event === 'ready');
        const id = await report(a, station!, 'no_gas');
        const ev = await stream.waitFor((e) => e.event === 'status');
        expect(JSON.parse(ev.data)).toMatchObject({
          stationId: station!.id,
          seq: id,
          status: { status: 'no_gas' },
        });
        // Instance B's status provider agrees with A's without any request to B having written anything.
        expect(b.app.statusProvider.summaryFor(station!.id).status).toBe('no_gas');
        stream.close();
      } finally {
        await a.close();
        await b.close();
        await b.db.cleanup();
        await db.cleanup();
      }
    });
  },
);
