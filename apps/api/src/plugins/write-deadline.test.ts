import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseWrites } from '../db/db-outage';
import writeDeadline from './write-deadline';

const DEADLINE_MS = 150;

/** An app with two anonymous writes: one that waits until released, one that answers at once. */
async function appWithWrites() {
  const app = Fastify();
  app.decorate('dbWrites', new DatabaseWrites());
  await app.register(writeDeadline, { deadlineMs: DEADLINE_MS });
  let release: () => void = () => undefined;
  const released = new Promise<void>((done) => {
    release = done;
  });
  app.post('/slow', { config: { idempotent: true } }, async (_req, reply) => {
    await released;
    return reply.code(201).send({ ok: true });
  });
  app.post('/quick', { config: { idempotent: true } }, async (_req, reply) =>
    reply.code(201).send({ ok: true }),
  );
  await app.ready();
  return { app, release };
}

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

describe('the write deadline', () => {
  it('answers 503 with Retry-After when no write gets an answer within the deadline', async () => {
    const { app, release } = await appWithWrites();
    close = () => app.close();
    const res = await app.inject({ method: 'POST', url: '/slow' });
    release();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().details[0].field).toBe('database');
    expect(app.dbWrites.down()).toMatch(/no answer within/);
  });

  it('lets a write wait while other writes keep being answered: a busy database is not a lost one', async () => {
    const { app, release } = await appWithWrites();
    close = () => app.close();
    const slow = app.inject({ method: 'POST', url: '/slow' });
    // Other writes answered all along, for three deadlines, then the slow one gets its turn.
    const others: number[] = [];
    for (let i = 0; i < 15; i++) {
      others.push((await app.inject({ method: 'POST', url: '/quick' })).statusCode);
      await new Promise((done) => setTimeout(done, DEADLINE_MS / 5));
    }
    release();
    expect((await slow).statusCode).toBe(201);
    expect(new Set(others)).toEqual(new Set([201]));
    expect(app.dbWrites.down()).toBeNull();
  });
});
