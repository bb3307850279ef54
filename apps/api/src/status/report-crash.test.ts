import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPORT_STATUSES, type Station } from '@cng/shared';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { northOf, seedStations } from '../test-support/seed-stations';
import { exited, freePort, startServerProcess } from '../test-support/server-process';

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const KILL_AFTER = 150;

const startServer = async (sqlitePath: string) =>
  (
    await startServerProcess({
      port: PORT,
      sqlitePath,
      env: { REPORT_RATE_LIMIT_PER_MIN: '100000' },
    })
  ).child;

describe('station reports survive a SIGKILL mid-stream (SQLite file, real server process)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-report-crash-'));
  const sqlitePath = path.join(dir, 'crash.sqlite');
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const c of started) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has every report that got a 201 after a restart, each once', async () => {
    const setup = openDatabase({ databaseUrl: '', sqlitePath });
    await migrateToLatest(setup.db);
    // Every report comes from 127.0.0.1, which may send 3 per station per 10 min: 100 stations allow 300.
    const stations: Station[] = await seedStations(setup.db, 100, 600);
    await setup.db.destroy();

    const first = await startServer(sqlitePath);
    started.push(first);
    const acknowledged: { id: number; stationId: string; status: string }[] = [];
    let next = 0;
    let killed = false;
    // Eight clients report in a loop; once 150 reports are acknowledged the server is killed mid-stream.
    const client = async () => {
      while (!killed || next < 10_000) {
        const n = next++;
        const station = stations[n % stations.length]!;
        const status = REPORT_STATUSES[n % 4]!;
        try {
          const res = await fetch(`${BASE}/api/stations/${station.id}/reports`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ status, queueMin: n % 30, position: northOf(station, 40) }),
          });
          if (res.status === 201) {
            const body = (await res.json()) as { report: { id: number } };
            acknowledged.push({ id: body.report.id, stationId: station.id, status });
          }
        } catch {
          return; // connection refused or reset: the server is gone
        }
        if (acknowledged.length >= KILL_AFTER && !killed) {
          killed = true;
          first.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const second = await startServer(sqlitePath);
    started.push(second);
    const db = new SQLite(sqlitePath, { readonly: true });
    const rows = db.prepare('select id, station_id, status from station_reports').all() as {
      id: number;
      station_id: string;
      status: string;
    }[];
    db.close();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const a of acknowledged) {
      expect(byId.get(a.id)).toEqual({ id: a.id, station_id: a.stationId, status: a.status });
    }
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // In-flight reports the server never answered may or may not be there; nothing else can be.
    expect(rows.length - acknowledged.length).toBeLessThanOrEqual(8);

    // The restarted server rebuilt its status cache from the file.
    const last = acknowledged[acknowledged.length - 1]!;
    const list = await fetch(`${BASE}/api/stations/${last.stationId}/reports`);
    const body = (await list.json()) as { status: { reportCount: number }; reports: { id: number }[] };
    expect(body.reports.map((r) => r.id)).toContain(last.id);
    expect(body.status.reportCount).toBeGreaterThan(0);
    second.kill('SIGTERM');
    await exited(second);
    // Two real server start-ups (tsx) and the real-data parse take most of this on a busy machine.
  }, 180_000);
});
