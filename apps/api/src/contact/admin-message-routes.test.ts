import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { TEST_DIALECTS } from '../test-support/test-db';

const TOKEN = 'admin-token-for-tests-0123456789';

describe.each(TEST_DIALECTS)('GET /api/admin/messages on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { ADMIN_TOKEN: TOKEN } });
    const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/contact', payload });
    await send({ name: 'Asha', email: 'asha@example.in', message: 'first' });
    await send({ name: 'Bot', email: 'bot@example.in', message: 'spam', website: 'x' });
    await send({ name: 'Ravi', email: 'ravi@example.in', message: 'third' });
  });
  afterAll(async () => t.close());

  const get = (url: string, authorization?: string) =>
    t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

  it('refuses requests without the bearer token, or with a wrong one, with 401', async () => {
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const res = await get('/api/admin/messages', auth);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.json().error).toBe('Unauthorized');
      expect(res.json().details).toEqual([
        { field: 'authorization', problem: 'must be Bearer <admin token>' },
      ]);
      expect(res.body).not.toContain('Asha');
    }
  });

  it('reads the Bearer scheme case-insensitively, as the operator token does', async () => {
    for (const auth of [`bearer ${TOKEN}`, `BEARER ${TOKEN}`, `Bearer  ${TOKEN}`]) {
      expect((await get('/api/admin/messages', auth)).statusCode, auth).toBe(200);
    }
  });

  it('answers 400 naming the parameter for numbers the database cannot hold and unknown parameters', async () => {
    const auth = `Bearer ${TOKEN}`;
    const cases: [string, string][] = [
      ['/api/admin/messages?offset=1e20', 'offset'],
      ['/api/admin/messages?offset=2147483648', 'offset'],
      ['/api/admin/messages?limit=10&colour=red', 'colour'],
      ['/api/admin/messages/3000000000/attempts', 'id'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url, auth);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().details[0].field, url).toBe(field);
    }
  });

  it('documents its bearer scheme: the OpenAPI document answers while ADMIN_TOKEN is set', async () => {
    const json = await get('/api/docs/json');
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/admin/messages'].get.security).toEqual([{ bearerAuth: [] }]);
    const yaml = await get('/api/docs/yaml');
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toMatch(/securitySchemes:/);
  });

  it('lists messages newest first with their forwarding state', async () => {
    const res = await get('/api/admin/messages', `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json();
    expect(messages.map((m: { name: string; state: string }) => [m.name, m.state])).toEqual([
      ['Ravi', 'pending'],
      ['Bot', 'spam'],
      ['Asha', 'pending'],
    ]);
    expect(messages[0]).toMatchObject({
      email: 'ravi@example.in',
      message: 'third',
      attempts: 0,
      sentAt: null,
    });
  });

  it('lists every forwarding attempt of one message, oldest first, behind the same token', async () => {
    const asha = await t.db.db
      .selectFrom('contact_messages as m')
      .innerJoin('contact_outbox as o', 'o.message_id', 'm.id')
      .select(['m.id as messageId', 'o.id as outboxId'])
      .where('m.name', '=', 'Asha')
      .executeTakeFirstOrThrow();
    const attempt = (n: number, outcome: 'interrupted' | 'retry' | 'sent', status: number) => ({
      outbox_id: Number(asha.outboxId),
      attempted_at: `2026-03-01T08:0${n}:00.000Z`,
      forwarder: 'emailjs',
      status,
      outcome,
      detail: outcome === 'sent' ? 'OK' : outcome === 'retry' ? 'Forbidden' : 'Interrupted',
      duration_ms: 10 * n,
    });
    await t.db.db
      .insertInto('contact_delivery_attempts')
      .values([attempt(1, 'retry', 403), attempt(2, 'interrupted', 0), attempt(3, 'sent', 200)])
      .execute();
    const url = `/api/admin/messages/${asha.messageId}/attempts`;
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, 'Bearer wrong')).statusCode).toBe(401);
    const res = await get(url, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.messageId).toBe(Number(asha.messageId));
    expect(body.attempts.map((a: { outcome: string; status: number }) => [a.outcome, a.status])).toEqual([
      ['retry', 403],
      ['interrupted', 0],
      ['sent', 200],
    ]);
    expect(body.attempts[0]).toMatchObject({
      attemptedAt: '2026-03-01T08:01:00.000Z',
      forwarder: 'emailjs',
      detail: 'Forbidden',
      durationMs: 10,
    });
  });

  it('answers 404 for an unknown message, 400 for a bad id, and [] for a message never forwarded', async () => {
    const missing = await get('/api/admin/messages/999999/attempts', `Bearer ${TOKEN}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().details).toEqual([{ field: 'id', problem: 'is not a stored message' }]);
    expect((await get('/api/admin/messages/abc/attempts', `Bearer ${TOKEN}`)).statusCode).toBe(400);
    const bot = (await get('/api/admin/messages?state=spam', `Bearer ${TOKEN}`)).json().messages[0];
    const spam = await get(`/api/admin/messages/${bot.id}/attempts`, `Bearer ${TOKEN}`);
    expect(spam.json()).toEqual({ messageId: bot.id, attempts: [] });
  });

  it('filters by state and pages', async () => {
    const spam = (await get('/api/admin/messages?state=spam', `Bearer ${TOKEN}`)).json().messages;
    expect(spam.map((m: { name: string }) => m.name)).toEqual(['Bot']);
    const page = (await get('/api/admin/messages?limit=1&offset=1', `Bearer ${TOKEN}`)).json().messages;
    expect(page.map((m: { name: string }) => m.name)).toEqual(['Bot']);
    expect((await get('/api/admin/messages?state=lost', `Bearer ${TOKEN}`)).statusCode).toBe(400);
  });
});

describe('admin API without ADMIN_TOKEN', () => {
  it('does not exist (404), whatever the header', async () => {
    const t = await createTestApp();
    try {
      for (const url of ['/api/admin/messages', '/api/admin/messages/1/attempts']) {
        for (const auth of [undefined, 'Bearer ', 'Bearer anything']) {
          const res = await t.app.inject({
            method: 'GET',
            url,
            headers: auth ? { authorization: auth } : {},
          });
          expect(res.statusCode).toBe(404);
        }
      }
    } finally {
      await t.close();
    }
  });
});
