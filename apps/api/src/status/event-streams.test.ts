import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import net from 'node:net';
import type { Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStations } from '../test-support/seed-stations';
import { openEventStream } from '../test-support/sse-client';
import { createTestApp } from '../test-support/test-app';
import { createTestDb } from '../test-support/test-db';
import { EventStreams } from './event-streams';

/** A client that asks for the event stream and then never reads a byte. */
function stuckClient(port: number, query: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET /api/events?${query} HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n`);
      socket.pause();
      resolve(socket);
    });
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

describe('live event streams of clients that never read', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  let port: number;
  beforeAll(async () => {
    const db = await createTestDb('sqlite');
    stations = await seedStations(db.db, 3);
    t = await createTestApp({ db, env: { SSE_MAX_STREAMS_PER_IP: '5', SSE_HEARTBEAT_SEC: '60' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  it('keeps memory bounded, drops the stuck clients, and still delivers to a client that reads', async () => {
    const s = stations[0]!;
    // The whole world: every station's changes, as a map zoomed far out would follow.
    const world = 'bbox=-180,-90,180,90';
    const stuck = await Promise.all([0, 1, 2, 3].map(() => stuckClient(port, world)));
    const reader = await openEventStream(`http://127.0.0.1:${port}/api/events?${world}`);
    await reader.waitFor((e) => e.event === 'ready');
    await expect.poll(() => t.app.eventStreams.count()).toBe(5);
    // Each event ~2 KB; 40,000 of them would be 80 MB per client if a server buffered them all.
    const explanation = 'x'.repeat(2000);
    let maxBuffered = 0;
    let seq = 0;
    for (let batch = 0; batch < 400 && t.app.eventStreams.count() > 1; batch++) {
      for (let i = 0; i < 100; i++) {
        seq++;
        t.app.eventStreams.broadcast({
          // Many stations: a lagging client's queue keeps one state per station, so one station alone
          // could never fill it.
          stationId: `${s.id}-${seq % 1000}`,
          seq,
          lon: s.lon,
          lat: s.lat,
          status: {
            status: 'available',
            confidence: 'low',
            queueMin: null,
            latestReportAt: null,
            reportCount: seq,
            official: false,
            why: { kind: 'drivers', drivers: 1, latestAt: '2026-09-01T12:00:00.000Z' },
            explanation,
          },
        });
      }
      maxBuffered = Math.max(maxBuffered, t.app.eventStreams.bufferedBytes());
      await new Promise((r) => setImmediate(r));
    }
    expect(t.app.eventStreams.count()).toBe(1);
    expect(t.app.eventStreams.dropped).toBe(4);
    // Five streams, each at most a socket buffer (16 KB, plus the write that passed it) and a queue of 250
    // events of ~2.2 KB: under 3 MB, where buffering every event would hold 80 MB per stuck client.
    expect(maxBuffered).toBeLessThan(5 * (64 * 1024 + 250 * 2200));
    // The reader saw the latest state: the lagging ones were dropped, not everyone slowed down.
    const last = await reader.waitFor((e) => e.event === 'status' && e.id === String(seq), 20_000);
    expect(JSON.parse(last.data).status.reportCount).toBe(seq);
    reader.close();
    for (const socket of stuck) socket.destroy();
  });
});

/** Just enough of a ServerResponse for EventStreams. */
function fakeResponse(): ServerResponse {
  const res = new EventEmitter() as EventEmitter & Record<string, unknown>;
  Object.assign(res, { writableLength: 0, write: () => true, end: () => {}, destroy: () => {} });
  return res as unknown as ServerResponse;
}

describe('stream limits', () => {
  const limits = { heartbeatMs: 60_000, maxPerNetwork: 2, maxStreams: 5, maxQueued: 10 };
  const filter = { stationIds: new Set(['a']) };

  it('counts IPv6 clients per /64: a phone cannot open more by changing its address', () => {
    const streams = new EventStreams(limits);
    streams.add('2001:db8:1:2::1', filter, fakeResponse());
    streams.add('2001:db8:1:2:aaaa::9', filter, fakeResponse());
    expect(streams.refusal('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('network');
    expect(streams.refusal('2001:db8:1:3::1')).toBeNull();
    expect(streams.refusal('::ffff:10.0.0.1')).toBeNull();
    streams.closeAll();
  });

  it('caps the streams of the whole instance', () => {
    const streams = new EventStreams(limits);
    for (let i = 1; i <= 5; i++) streams.add(`10.0.0.${i}`, filter, fakeResponse());
    expect(streams.refusal('10.0.0.99')).toBe('instance');
    streams.closeAll();
    expect(streams.refusal('10.0.0.99')).toBeNull();
  });
});
