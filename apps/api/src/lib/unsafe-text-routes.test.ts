import type { ApiError, Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStations } from '../test-support/seed-stations';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { createTestDb } from '../test-support/test-db';

/** A spot near Pune with no station within several km. */
const SPOT = { lon: 73.9702, lat: 18.4001 };

describe('names that lie are normalised or refused, and the writer is told why', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  let ip = 0;
  beforeAll(async () => {
    const db = await createTestDb('sqlite');
    stations = await seedStations(db.db, 4);
    t = await createTestApp({
      db,
      env: {
        API_RATE_LIMIT_PER_MIN: '100000',
        PROPOSAL_RATE_LIMIT_PER_HOUR: '1000',
        CONTACT_RATE_LIMIT_PER_HOUR: '1000',
      },
    });
    await publishAndWaitForRebuild(t.app);
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: `10.37.0.${++ip}` });
  const propose = (fields: Record<string, string>) =>
    post('/api/station-proposals', { position: SPOT, name: 'Sai CNG', ...fields });
  const storedProposal = (id: number) =>
    t.db.db.selectFrom('station_proposals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it.each([
    ['name', '\u0406GL CNG', 'mixed_scripts', /Latin and Cyrillic/],
    ['operator', '\u0415\u0455\u0455\u043e', 'homoglyph', /looks like Esso/],
    ['name', '⛽⛽', 'no_letters', /letters or digits/],
    ['name', 'CNG \u202egnp', 'bidi_control', /U\+202E/],
    ['note', 'ok \u2066x', 'bidi_control', /U\+2066/],
  ])(
    'refuses a proposal whose %s is %j with 400 %s, naming the field',
    async (field, value, code, problem) => {
      const res = await propose({ [field]: value });
      expect(res.statusCode).toBe(400);
      const body = res.json() as ApiError;
      expect(body.details).toEqual([{ field, code, problem: expect.stringMatching(problem) }]);
      expect(body.message).toMatch(new RegExp(`^${field} `));
    },
  );

  it('stores a proposed name without its zero-width characters and in NFKC', async () => {
    const res = await propose({ name: 'Ｓａｉ I\u200bG\ufeffL CNG', operator: 'I\u200dGL' });
    expect(res.statusCode).toBe(201);
    const row = await storedProposal(res.json().id);
    expect(row.name).toBe('Sai IGL CNG');
    expect(row.operator).toBe('IGL');
  });

  it('keeps the joiners a Hindi name needs', async () => {
    const name = 'श्री गणेश क्\u200dष सीएनजी';
    const res = await propose({ name });
    expect(res.statusCode).toBe(201);
    expect((await storedProposal(res.json().id)).name).toBe(name.normalize('NFKC'));
  });

  it('refuses a problem report whose note holds a bidi override, with its code', async () => {
    const res = await post(`/api/stations/${stations[0]!.id}/problems`, {
      reason: 'closed',
      note: '\u202eesolc',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'note', code: 'bidi_control', problem: expect.stringMatching(/U\+202E/) },
    ]);
  });

  it('keeps the ZWJ of a Hindi report note and drops a zero-width space', async () => {
    const res = await post(`/api/stations/${stations[1]!.id}/reports`, {
      status: 'no_gas',
      note: 'गैस नहीं क्\u200dष\u200b',
    });
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({ url: `/api/stations/${stations[1]!.id}/reports` });
    expect(list.json().reports[0].note).toBe('गैस नहीं क्\u200dष');
  });

  it('normalises a contact message and refuses a bidi override in it with its code', async () => {
    const ok = await post('/api/contact', {
      name: 'Ａsha\u200b',
      email: 'asha@example.com',
      message: 'Hi\u200b there',
    });
    expect(ok.statusCode).toBe(201);
    const row = await t.db.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', ok.json().id)
      .executeTakeFirstOrThrow();
    expect([row.name, row.message]).toEqual(['Asha', 'Hi there']);
    const bad = await post('/api/contact', { name: 'Asha', email: 'asha@example.com', message: 'x\u202ey' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: 'message', code: 'bidi_control', problem: expect.stringMatching(/U\+202E/) },
    ]);
  });
});
