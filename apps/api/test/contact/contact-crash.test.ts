import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, startServerProcess } from '../helpers/server-process';
import { startFakeEmailJs } from './fake-emailjs';

const SERVER_PORT = 8143;
const FAKE_PORT = 8142;
const TOTAL = 200;

const startServer = (sqlitePath: string, env: Record<string, string>) =>
  startServerProcess({
    port: SERVER_PORT,
    sqlitePath,
    logLevel: 'info',
    env: { CONTACT_RATE_LIMIT_PER_HOUR: '100000', CONTACT_OUTBOX_POLL_MS: '100', ...env },
  });

describe('contact messages survive a SIGKILL mid-stream', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-contact-crash-'));
  const sqlitePath = path.join(dir, 'crash.sqlite');
  const started: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of started) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores every message that got a 201 and forwards each stored message exactly once after restart', async () => {
    const first = await startServer(sqlitePath, {});
    started.push(first.child);
    expect(first.output()).toContain('no forwarder configured');

    // Fire 200 submissions, 8 at a time, and kill the server with SIGKILL once 60 have been acknowledged.
    const acknowledged = new Map<string, number>();
    const refused: string[] = [];
    let next = 0;
    let killed = false;
    const submit = async () => {
      while (next < TOTAL) {
        const token = `crash-${String(next++).padStart(3, '0')}`;
        try {
          const res = await fetch(`http://127.0.0.1:${SERVER_PORT}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: 'Load Test',
              email: 'load@example.in',
              message: `message ${token} end`,
            }),
          });
          if (res.status === 201) acknowledged.set(token, ((await res.json()) as { id: number }).id);
          else refused.push(token);
        } catch {
          refused.push(token);
        }
        if (!killed && acknowledged.size >= 60) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, submit));
    await exited(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    // The kill landed mid-stream: some were acknowledged, the rest were not.
    expect(acknowledged.size).toBeGreaterThanOrEqual(60);
    expect(refused.length).toBeGreaterThan(0);
    expect(acknowledged.size + refused.length).toBe(TOTAL);

    const fake = await startFakeEmailJs(FAKE_PORT);
    try {
      const second = await startServer(sqlitePath, {
        EMAILJS_API_URL: fake.url,
        EMAILJS_PUBLIC_KEY: 'pk_crash',
        EMAILJS_SERVICE_ID: 'service_crash',
        EMAILJS_TEMPLATE_ID: 'template_crash',
      });
      started.push(second.child);
      expect(second.output()).toMatch(/contact forwarding: active through EmailJS/);

      const reader = new SQLite(sqlitePath, { readonly: true });
      try {
        const stored = reader.prepare('select id, message from contact_messages').all() as {
          id: number;
          message: string;
        }[];
        const storedById = new Map(stored.map((r) => [r.id, r.message]));
        for (const [token, id] of acknowledged) expect(storedById.get(id)).toBe(`message ${token} end`);

        const pending = () =>
          (
            reader.prepare("select count(*) as n from contact_outbox where state <> 'sent'").get() as {
              n: number;
            }
          ).n;
        for (let i = 0; i < 300 && (pending() > 0 || fake.requests.length < stored.length); i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        // A few more polls: nothing may be sent again.
        await new Promise((r) => setTimeout(r, 600));
        expect(pending()).toBe(0);
        expect(fake.requests).toHaveLength(stored.length);
        for (const row of stored) expect(fake.countFor(row.message)).toBe(1);
      } finally {
        reader.close();
      }
      second.child.kill('SIGTERM');
      await exited(second.child);
    } finally {
      await fake.close();
    }
  }, 120_000);
});
