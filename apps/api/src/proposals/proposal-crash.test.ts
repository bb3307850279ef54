import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Station } from '@cng/shared';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { seedStations } from '../test-support/seed-stations';
import { exited, freePort, startServerProcess } from '../test-support/server-process';

const PORT = await freePort();
const BASE = `http://127.0.0.1:${PORT}`;
const KILL_AFTER = 100;

describe('proposals and problem reports survive a SIGKILL (SQLite file, real server process)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-proposal-crash-'));
  const sqlitePath = path.join(dir, 'crash.sqlite');
  const started: ChildProcess[] = [];
  afterAll(() => {
    for (const c of started) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has every proposal that got a 201, each once, after the server was killed mid-stream', async () => {
    const setup = openDatabase({ databaseUrl: '', sqlitePath });
    await migrateToLatest(setup.db);
    const stations: Station[] = await seedStations(setup.db, 20, 300);
    await setup.db.destroy();
    const server = (
      await startServerProcess({ port: PORT, sqlitePath, env: { PROPOSAL_RATE_LIMIT_PER_HOUR: '100000' } })
    ).child;
    started.push(server);

    const acknowledged: { id: number; kind: string }[] = [];
    let next = 0;
    let killed = false;
    // Six clients alternate additions (far apart: one network never agrees with itself) and problem reports.
    const client = async () => {
      while (!killed || next < 10_000) {
        const n = next++;
        const add = n % 2 === 0;
        const station = stations[n % stations.length]!;
        try {
          const res = await fetch(
            add ? `${BASE}/api/station-proposals` : `${BASE}/api/stations/${station.id}/problems`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(
                add
                  ? { position: { lon: 70 + (n % 97) * 0.05, lat: 20 + (n % 89) * 0.05 }, name: `Pump ${n}` }
                  : { reason: 'closed', note: `Report ${n}` },
              ),
            },
          );
          if (res.status === 201)
            acknowledged.push({
              id: ((await res.json()) as { id: number }).id,
              kind: add ? 'add' : 'problem',
            });
        } catch {
          return;
        }
        if (acknowledged.length >= KILL_AFTER && !killed) {
          killed = true;
          server.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, client));
    await exited(server);
    expect(server.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const db = new SQLite(sqlitePath, { readonly: true });
    const rows = db.prepare('select id, kind from station_proposals').all() as { id: number; kind: string }[];
    db.close();
    const byId = new Map(rows.map((r) => [r.id, r.kind]));
    for (const a of acknowledged) expect(byId.get(a.id), `proposal ${a.id}`).toBe(a.kind);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // Requests in flight when the server died may or may not be stored; nothing else can be.
    expect(rows.length - acknowledged.length).toBeLessThanOrEqual(6);
  }, 180_000);
});
