import { REPORT_STATUSES, type Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../plugins/device-id';
import { northOf, seedStations } from '../test-support/seed-stations';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';

const STATIONS = 200;
const FRESH_DEVICES = 800;
const DOUBLE_SENDERS = 100;
const ip = (n: number) => `10.${30 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;

describe.each(TEST_DIALECTS)('1,000 concurrent reports on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    stations = await seedStations(db.db, STATIONS + DOUBLE_SENDERS, 400);
    // Exactly once under concurrency is what is tested here. On a slow disk (30 ms a commit) a thousand commits
    // outlast the default write deadline, whose 503s are write-deadline.test.ts's subject.
    t = await createTestApp({ db, env: { WRITE_DEADLINE_MS: '600000' } });
  });
  afterAll(async () => {
    await t?.close();
    await t?.db.cleanup();
  });

  it('stores every acknowledged report exactly once and lets each device through its cooldown once', async () => {
    // 100 devices get their cookie from a first report at a station outside the test set.
    const cookies: string[] = [];
    for (let i = 0; i < DOUBLE_SENDERS; i++) {
      const s = stations[STATIONS + i]!;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/stations/${s.id}/reports`,
        payload: { status: 'available' },
        remoteAddress: ip(5000 + i),
      });
      cookies.push(res.cookies.find((c) => c.name === DEVICE_COOKIE)!.value);
    }

    type Sent = { stationId: string; status: string; queueMin: number; cookie?: string; pair?: number };
    const sends: Sent[] = [];
    for (let i = 0; i < FRESH_DEVICES; i++) {
      const s = stations[i % STATIONS]!;
      sends.push({ stationId: s.id, status: REPORT_STATUSES[i % 4]!, queueMin: i % 60 });
    }
    // The same device sends two reports to one station at the same instant: exactly one may pass.
    for (let i = 0; i < DOUBLE_SENDERS; i++) {
      const s = stations[(i * 7) % STATIONS]!;
      for (const status of ['available', 'no_gas'])
        sends.push({ stationId: s.id, status, queueMin: 1, cookie: cookies[i]!, pair: i });
    }
    expect(sends).toHaveLength(1000);

    const results = await Promise.all(
      sends.map((r, n) =>
        t.app.inject({
          method: 'POST',
          url: `/api/stations/${r.stationId}/reports`,
          payload: {
            status: r.status,
            queueMin: r.queueMin,
            position: northOf(stations.find((s) => s.id === r.stationId)!, 50),
          },
          cookies: r.cookie ? { [DEVICE_COOKIE]: r.cookie } : {},
          remoteAddress: ip(n),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c !== 201 && c !== 429)).toEqual([]);
    const acknowledged = results.flatMap((r, n) =>
      r.statusCode === 201 ? [{ n, id: r.json().report.id }] : [],
    );
    expect(acknowledged).toHaveLength(FRESH_DEVICES + DOUBLE_SENDERS);
    for (let i = 0; i < DOUBLE_SENDERS; i++) {
      const pairCodes = results.filter((_, n) => sends[n]!.pair === i).map((r) => r.statusCode);
      expect(pairCodes.sort()).toEqual([201, 429]);
    }

    const testIds = stations.slice(0, STATIONS).map((s) => s.id);
    const rows = await t.db.db
      .selectFrom('station_reports')
      .selectAll()
      .where('station_id', 'in', testIds)
      .execute();
    // Nothing unacknowledged was stored and nothing twice: the stored ids are exactly the acknowledged ids.
    expect(rows.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(
      acknowledged.map((a) => a.id).sort((a, b) => a - b),
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const { n, id } of acknowledged) {
      expect(byId.get(id)).toMatchObject({ station_id: sends[n]!.stationId, status: sends[n]!.status });
    }

    // The in-memory status agrees with the stored rows: one voice per device at each station.
    for (const stationId of testIds) {
      const devices = new Set(rows.filter((r) => r.station_id === stationId).map((r) => r.device_id));
      expect(t.app.statusProvider.summaryFor(stationId).reportCount).toBe(devices.size);
    }
  });
});
