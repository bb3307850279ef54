import fs from 'node:fs';
import path from 'node:path';
import { type CandidatesNear, distanceKm, type NearestResponse, type Station } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { DEVICE_COOKIE } from '../plugins/device-id';
import { importStations, loadRegionLookup } from '../station-import/station-import';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';
import { parseIndiaCandidates } from './candidate-import';
import { storeCandidates } from './candidate-repository';
import { CONFIRMED_SOURCE } from './candidate-service';

const config = loadConfig({});
const INDIA_FILE = path.join(config.STATIONS_OFFLINE_DIR, 'india_cng_stations_bash1401.json');
const ADMIN = 'admin-token-for-candidate-tests';
/** Chennai Central: a city of millions where our list knows few CNG stations (coverage `thin`). */
const CHENNAI = { lon: 80.2757, lat: 13.0827 };

const parsed = parseIndiaCandidates(
  fs.readFileSync(INDIA_FILE, 'utf8'),
  INDIA_FILE,
  loadRegionLookup(config.STATIONS_REGIONS_FILE),
);

describe('the candidates of the India open dataset', () => {
  it('are its OpenStreetMap fuel rows that no source says sell CNG, each refused row with its reason', () => {
    const rows = JSON.parse(fs.readFileSync(INDIA_FILE, 'utf8')) as { id: string; source: string }[];
    const inferred = rows.filter((r) => r.source === 'cgd_inferred' || r.source === 'all_india_fuel');
    expect(parsed.read).toBe(rows.length);
    // Every inferred row is either a candidate or refused with a reason; no other row is a candidate.
    expect(parsed.candidates.length + parsed.rejected.length).toBe(inferred.length);
    const inferredIds = new Set(inferred.map((r) => r.id));
    expect(parsed.candidates.every((c) => inferredIds.has(c.id))).toBe(true);
    for (const r of parsed.rejected) expect(r.reason, r.where).toMatch(/^[a-z-]+$/);
    // 9,301 inferred rows: 12 lie outside India (the dataset README counts 5,933 + 3,354 inside its states).
    expect(parsed.candidates.length).toBe(9_289);
    expect(parsed.rejected.map((r) => r.reason)).toEqual(Array(12).fill('outside-country'));
    expect(parsed.candidates.every((c) => c.country === 'IN' && c.licence === 'ODbL-1.0')).toBe(true);
  });
});

describe.each(TEST_DIALECTS)('"Does this pump sell CNG?" on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let net = 0;
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    await importStations(db.db, 'india-open', [INDIA_FILE], {
      load: { regionsFile: config.STATIONS_REGIONS_FILE },
    });
    await storeCandidates(db.db, parsed.candidates);
    t = await createTestApp({
      db,
      env: {
        ADMIN_TOKEN: ADMIN,
        API_RATE_LIMIT_PER_MIN: '100000',
        CANDIDATE_ANSWER_RATE_LIMIT_PER_HOUR: '1000',
      },
    });
    await publishAndWaitForRebuild(t.app);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await t?.db.cleanup();
  });

  /** A new device on a new network, unless told which. */
  const from = (opts: { cookie?: string; ip?: string } = {}) => ({
    remoteAddress: opts.ip ?? `10.30.${Math.floor(++net / 250)}.${(net % 250) + 1}`,
    cookies: (opts.cookie ? { [DEVICE_COOKIE]: opts.cookie } : {}) as Record<string, string>,
  });
  const near = async (at: { lon: number; lat: number }, opts: { cookie?: string } = {}, limit = 10) => {
    const res = await t.app.inject({
      url: `/api/candidates?lat=${at.lat}&lon=${at.lon}&limit=${limit}`,
      ...from(opts),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as CandidatesNear;
  };
  const answer = (id: string, value: string, opts: { cookie?: string; ip?: string; key?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/candidates/${id}/answers`,
      payload: { answer: value },
      headers: (opts.key ? { 'idempotency-key': opts.key } : {}) as Record<string, string>,
      ...from(opts),
    });
  const nearestStations = async (at: { lon: number; lat: number }) =>
    (
      (
        await t.app.inject({ url: `/api/stations/nearest?lat=${at.lat}&lon=${at.lon}&limit=20&radiusKm=30` })
      ).json() as NearestResponse
    ).stations as (Station & { distanceKm: number })[];
  const answersStored = async () =>
    (await t.db.db.selectFrom('candidate_answers').select('id').execute()).length;

  it('lists the pumps near Chennai nearest first, none at a known station, none of them a station', async () => {
    const { candidates } = await near(CHENNAI);
    expect(candidates.length).toBe(10);
    const km = candidates.map((c) => c.distanceKm);
    expect(km).toEqual([...km].sort((a, b) => a - b));
    for (const c of candidates)
      expect(distanceKm(CHENNAI.lon, CHENNAI.lat, c.lon, c.lat)).toBeCloseTo(c.distanceKm, 2);
    const index = t.app.stationIndex.current;
    for (const c of candidates) expect(index.nearest.nearest(c.lon, c.lat, 1, 0.1)).toEqual([]);
    const stationIds = new Set((await nearestStations(CHENNAI)).map((s) => s.id));
    for (const c of candidates) expect(stationIds.has(c.id)).toBe(false);
    expect(candidates[0]!.attribution).toContain('OpenStreetMap');
  });

  it('answers bad questions and answers with 4xx naming the field, and stores nothing', async () => {
    const before = await answersStored();
    const { candidates } = await near(CHENNAI, {}, 1);
    const id = candidates[0]!.id;
    const cases: [string, object, number, string][] = [
      [`/api/candidates/${id}/answers`, { answer: 'maybe' }, 400, 'answer'],
      [`/api/candidates/${id}/answers`, {}, 400, 'answer'],
      [`/api/candidates/${id}/answers`, { answer: 'yes', extra: 1 }, 400, 'extra'],
      ['/api/candidates/no%20such/answers', { answer: 'yes' }, 400, 'id'],
      ['/api/candidates/cng-00000000/answers', { answer: 'yes' }, 404, 'id'],
    ];
    for (const [url, payload, status, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url, payload, ...from() });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(status);
      expect(res.json().details[0].field).toBe(field);
    }
    const query = await t.app.inject({ url: '/api/candidates?lat=95&lon=80' });
    expect(query.statusCode).toBe(400);
    expect(query.json().details[0].field).toBe('lat');
    expect(await answersStored()).toBe(before);
  });

  it('three drivers on three networks saying yes make it a station "confirmed by drivers"', async () => {
    const [pump] = (await near(CHENNAI, {}, 1)).candidates;
    const first = await answer(pump!.id, 'yes');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ state: 'open', stationId: null });
    const cookie = first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    // The same phone again from two other networks is still one voice, and it is no longer asked.
    for (let i = 0; i < 2; i++) expect((await answer(pump!.id, 'yes', { cookie })).json().state).toBe('open');
    expect((await near(CHENNAI, { cookie })).candidates.map((c) => c.id)).not.toContain(pump!.id);
    expect((await answer(pump!.id, 'yes')).json().state).toBe('open');
    expect((await nearestStations(pump!)).some((s) => s.lon === pump!.lon && s.lat === pump!.lat)).toBe(
      false,
    );
    const third = await answer(pump!.id, 'yes');
    expect(third.json().state).toBe('confirmed');
    const stationId = third.json().stationId as string;
    await publishAndWaitForRebuild(t.app);
    const station = (await nearestStations(pump!)).find((s) => s.id === stationId)!;
    expect(station.distanceKm).toBeLessThan(0.001);
    expect(station.sources).toEqual([
      expect.objectContaining({ source: CONFIRMED_SOURCE.source, sourceId: pump!.id }),
    ]);
    expect(station.coordinateQuality).toBe('osm');
    // A confirmed candidate is a station now: it is not asked about again, and a late answer changes nothing.
    expect((await near(CHENNAI)).candidates.map((c) => c.id)).not.toContain(pump!.id);
    expect((await answer(pump!.id, 'no')).json()).toEqual({ state: 'confirmed', stationId });
  });

  it('enough independent "no" answers retire a candidate; a driver who changes their mind counts once', async () => {
    const { candidates } = await near(CHENNAI, {}, 3);
    const pump = candidates[2]!;
    const changed = await answer(pump.id, 'yes');
    const cookie = changed.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    expect((await answer(pump.id, 'no', { cookie })).json().state).toBe('open');
    expect((await answer(pump.id, 'unknown')).json().state).toBe('open');
    expect((await answer(pump.id, 'no')).json().state).toBe('open');
    expect((await answer(pump.id, 'no')).json()).toEqual({ state: 'retired', stationId: null });
    expect((await near(pump)).candidates.map((c) => c.id)).not.toContain(pump.id);
    expect((await nearestStations(pump)).some((s) => s.sources.some((x) => x.sourceId === pump.id))).toBe(
      false,
    );
  });

  it('counts an answer sent twice with one Idempotency-Key once', async () => {
    const pump = (await near(CHENNAI, {}, 4)).candidates[3]!;
    const before = await answersStored();
    const opts = { ip: '10.99.0.1', key: 'c0ffee00-0000-4000-8000-000000000001' };
    const one = await answer(pump.id, 'yes', opts);
    const again = await answer(pump.id, 'yes', { ...opts, cookie: one.cookies[0]?.value });
    expect([one.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json()).toEqual(one.json());
    expect(await answersStored()).toBe(before + 1);
  });

  it('shows moderators the confirmed and the retired candidates with their answers, behind the token', async () => {
    expect((await t.app.inject({ url: '/api/admin/candidates' })).statusCode).toBe(401);
    const list = async (state: string) =>
      (
        await t.app.inject({
          url: `/api/admin/candidates?state=${state}`,
          headers: { authorization: `Bearer ${ADMIN}` },
        })
      ).json().candidates as {
        state: string;
        answers: { yes: number; no: number };
        decisionReason: string;
      }[];
    const confirmed = await list('confirmed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.answers.yes).toBe(5);
    expect(confirmed[0]!.decisionReason).toMatch(/^3 independent drivers said it sells CNG/);
    const retired = await list('retired');
    expect(retired).toHaveLength(1);
    expect(retired[0]!.answers).toMatchObject({ yes: 1, no: 3 });
  });

  it('answers past the per-address limit with 429 naming the address, and Retry-After', async () => {
    const pump = (await near(CHENNAI, {}, 5)).candidates[4]!;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof answer>> | undefined;
    // The limit is 1000 an hour in this app; one address sends more.
    for (let i = 0; i < 1001; i++) {
      last = await answer(pump.id, 'unknown', { ip: '10.98.0.1' });
      statuses.push(last.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(1000);
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().details[0].field).toBe('ip');
  });

  it('keeps what drivers decided when the file is imported again', async () => {
    const states = async () =>
      (await t.db.db.selectFrom('fuel_candidates').select(['state']).where('state', '!=', 'open').execute())
        .map((r) => r.state)
        .sort();
    const before = await states();
    expect(before).toEqual(['confirmed', 'retired']);
    expect(await storeCandidates(t.db.db, parsed.candidates)).toBe(parsed.candidates.length - 2);
    expect(await states()).toEqual(before);
  });
});
