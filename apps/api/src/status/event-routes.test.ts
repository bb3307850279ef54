import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { Station, StatusEvent } from '@cng/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeChannelOf } from '../db/change-feed';
import { move } from '../proposals/proposal-service';
import { northOf, seedStations } from '../test-support/seed-stations';
import { exited, freePort, startServerProcess } from '../test-support/server-process';
import { openEventStream } from '../test-support/sse-client';
import { createTestApp } from '../test-support/test-app';
import {
  createTestDb,
  schemaUrl,
  TEST_DATABASE_URL,
  TEST_DIALECTS,
  type TestDb,
} from '../test-support/test-db';
import { waitUntil } from '../test-support/wait-until';
import { latestReportId } from './report-repository';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const PORTS = { sqlite: 8160, postgres: 8161 } as const;
const REPLAY_PORTS = { sqlite: 8166, postgres: 8167 } as const;
const LISTEN_LOSS_PORT = await freePort();
const OPERATOR = 'operator-token-for-live-events-0123';
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

const until = (cond: () => boolean) => waitUntil(cond, { timeoutMs: 3000 });

describe.each(TEST_DIALECTS)('live events (SSE) on %s', (dialect) => {
  let t: TestApp;
  let db: TestDb;
  let stations: Station[];
  let base: string;
  beforeAll(async () => {
    db = await createTestDb(dialect);
    stations = await seedStations(db.db, 6, 200);
    t = await createTestApp({
      db,
      env: { SSE_HEARTBEAT_SEC: '1', SSE_MAX_STREAMS_PER_IP: '3', OPERATOR_TOKEN: OPERATOR },
    });
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

  it('answers a resume id newer than the latest report with a reset, then ready at the latest id', async () => {
    // Such an id comes from another database (restored, or another server): replaying from it would skip
    // every change up to it, so the client must refetch what it shows.
    const latest = await latestReportId(t.db.db);
    const cases: [string, Record<string, string>, string][] = [
      ['Last-Event-ID just past the latest', { 'last-event-id': String(latest + 1) }, ''],
      ['Last-Event-ID past the 32-bit id column', { 'last-event-id': '99999999999' }, ''],
      ['lastEventId of 15 digits', {}, '&lastEventId=999999999999999'],
    ];
    for (const [label, headers, query] of cases) {
      const s = await openEventStream(`${base}/api/events?stations=${stations[0]!.id}${query}`, headers);
      try {
        const ready = await s.waitFor((e) => e.event === 'ready');
        const reset = s.events.find((e) => e.event === 'reset');
        expect(reset, label).toBeDefined();
        expect(Number(reset!.id), label).toBe(latest);
        expect(JSON.parse(reset!.data).seq, label).toBe(latest);
        expect(ready.id, label).toBe(String(latest));
        expect(JSON.parse(ready.data).seq, label).toBe(latest);
        expect(
          s.events.filter((e) => e.event === 'status'),
          label,
        ).toEqual([]);
        // The stream stays open: a heartbeat follows.
        await s.waitFor((e) => e.event === 'comment', 2500);
      } finally {
        s.close();
      }
      await until(() => t.app.eventStreams.count() === 0);
    }
  });

  it('treats a Last-Event-ID that is not a report id as no resume, falling back to lastEventId', async () => {
    const latest = await latestReportId(t.db.db);
    const url = `${base}/api/events?stations=${stations[0]!.id}`;
    for (const header of ['9'.repeat(400), '1234567890123456', 'abc', '-1']) {
      const s = await openEventStream(url, { 'last-event-id': header });
      try {
        const ready = await s.waitFor((e) => e.event === 'ready');
        expect(ready.id, header).toBe(String(latest));
        expect(JSON.parse(ready.data), header).toEqual({ seq: latest });
        expect(
          s.events.some((e) => e.event === 'reset'),
          header,
        ).toBe(false);
      } finally {
        s.close();
      }
      await until(() => t.app.eventStreams.count() === 0);
    }
    const s = await openEventStream(`${url}&lastEventId=${latest}`, { 'last-event-id': 'abc' });
    try {
      const ready = await s.waitFor((e) => e.event === 'ready');
      expect(JSON.parse(ready.data)).toEqual({ seq: latest, resumedFrom: latest });
    } finally {
      s.close();
    }
    await until(() => t.app.eventStreams.count() === 0);
  });

  it('answers HEAD with the stream headers at once and holds no stream slot', async () => {
    await until(() => t.app.eventStreams.count() === 0);
    const url = `${base}/api/events?stations=${stations[0]!.id}`;
    // More HEADs than the 3 streams an address may hold.
    for (let i = 0; i < 9; i++) {
      const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(2000) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    }
    expect(t.app.eventStreams.count()).toBe(0);
    const s = await openEventStream(url);
    try {
      expect(s.res.status).toBe(200);
      await s.waitFor((e) => e.event === 'ready');
    } finally {
      s.close();
    }
    await until(() => t.app.eventStreams.count() === 0);
  });

  it('pushes the end of an official status to open streams when it ends, without a new report', async () => {
    // A station no driver reported in these tests: after the official status, nothing is known.
    const s = stations[5]!;
    const stream = await openEventStream(`${base}/api/events?stations=${s.id}`);
    try {
      await stream.waitFor((e) => e.event === 'ready');
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/stations/${s.id}/official-status`,
        headers: { authorization: `Bearer ${OPERATOR}` },
        payload: { status: 'closed', validUntil: new Date(Date.now() + 1500).toISOString() },
      });
      expect(res.statusCode).toBe(201);
      const statuses = () =>
        stream.events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data) as StatusEvent);
      await stream.waitFor((e) => e.event === 'status');
      expect(statuses()[0]!.status).toMatchObject({ status: 'closed', official: true });
      // At validUntil the server recomputes and tells the page: no longer "Closed · Official".
      await stream.waitFor((e) => e.event === 'status' && !JSON.parse(e.data).status.official, 5000);
      expect(statuses().at(-1)!.status).toMatchObject({ status: 'unknown', official: false });
    } finally {
      stream.close();
    }
  });

  it('sends the changes of a station a moderator moved to the streams that follow the box it is in now', async () => {
    const [moved] = (await seedStations(db.db, 1, 900)) as [Station];
    await t.app.stationIndex.rebuild('test: one more station');
    await report(t, moved, 'available');
    await report(t, moved, 'available');
    // 55 km north, through the moderators' own path (stations-changed: every instance rebuilds its index).
    const to = { lon: moved.lon, lat: moved.lat + 0.5 };
    await move(t.app, moved.id, to);
    await until(() => {
      const index = t.app.stationIndex.current;
      const i = index.positionOf(moved.id);
      return i !== undefined && index.nearest.latOf(i) === to.lat;
    });
    const around = (p: { lon: number; lat: number }) =>
      `${p.lon - 0.05},${p.lat - 0.05},${p.lon + 0.05},${p.lat + 0.05}`;
    const there = await openEventStream(`${base}/api/events?bbox=${around(to)}`);
    try {
      await there.waitFor((e) => e.event === 'ready');
      // A change only the clock makes (an hour on, two reports are no longer "high" confidence) goes to the
      // streams whose box holds the station's position: the new one.
      t.app.statusCache.recomputeAll(Date.now() + 61 * 60_000);
      const ev = await there.waitFor(
        (e) => e.event === 'status' && JSON.parse(e.data).stationId === moved.id,
      );
      expect(JSON.parse(ev.data)).toMatchObject({
        stationId: moved.id,
        status: { status: 'available', confidence: 'medium' },
      });
    } finally {
      there.close();
    }
  });

  it('answers the current status of several stations at once on GET /api/status', async () => {
    const [a, b] = stations as [Station, Station];
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/status?stations=${a.id},${b.id},nope,${a.id}`,
    });
    expect(res.statusCode).toBe(200);
    const { statuses } = res.json();
    expect(Object.keys(statuses).sort()).toEqual([a.id, b.id, 'nope'].sort());
    expect(statuses[a.id]).toEqual(t.app.statusProvider.summaryFor(a.id));
    expect(statuses[a.id].status).toBe('no_gas');
    expect(statuses.nope).toMatchObject({ status: 'unknown' });
    expect((await t.app.inject({ method: 'GET', url: '/api/status?stations=bad id' })).statusCode).toBe(400);
  });

  it('refuses unknown query parameters on GET /api/status, naming them', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/status?stations=${stations[0]!.id}&since=5` });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'since', problem: 'is not allowed' }]);
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
    ['?stations=a&since=5', 'since'],
    ['?stations=a&lastEventId=-1', 'lastEventId'],
    ['?stations=a&lastEventId=1.5', 'lastEventId'],
    ['?stations=a&lastEventId=0x10', 'lastEventId'],
    ['?stations=a&lastEventId=1e3', 'lastEventId'],
    ['?stations=a&lastEventId=1234567890123456', 'lastEventId'],
    [`?stations=a&lastEventId=${'9'.repeat(400)}`, 'lastEventId'],
  ])(
    'answers 400 for the query %s',
    async (query, field) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/events${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].field).toBe(field);
    },
    // An accepted query opens a stream that never ends: fail fast instead of waiting for the suite timeout.
    5000,
  );
});

describe.each(TEST_DIALECTS)('replaying after many changes on %s', (dialect) => {
  const CHANGED = 1002;
  let t: TestApp;
  let stations: Station[];
  let base: string;
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    stations = await seedStations(db.db, CHANGED, 1200);
    // One report per station, written straight to the table (far quicker than 1,002 requests).
    for (let i = 0; i < CHANGED; i += 250) {
      await db.db
        .insertInto('station_reports')
        .values(
          stations.slice(i, i + 250).map((s, k) => ({
            station_id: s.id,
            status: 'available',
            queue_min: null,
            note: null,
            source: 'driver',
            device_id: `replay-${i + k}`,
            network_hash: null,
            lon: null,
            lat: null,
            accuracy_m: null,
            distance_m: null,
            created_at: new Date().toISOString(),
            valid_until: null,
          })),
        )
        .execute();
    }
    t = await createTestApp({ db });
    await t.app.listen({ port: REPLAY_PORTS[dialect], host: '127.0.0.1' });
    base = `http://127.0.0.1:${REPLAY_PORTS[dialect]}`;
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.cleanup();
  });

  const replay = async (query: string) => {
    const s = await openEventStream(`${base}/api/events?${query}`, { 'last-event-id': '0' });
    try {
      await s.waitFor((e) => e.event === 'ready');
      return s.events;
    } finally {
      s.close();
    }
  };

  it('replays a followed station that changed after 1,000 others (the filter runs in SQL)', async () => {
    const last = stations[CHANGED - 1]!;
    const events = await replay(`stations=${last.id},${stations[0]!.id}`);
    const replayed = events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data).stationId);
    expect(replayed.sort()).toEqual([last.id, stations[0]!.id].sort());
    expect(events.some((e) => e.event === 'reset')).toBe(false);
  });

  it('replays only the stations inside a box', async () => {
    const last = stations[CHANGED - 1]!;
    const box = `${last.lon - 0.0001},${last.lat - 0.0001},${last.lon + 0.0001},${last.lat + 0.0001}`;
    const events = await replay(`bbox=${box}`);
    const inBox = stations.filter(
      (s) => Math.abs(s.lon - last.lon) <= 0.0001 && Math.abs(s.lat - last.lat) <= 0.0001,
    );
    const replayed = events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data).stationId);
    expect(replayed.sort()).toEqual(inBox.map((s) => s.id).sort());
    expect(replayed).toContain(last.id);
  });

  it('sends a reset instead of a partial replay when more than 200 followed stations changed', async () => {
    const events = await replay('bbox=-180,-90,180,90');
    expect(events.filter((e) => e.event === 'status')).toEqual([]);
    const reset = events.find((e) => e.event === 'reset')!;
    const maxId = Number(
      (
        await t.db.db
          .selectFrom('station_reports')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirstOrThrow()
      ).m,
    );
    // Replays stay within what a lagging stream may queue (250 events): past 200 stations, a reset.
    expect(JSON.parse(reset.data)).toEqual({ seq: maxId, reason: 'more than 200 stations changed' });
    expect(Number(reset.id)).toBe(maxId);
    expect(events.at(-1)).toMatchObject({ event: 'ready', id: String(maxId) });
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
        const bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
        const stream = await openEventStream(`${bUrl}/api/events?stations=${station!.id}`);
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

/** The test database URL, pinned to one schema and tagged with an application name we can find. */
function urlFor(schema: string, appName: string): string {
  const url = new URL(schemaUrl(schema));
  url.searchParams.set('application_name', appName);
  return url.toString();
}

describe.each(TEST_DIALECTS.filter((d) => d === 'postgres'))(
  'the real server on %s when its LISTEN connection is killed',
  (dialect) => {
    const started: ChildProcess[] = [];
    afterAll(() => {
      for (const c of started) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
    });

    it('keeps running, listens again, pushes what it missed and hears later NOTIFYs', async () => {
      const db = await createTestDb(dialect);
      const admin = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 2 });
      const appName = `listen-loss-${randomBytes(4).toString('hex')}`;
      try {
        const [station] = (await seedStations(db.db, 1, 800)) as [Station];
        const server = await startServerProcess({
          port: LISTEN_LOSS_PORT,
          sqlitePath: '/nonexistent/unused.sqlite',
          logLevel: 'info',
          env: { DATABASE_URL: urlFor(db.location, appName) },
        });
        started.push(server.child);
        const stream = await openEventStream(
          `http://127.0.0.1:${LISTEN_LOSS_PORT}/api/events?stations=${station.id}`,
        );
        await stream.waitFor((e) => e.event === 'ready');

        // A report whose notification this server never gets (written behind its back).
        const row = (
          await db.db
            .insertInto('station_reports')
            .values({
              station_id: station.id,
              status: 'closed',
              queue_min: null,
              note: null,
              source: 'driver',
              device_id: 'missed-device',
              network_hash: null,
              lon: null,
              lat: null,
              accuracy_m: null,
              distance_m: null,
              created_at: new Date().toISOString(),
              valid_until: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;

        const pids = await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where application_name = $1 and query ilike 'LISTEN%'",
          [appName],
        );
        expect(pids.rows).toHaveLength(1);
        await admin.query('select pg_terminate_backend($1)', [pids.rows[0]!.pid]);

        // The resync reloads the status cache and pushes the change the lost connection hid.
        const missed = await stream.waitFor((e) => e.event === 'status', 10_000);
        expect(JSON.parse(missed.data)).toMatchObject({
          stationId: station.id,
          seq: Number(row),
          status: { status: 'closed' },
        });
        expect(server.child.exitCode).toBeNull();
        expect(server.output()).toMatch(/change feed lost its connection; reconnecting/);
        // The log line follows the pushed events.
        await expect.poll(() => server.output()).toMatch(/"changed":1,"msg":"live status reloaded"/);
        expect((await fetch(`http://127.0.0.1:${LISTEN_LOSS_PORT}/api/health`)).ok).toBe(true);

        // Later notifications arrive again: another instance announces a new report.
        await db.db
          .insertInto('station_reports')
          .values({
            station_id: station.id,
            status: 'available',
            queue_min: null,
            note: null,
            source: 'driver',
            device_id: 'other-instance-device',
            network_hash: null,
            lon: null,
            lat: null,
            accuracy_m: null,
            distance_m: null,
            created_at: new Date().toISOString(),
            valid_until: null,
          })
          .execute();
        await admin.query('select pg_notify($1, $2)', [
          changeChannelOf(db.location),
          JSON.stringify({ channel: 'status-changed', payload: { stationId: station.id } }),
        ]);
        const later = await stream.waitFor(
          (e) => e.event === 'status' && JSON.parse(e.data).status.reportCount === 2,
          10_000,
        );
        expect(JSON.parse(later.data).status.confidence).toBe('mixed');
        stream.close();
        server.child.kill('SIGTERM');
        await exited(server.child);
      } finally {
        await admin.end();
        await db.cleanup();
      }
    }, 60_000);
  },
);
