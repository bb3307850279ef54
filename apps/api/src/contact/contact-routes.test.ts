import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/test-app';
import { TEST_DIALECTS } from '../test-support/test-db';
import { CONTACT_ATTEMPTS_PER_MESSAGE } from './contact-routes';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const valid = {
  name: 'Asha Raman',
  email: 'asha@example.in',
  message: 'Is the Adyar station open at night?',
};

function post(t: TestApp, payload: unknown, ip = '10.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: ip });
}

// Each bad body and the field the 400 must name.
const BAD_INPUT: [label: string, body: Record<string, unknown>, field: string][] = [
  ['no name', { email: valid.email, message: valid.message }, 'name'],
  ['empty name', { ...valid, name: '' }, 'name'],
  ['blank name (trimmed to empty)', { ...valid, name: '    ' }, 'name'],
  ['name of 101 characters', { ...valid, name: 'n'.repeat(101) }, 'name'],
  ['name with a line break', { ...valid, name: 'Asha\nBcc: x@evil.test' }, 'name'],
  ['no email', { name: valid.name, message: valid.message }, 'email'],
  ['email without @', { ...valid, email: 'asha.example.in' }, 'email'],
  ['email without a domain dot', { ...valid, email: 'asha@localhost' }, 'email'],
  ['email with two @', { ...valid, email: 'asha@@example.in' }, 'email'],
  ['email with a space', { ...valid, email: 'asha raman@example.in' }, 'email'],
  ['email of 255 characters', { ...valid, email: `${'a'.repeat(243)}@example.com` }, 'email'],
  ['no message', { name: valid.name, email: valid.email }, 'message'],
  ['blank message', { ...valid, message: ' \n\t ' }, 'message'],
  ['message of 5001 characters', { ...valid, message: 'm'.repeat(5001) }, 'message'],
  // PostgreSQL cannot store NUL in text: it must be a 400 on both databases, not a 500 on one.
  ['message with a NUL byte', { ...valid, message: 'nul \u0000 byte' }, 'message'],
  ['message with a bell character', { ...valid, message: 'ring \u0007 ring' }, 'message'],
  ['message with an escape sequence', { ...valid, message: 'red \u001b[31m text' }, 'message'],
  ['message with a C1 control (CSI)', { ...valid, message: 'csi \u009b2J clear' }, 'message'],
  ['message with a C1 control (NEL)', { ...valid, message: 'next \u0085 line' }, 'message'],
  ['message with a bidi override', { ...valid, message: 'see \u202egnp.exe\u202c' }, 'message'],
  ['message with a bidi isolate', { ...valid, message: 'a \u2067b\u2069 c' }, 'message'],
  ['name with a bidi override', { ...valid, name: 'Asha \u202eRaman' }, 'name'],
  ['name with a C1 control', { ...valid, name: 'Asha\u0090' }, 'name'],
  ['email with a bidi override', { ...valid, email: 'asha\u202e@example.in' }, 'email'],
  ['an unknown field', { ...valid, subject: 'hi' }, 'subject'],
];

describe.each(TEST_DIALECTS)('POST /api/contact on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { CONTACT_RATE_LIMIT_PER_HOUR: '1000' } });
  });
  afterAll(async () => t.close());

  it('stores a valid message with its outbox entry and answers 201 with the id', async () => {
    const res = await post(t, { ...valid, name: '  Asha Raman  ' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    expect(Number.isInteger(id)).toBe(true);
    const row = await t.db.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toMatchObject({ name: 'Asha Raman', email: valid.email, message: valid.message, spam: 0 });
    const outbox = await t.db.db
      .selectFrom('contact_outbox')
      .selectAll()
      .where('message_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('accepts the longest allowed fields, counting characters rather than UTF-16 units', async () => {
    const res = await post(t, {
      name: 'n'.repeat(100),
      email: `${'a'.repeat(242)}@example.com`,
      message: '⛽'.repeat(4000) + '😀'.repeat(1000),
    });
    expect(res.statusCode).toBe(201);
  });

  it('keeps tabs and line breaks in a message', async () => {
    const message = 'Line one\r\nLine two\n\tindented';
    const res = await post(t, { ...valid, message });
    expect(res.statusCode).toBe(201);
    const row = await t.db.db
      .selectFrom('contact_messages')
      .select('message')
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.message).toBe(message);
  });

  for (const [label, body, field] of BAD_INPUT) {
    it(`answers 400 naming "${field}" for ${label}, and stores nothing`, async () => {
      const before = await t.db.db.selectFrom('contact_messages').select('id').execute();
      const res = await post(t, body);
      expect(res.statusCode).toBe(400);
      const json = res.json();
      expect(json.error).toBe('Bad Request');
      expect(json.details.map((d: { field: string }) => d.field)).toContain(field);
      const after = await t.db.db.selectFrom('contact_messages').select('id').execute();
      expect(after.length).toBe(before.length);
    });
  }

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Bad Request');
  });

  it('answers a filled honeypot like a success but stores it as spam with nothing to forward', async () => {
    const res = await post(t, { ...valid, website: 'http://cheap-pills.test' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const row = await t.db.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row?.spam).toBe(1);
    const outbox = await t.db.db
      .selectFrom('contact_outbox')
      .select('id')
      .where('message_id', '=', id)
      .execute();
    expect(outbox).toEqual([]);
  });
});

describe.each(TEST_DIALECTS)('contact rate limit on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { CONTACT_RATE_LIMIT_PER_HOUR: '3' } });
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After once an IP has sent its allowance, and other IPs still get through', async () => {
    for (let i = 0; i < 3; i++) expect((await post(t, valid, '10.0.0.7')).statusCode).toBe(201);
    const limited = await post(t, valid, '10.0.0.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests' });
    expect((await post(t, valid, '10.0.0.8')).statusCode).toBe(201);
    const stored = await t.db.db.selectFrom('contact_messages').select('id').execute();
    expect(stored).toHaveLength(4);
  });

  it('does not count 400 answers against the allowance: someone fixing a typo can still send', async () => {
    const ip = '10.0.0.9';
    const typos = [
      { ...valid, email: 'asha.example.in' },
      { ...valid, message: '' },
      { ...valid, name: 'Asha\nBcc: x@evil.test' },
      { ...valid, name: 'Asha\u0007Raman' },
      { name: valid.name },
    ];
    for (const body of typos) expect((await post(t, body, ip)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) expect((await post(t, valid, ip)).statusCode).toBe(201);
    expect((await post(t, valid, ip)).statusCode).toBe(429);
  });

  it('stops a stream of malformed bodies too, at ten times the message allowance per hour', async () => {
    const ip = '10.0.0.10';
    const bad = { ...valid, email: 'not-an-address' };
    for (let i = 0; i < 3 * CONTACT_ATTEMPTS_PER_MESSAGE; i++)
      expect((await post(t, bad, ip)).statusCode).toBe(400);
    const limited = await post(t, bad, ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests' });
    // Counted before validation: a good message from that address waits too; other addresses do not.
    expect((await post(t, valid, ip)).statusCode).toBe(429);
    expect((await post(t, valid, '10.0.0.11')).statusCode).toBe(201);
  });
});
