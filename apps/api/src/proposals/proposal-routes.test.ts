import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NearestResponse, Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../plugins/device-id';
import { importStations } from '../station-import/station-import';
import { northOf, seedStations } from '../test-support/seed-stations';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';

const ADMIN = 'admin-token-for-proposal-tests';
/** A spot in a field near Pune with no station within several km. */
const SPOT = { lon: 73.9702, lat: 18.4001 };

describe.each(TEST_DIALECTS)('drivers add and correct stations on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  let ip = 0;
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    stations = await seedStations(db.db, 20);
    t = await createTestApp({ db, env: { ADMIN_TOKEN: ADMIN, API_RATE_LIMIT_PER_MIN: '100000' } });
    await publishAndWaitForRebuild(t.app);
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  /** A request from a new network (and, without a cookie, a new device). */
  const post = (url: string, payload: object, opts: { cookie?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: opts.ip ?? `10.20.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
      cookies: opts.cookie ? { [DEVICE_COOKIE]: opts.cookie } : {},
    });
  const propose = (
    at: { lon: number; lat: number },
    opts: { cookie?: string; ip?: string } = {},
    name = 'Sai Auto CNG',
  ) => post('/api/station-proposals', { position: at, name, operator: 'MNGL' }, opts);
  const nearest = async (at: { lon: number; lat: number }) =>
    (
      await t.app.inject({ url: `/api/stations/nearest?lat=${at.lat}&lon=${at.lon}&limit=3&radiusKm=1` })
    ).json() as NearestResponse;
  const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${ADMIN}` } });

  it('answers bad proposals with 400 naming the field, and stores nothing', async () => {
    const before = (await t.db.db.selectFrom('station_proposals').select('id').execute()).length;
    const bad: [object, string][] = [
      [{ name: 'X' }, 'position'],
      [{ position: SPOT }, 'name'],
      [{ position: SPOT, name: '   ' }, 'name'],
      [{ position: { lon: 200, lat: 18 }, name: 'X' }, 'position.lon'],
      [{ position: SPOT, name: 'X'.repeat(121) }, 'name'],
      [{ position: SPOT, name: 'Sai \u202eotuA' }, 'name'],
      [{ position: SPOT, name: 'Sai', colour: 'red' }, 'colour'],
    ];
    for (const [payload, field] of bad) {
      const res = await post('/api/station-proposals', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details[0].field, JSON.stringify(payload)).toBe(field);
    }
    expect((await t.db.db.selectFrom('station_proposals').select('id').execute()).length).toBe(before);
  });

  it('stores a proposal (201 after the commit) and shows nothing until independent drivers agree', async () => {
    const first = await propose(SPOT);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ state: 'pending', stationId: null });
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    // The same device again from two other networks: still one voice.
    for (const m of [20, 40])
      expect((await propose(northOf(SPOT, m), { cookie })).json().state).toBe('pending');
    // Two more devices, but from the network that already proposed: one more voice at most.
    const sameNet = '10.99.0.1';
    expect((await propose(northOf(SPOT, 30), { ip: sameNet })).json().state).toBe('pending');
    expect((await propose(northOf(SPOT, 35), { ip: sameNet })).json().state).toBe('pending');
    expect((await nearest(SPOT)).count).toBe(0);
    // A third device on a third network, within 150 m: drivers agree.
    const third = await propose(northOf(SPOT, 60), {}, 'Sai Auto');
    expect(third.statusCode).toBe(201);
    expect(third.json().state).toBe('approved');
    const stationId = third.json().stationId as string;
    await publishAndWaitForRebuild(t.app);
    const near = await nearest(SPOT);
    expect(near.stations.map((s) => s.id)).toEqual([stationId]);
    expect(near.stations[0]).toMatchObject({
      name: 'Sai Auto CNG',
      coordinateQuality: 'drivers',
      operator: 'Maharashtra Natural Gas Limited',
      sources: [
        { source: 'drivers', attribution: 'Added by CNG Navigator drivers, not yet confirmed by any source' },
      ],
    });
    const decided = await t.db.db
      .selectFrom('moderation_decisions')
      .selectAll()
      .where('station_id', '=', stationId)
      .execute();
    expect(decided.length).toBeGreaterThanOrEqual(3);
    expect(decided.every((d) => d.decided_by === 'drivers' && d.action === 'approve')).toBe(true);
  });

  it('lets a later import join the driver-added station and keep its id', async () => {
    const stationId = (await nearest(SPOT)).stations[0]!.id;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-drivers-'));
    const file = path.join(dir, 'mngl.csv');
    fs.writeFileSync(file, `id,name,lon,lat\nm1,Sai Auto CNG,${SPOT.lon + 0.0001},${SPOT.lat + 0.0002}\n`);
    const run = await importStations(t.db.db, 'csv', [file], { load: { feed: 'mngl-test' } });
    expect(run.counts.merged).toBe(1);
    await publishAndWaitForRebuild(t.app);
    const [station] = (await nearest(SPOT)).stations;
    expect(station!.id).toBe(stationId);
    // The operator's position wins; the drivers' record stays as a source.
    expect(station!.coordinateQuality).toBe('operator');
    expect(station!.sources.map((s) => s.source).sort()).toEqual(['csv:mngl-test', 'drivers']);
  });

  it('takes a station off the map when three drivers on three networks say it closed for good', async () => {
    const s = stations[3]!;
    const closed = (extra = {}) => post(`/api/stations/${s.id}/problems`, { reason: 'closed', ...extra });
    expect((await closed()).json().state).toBe('pending');
    expect((await closed({ note: 'Shut since March' })).json().state).toBe('pending');
    const third = await closed();
    expect(third.statusCode).toBe(201);
    expect(third.json().state).toBe('approved');
    await publishAndWaitForRebuild(t.app);
    expect((await t.app.inject({ url: `/api/stations/${s.id}` })).statusCode).toBe(404);
    // Imports never bring a hidden station back.
    const row = await t.db.db
      .selectFrom('stations')
      .select(['hidden_at', 'hidden_reason'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row.hidden_reason).toBe('closed');
  });

  it('answers bad problem reports with 400 or 404 naming the field', async () => {
    const s = stations[5]!;
    const cases: [string, object, number, string][] = [
      [s.id, { reason: 'wrong-position' }, 400, 'position'],
      [s.id, { reason: 'duplicate' }, 400, 'duplicateOf'],
      [s.id, { reason: 'duplicate', duplicateOf: s.id }, 400, 'duplicateOf'],
      [s.id, { reason: 'gone' }, 400, 'reason'],
      ['nope', { reason: 'closed' }, 404, 'id'],
    ];
    for (const [id, payload, status, field] of cases) {
      const res = await post(`/api/stations/${id}/problems`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().details[0].field, JSON.stringify(payload)).toBe(field);
    }
  });

  it('lets a moderator approve, reject and merge, keeping every decision with its reason', async () => {
    expect((await t.app.inject({ url: '/api/admin/proposals' })).statusCode).toBe(401);
    const far = { lon: 74.5, lat: 18.1 };
    const a = (await propose(far, {}, 'Highway CNG')).json().id as number;
    const b = (await propose({ lon: 74.6, lat: 18.2 }, {}, 'Fake CNG')).json().id as number;
    const c = (
      await propose({ lon: stations[7]!.lon, lat: stations[7]!.lat }, {}, 'Same as a known one')
    ).json().id as number;
    const list = (await admin('GET', '/api/admin/proposals?state=pending')).json().proposals as {
      id: number;
    }[];
    expect(list.map((p) => p.id)).toEqual(expect.arrayContaining([a, b, c]));

    const approved = await admin('POST', `/api/admin/proposals/${a}/decision`, {
      action: 'approve',
      reason: 'Checked on street view',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().proposal.state).toBe('approved');
    expect(approved.json().decisions).toEqual([
      expect.objectContaining({
        action: 'approve',
        decidedBy: 'moderator',
        reason: 'Checked on street view',
      }),
    ]);
    await publishAndWaitForRebuild(t.app);
    expect((await nearest(far)).stations[0]).toMatchObject({
      name: 'Highway CNG',
      coordinateQuality: 'drivers',
    });

    const rejected = await admin('POST', `/api/admin/proposals/${b}/decision`, {
      action: 'reject',
      reason: 'Nothing there',
    });
    expect(rejected.json().proposal.state).toBe('rejected');
    const again = await admin('POST', `/api/admin/proposals/${b}/decision`, {
      action: 'approve',
      reason: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);

    const noTarget = await admin('POST', `/api/admin/proposals/${c}/decision`, {
      action: 'merge',
      reason: 'Known',
    });
    expect(noTarget.json().details[0].field).toBe('stationId');
    const merged = await admin('POST', `/api/admin/proposals/${c}/decision`, {
      action: 'merge',
      reason: 'It is this station',
      stationId: stations[7]!.id,
    });
    expect(merged.json().decisions[0]).toMatchObject({ action: 'merge', stationId: stations[7]!.id });
  });

  it('refuses proposals posted by another site', async () => {
    const res = await post('/api/station-proposals', { position: SPOT, name: 'Ad' }, {});
    expect(res.statusCode).toBe(201);
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/station-proposals',
      payload: { position: SPOT, name: 'Ad' },
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://ads.example' },
    });
    expect(cross.statusCode).toBe(403);
  });

  it('moves a station to the pin of a wrong-position report, and imports keep it there', async () => {
    const s = stations[9]!;
    const pin = northOf(s, 300);
    const report = await post(`/api/stations/${s.id}/problems`, { reason: 'wrong-position', position: pin });
    expect(report.statusCode).toBe(201);
    const moved = await admin('POST', `/api/admin/proposals/${report.json().id}/decision`, {
      action: 'approve',
      reason: 'The pump is across the road',
    });
    expect(moved.statusCode).toBe(200);
    await publishAndWaitForRebuild(t.app);
    const after = (await t.app.inject({ url: `/api/stations/${s.id}` })).json();
    expect([after.lon, after.lat]).toEqual([pin.lon, pin.lat]);
    expect(after.coordinateQuality).toBe('corrected');
    // A moderator may also move it anywhere else.
    const again = (await post(`/api/stations/${s.id}/problems`, { reason: 'closed' })).json().id as number;
    const there = { lon: s.lon + 0.001, lat: s.lat };
    const res = await admin('POST', `/api/admin/proposals/${again}/decision`, {
      action: 'move',
      reason: 'Not closed: moved, checked on the map',
      position: there,
    });
    expect(res.json().decisions[0]).toMatchObject({ action: 'move', decidedBy: 'moderator' });
    const row = await t.db.db
      .selectFrom('stations')
      .select(['lon', 'lat', 'moved_lon', 'moved_lat'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect([Number(row.lon), Number(row.lat), Number(row.moved_lon), Number(row.moved_lat)]).toEqual([
      there.lon,
      there.lat,
      there.lon,
      there.lat,
    ]);
  });

  it('stops a flood from one address with 429 and Retry-After, and stores only what it allowed', async () => {
    const flood = '10.250.0.9';
    const before = (await t.db.db.selectFrom('station_proposals').select('id').execute()).length;
    const answers: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await post(
        '/api/station-proposals',
        { position: { lon: 75 + i * 0.1, lat: 20 }, name: `Flood ${i}` },
        { ip: flood },
      );
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(res.json().error).toBe('Too Many Requests');
      }
    }
    // PROPOSAL_RATE_LIMIT_PER_HOUR is 10 by default: the 11th and later are refused.
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429, 429, 429]);
    const after = (await t.db.db.selectFrom('station_proposals').select('id').execute()).length;
    expect(after - before).toBe(10);
    // Another address is not held back.
    expect((await post('/api/station-proposals', { position: SPOT, name: 'Other' })).statusCode).toBe(201);
  });
});
