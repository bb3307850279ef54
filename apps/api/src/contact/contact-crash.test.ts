import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeEmailJs } from '../test-support/fake-emailjs';
import { exited, freePort, startServerProcess } from '../test-support/server-process';

const SERVER_PORT = await freePort();
const FAKE_PORT = await freePort();
const TOTAL = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const startServer = (sqlitePath: string, fakeUrl: string) =>
  startServerProcess({
    port: SERVER_PORT,
    sqlitePath,
    logLevel: 'info',
    env: {
      CONTACT_RATE_LIMIT_PER_HOUR: '100000',
      CONTACT_OUTBOX_POLL_MS: '100',
      EMAILJS_API_URL: fakeUrl,
      EMAILJS_PUBLIC_KEY: 'pk_crash',
      EMAILJS_SERVICE_ID: 'service_crash',
      EMAILJS_TEMPLATE_ID: 'template_crash',
    },
  });

/** The stored message id a forwarded request was for (from its stable `message_id` template param). */
const messageIdOf = (body: Record<string, unknown>) =>
  Number(
    /^cng-contact-(\d+)-/.exec(String((body.template_params as { message_id?: string }).message_id))?.[1],
  );

describe('contact messages survive a SIGKILL mid-stream, while a send is in flight', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-contact-crash-'));
  const sqlitePath = path.join(dir, 'crash.sqlite');
  const started: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of started) if (c.exitCode === null && !c.signalCode) c.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores every 201, forwards each at least once, and sends twice only what it recorded as interrupted', async () => {
    // EmailJS answers the first five sends, then takes requests without ever answering: the server is
    // killed while one of them is in flight, the one case where delivery cannot be known.
    const fake = await startFakeEmailJs(FAKE_PORT);
    fake.answer(200, 200, 200, 200, 200);
    fake.setFallback('hold');
    try {
      const first = await startServer(sqlitePath, fake.url);
      started.push(first.child);
      expect(first.output()).toMatch(/contact forwarding: active through EmailJS/);

      // 200 submissions, 8 at a time; SIGKILL once 60 are acknowledged and EmailJS holds a send.
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
          if (!killed && acknowledged.size >= 60 && fake.held > 0) {
            killed = true;
            first.child.kill('SIGKILL');
          }
          // Past 60, slow down until the kill lands, so it lands mid-stream rather than after the last one.
          if (!killed && acknowledged.size >= 60) await sleep(100);
        }
      };
      await Promise.all(Array.from({ length: 8 }, submit));
      await exited(first.child);
      expect(first.child.signalCode).toBe('SIGKILL');
      expect(acknowledged.size).toBeGreaterThanOrEqual(60);
      expect(refused.length).toBeGreaterThan(0);
      expect(acknowledged.size + refused.length).toBe(TOTAL);
      expect(fake.held).toBe(1);

      // The killed server's claims would lapse after their 2-minute lease; move them into the past instead
      // of waiting. (Nothing else is touched: what it wrote about its attempts stays as it was.)
      const writer = new SQLite(sqlitePath);
      writer
        .prepare("update contact_outbox set lease_until = ? where state = 'sending'")
        .run(new Date(Date.now() - 1000).toISOString());
      writer.close();

      fake.setFallback(200);
      const second = await startServer(sqlitePath, fake.url);
      started.push(second.child);

      const reader = new SQLite(sqlitePath, { readonly: true });
      try {
        const stored = reader.prepare('select id, message from contact_messages').all() as {
          id: number;
          message: string;
        }[];
        const storedById = new Map(stored.map((r) => [r.id, r.message]));
        for (const [token, id] of acknowledged) expect(storedById.get(id)).toBe(`message ${token} end`);

        const unsent = () =>
          (
            reader.prepare("select count(*) as n from contact_outbox where state <> 'sent'").get() as {
              n: number;
            }
          ).n;
        await expect.poll(unsent, { timeout: 30_000, interval: 100 }).toBe(0);
        // One message more, stored after all the others: once it has gone out, the worker has polled since
        // everything was sent, so anything it would send again has gone too.
        const marker = await fetch(`http://127.0.0.1:${SERVER_PORT}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Load Test', email: 'load@example.in', message: 'the last message' }),
        });
        expect(marker.status).toBe(201);
        const markerId = ((await marker.json()) as { id: number }).id;
        await expect
          .poll(() => fake.requests.some((r) => messageIdOf(r.body) === markerId), { timeout: 30_000 })
          .toBe(true);
        expect(unsent()).toBe(0);

        const times = new Map<number, number>();
        for (const r of fake.requests) {
          const id = messageIdOf(r.body);
          if (id !== markerId) times.set(id, (times.get(id) ?? 0) + 1);
        }
        const interrupted = new Set(
          (
            reader
              .prepare(
                `select o.message_id as id from contact_delivery_attempts a
                 join contact_outbox o on o.id = a.outbox_id where a.outcome = 'interrupted'`,
              )
              .all() as { id: number }[]
          ).map((r) => r.id),
        );
        // Every stored message reached EmailJS at least once, none more than twice.
        for (const { id } of stored) expect(times.get(id) ?? 0).toBeGreaterThanOrEqual(1);
        expect(Math.max(...times.values())).toBeLessThanOrEqual(2);
        // What went twice is exactly what the server recorded as interrupted ("may already have been sent").
        const twice = [...times].filter(([, n]) => n === 2).map(([id]) => id);
        expect(twice).toHaveLength(1);
        expect(new Set(twice)).toEqual(interrupted);
        const history = reader
          .prepare(
            `select a.outcome from contact_delivery_attempts a join contact_outbox o on o.id = a.outbox_id
             where o.message_id = ? order by a.id`,
          )
          .all(twice[0]) as { outcome: string }[];
        expect(history.map((h) => h.outcome)).toEqual(['interrupted', 'sent']);
        // Each stored message once, the interrupted one once more, and the last message.
        expect(fake.requests).toHaveLength(stored.length + 2);
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
