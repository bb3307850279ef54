import {
  REPORT_LIMITS,
  type StatusEvent,
  StatusEventSchema,
  StreamReadyEventSchema,
  StreamResetEventSchema,
} from '@cng/shared';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRealStations } from '../test-support/real-import';
import { expectMatchesSchema } from '../test-support/schema-check';
import { northOf } from '../test-support/seed-stations';
import { freePort } from '../test-support/server-process';
import { openEventStream, type ParsedEvent } from '../test-support/sse-client';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { TEST_DIALECTS } from '../test-support/test-db';
import { waitUntil } from '../test-support/wait-until';

/**
 * GET /api/events writes its events as text, past Fastify's serializer: the data of every `status`, `ready`
 * and `reset` event, live and replayed, on the real start-up import, is checked against its schema.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const OPERATOR = 'operator-token-for-event-contracts-0123';
const SCHEMAS: Record<string, TSchema> = {
  status: StatusEventSchema,
  ready: StreamReadyEventSchema,
  reset: StreamResetEventSchema,
};

/** Checks the data of every event of `events` that has a schema; answers how many were checked. */
function checkEvents(events: ParsedEvent[]): number {
  let count = 0;
  for (const e of events) {
    const schema = SCHEMAS[e.event];
    if (!schema) continue;
    const data = JSON.parse(e.data);
    expectMatchesSchema(schema, data, `${e.event} event ${e.data.slice(0, 120)}`);
    expect(e.id).toBe(String(data.seq));
    count++;
  }
  return count;
}

describe.each(TEST_DIALECTS)('event stream answers on the real import on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: {
        API_RATE_LIMIT_PER_MIN: '1000000',
        REPORT_RATE_LIMIT_PER_MIN: '1000000',
        SSE_MAX_STREAMS_PER_IP: '20',
        OPERATOR_TOKEN: OPERATOR,
      },
    });
    await importRealStations(t.db.db, t.config);
    await publishAndWaitForRebuild(t.app);
    const port = await freePort();
    await t.app.listen({ port, host: '127.0.0.1' });
    base = `http://127.0.0.1:${port}`;
  }, 180_000);
  afterAll(async () => t?.close());

  const index = () => t.app.stationIndex.current;

  /** A report on station i of the index from a fresh device and address, or an operator's status. */
  const report = async (i: number, status: string, extra: object = {}) => {
    const station = { lon: index().nearest.lonOf(i), lat: index().nearest.latOf(i) };
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${index().idOf(i)}/reports`,
      payload: { status, position: northOf(station, 30), ...extra },
      remoteAddress: `10.${Math.floor(++ip / 250) % 250}.${ip % 250}.${Math.floor(ip / 62_500) + 1}`,
    });
    expect(res.statusCode).toBe(201);
  };
  const official = async (i: number, status: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${index().idOf(i)}/official-status`,
      payload: { status },
      headers: { authorization: `Bearer ${OPERATOR}` },
    });
    expect(res.statusCode).toBe(201);
  };
  /** Reports of every kind on stations `from`, `from + step`, … (`count` of them): one change each at least. */
  const changeStations = async (from: number, step: number, count: number) => {
    // The status events follow each report through the change feed (LISTEN/NOTIFY on PostgreSQL): wait until
    // every station changed has had its event, so a stream opened next can replay them all.
    const changed = new Set<string>();
    const seen = new Set<string>();
    const unsubscribe = t.app.statusCache.onChange(({ stationId }) => seen.add(stationId));
    for (let k = 0; k < count; k++) {
      const i = (from + k * step) % index().size;
      changed.add(index().idOf(i));
      if (k % 3 === 0) await report(i, 'available', { queueMin: 10 });
      if (k % 3 === 1) {
        await report(i, 'available');
        await report(i, 'no_gas');
      }
      if (k % 3 === 2) {
        await official(i, 'closed');
        await report(i, 'low_pressure');
      }
    }
    try {
      await waitUntil(() => [...changed].every((id) => seen.has(id)), {
        what: `status events of the ${changed.size} stations changed`,
        timeoutMs: 30_000,
      });
    } finally {
      unsubscribe();
    }
  };

  it('sends status events matching StatusEventSchema to streams of ids and of boxes, the antimeridian too', async () => {
    const n = index().size;
    const ids = Array.from({ length: REPORT_LIMITS.eventsMaxStations }, (_, k) => index().idOf((k * 7) % n));
    const streams = await Promise.all([
      openEventStream(`${base}/api/events?stations=${ids.join(',')}`),
      openEventStream(`${base}/api/events?bbox=68,8,97,37`),
      openEventStream(`${base}/api/events?bbox=6.5,36.5,18.5,47`),
      // From 60°E eastward round to 10°E: India and western Italy, across the antimeridian.
      openEventStream(`${base}/api/events?bbox=60,0,10,50`),
      openEventStream(`${base}/api/events?bbox=-160,-10,-140,10`),
    ]);
    try {
      await Promise.all(streams.map((s) => s.waitFor((e) => e.event === 'ready')));
      await changeStations(0, 7, 120);
      const live = (s: (typeof streams)[number]) =>
        new Set(s.events.filter((e) => e.event === 'status').map((e) => JSON.parse(e.data).stationId)).size;
      // Every followed station changed: the id stream gets all 120 of them.
      await waitUntil(() => live(streams[0]!) === 120, {
        what: '120 stations on the id stream',
        timeoutMs: 20_000,
      });
      expect(streams.reduce((sum, s) => sum + checkEvents(s.events), 0)).toBeGreaterThan(240);
      expect(live(streams[1]!)).toBeGreaterThan(0);
      expect(live(streams[2]!)).toBeGreaterThan(0);
      expect(live(streams[3]!)).toBeGreaterThan(0);
      expect(live(streams[4]!)).toBe(0);
      const kinds = new Set(
        streams.flatMap((s) =>
          s.events
            .filter((e) => e.event === 'status')
            .map((e) => (JSON.parse(e.data) as StatusEvent).status.why.kind),
        ),
      );
      expect([...kinds].sort()).toEqual(['disagree', 'drivers', 'official']);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('replays status events, ready and reset events matching their schemas on a resume', async () => {
    const n = index().size;
    const ids = Array.from({ length: REPORT_LIMITS.eventsMaxStations }, (_, k) =>
      index().idOf((3 + k * 11) % n),
    );
    const url = `${base}/api/events?stations=${ids.join(',')}`;
    const first = await openEventStream(url);
    const ready = await first.waitFor((e) => e.event === 'ready');
    first.close();
    checkEvents(first.events);
    await changeStations(3, 11, 60);
    // A resume after 60 changes replays them; one after more than can be replayed gets a reset.
    const resumed = await openEventStream(url, { 'last-event-id': ready.id! });
    const unknown = await openEventStream(`${url}&lastEventId=999999999999999`);
    try {
      await Promise.all([resumed, unknown].map((s) => s.waitFor((e) => e.event === 'ready')));
      const replayed = resumed.events.filter((e) => e.event === 'status');
      expect(new Set(replayed.map((e) => JSON.parse(e.data).stationId)).size).toBeGreaterThanOrEqual(60);
      expect(checkEvents(resumed.events)).toBeGreaterThan(replayed.length);
      expect(unknown.events.map((e) => e.event).filter((e) => e !== 'retry' && e !== 'comment')).toEqual([
        'reset',
        'ready',
      ]);
      expect(checkEvents(unknown.events)).toBe(2);
    } finally {
      resumed.close();
      unknown.close();
    }
    await changeStations(500, 1, 210);
    const reset = await openEventStream(url.replace(/stations=.*/, 'bbox=-180,-90,180,90'), {
      'last-event-id': ready.id!,
    });
    try {
      await reset.waitFor((e) => e.event === 'ready');
      expect(reset.events.some((e) => e.event === 'reset')).toBe(true);
      checkEvents(reset.events);
    } finally {
      reset.close();
    }
  });
});
