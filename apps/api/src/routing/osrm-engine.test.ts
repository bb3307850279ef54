import { distanceKm } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOsrm, plainLeg, startFakeOsrm } from '../test-support/fake-osrm';
import { OsrmEngine } from './osrm-engine';
import { RoutingUnavailable } from './routing-engine';

// Real places: Pune (Shivajinagar), Mumbai (Dadar), Lonavala.
const PUNE: [number, number] = [73.8478, 18.5308];
const MUMBAI: [number, number] = [72.8432, 19.0178];
const LONAVALA: [number, number] = [73.4072, 18.7546];
/** Off the coast of Mumbai, in the Arabian Sea: the fake knows no road to it. */
const SEA: [number, number] = [72.5, 18.9];

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: unknown) => (err instanceof RoutingUnavailable ? err.reason : `threw ${String(err)}`),
  );

describe('OsrmEngine against a loopback OSRM', () => {
  let osrm: FakeOsrm;
  const inSea = (p: [number, number]) => p[0] === SEA[0] && p[1] === SEA[1];
  beforeAll(async () => {
    osrm = await startFakeOsrm({
      leg: (a, b) => (inSea(a) || inSea(b) ? null : plainLeg(a, b)),
      delayMs: 400,
    });
  });
  afterAll(() => osrm.close());

  const engine = (timeoutMs = 2000) => new OsrmEngine({ baseUrl: `${osrm.url}/`, timeoutMs });

  it('reads a table row from the point in one call, metres and seconds as km and minutes', async () => {
    osrm.setMode('ok');
    const before = osrm.requests.length;
    const legs = await engine().table(PUNE, [LONAVALA, MUMBAI]);
    expect(osrm.requests.slice(before)).toEqual([
      '/table/v1/driving/73.8478,18.5308;73.4072,18.7546;72.8432,19.0178?sources=0&annotations=duration,distance',
    ]);
    for (const [k, place] of [LONAVALA, MUMBAI].entries()) {
      const want = plainLeg(PUNE, place);
      expect(legs[k]!.distanceKm).toBeCloseTo(want.distanceM / 1000, 9);
      expect(legs[k]!.durationMin).toBeCloseTo(want.durationS / 60, 9);
    }
  });

  it('reads a table column towards the point with direction "to"', async () => {
    osrm.setMode('ok');
    const before = osrm.requests.length;
    const legs = await engine().table(MUMBAI, [PUNE, LONAVALA], 'to');
    expect(osrm.requests.slice(before)[0]).toMatch(/\?destinations=0&annotations=duration,distance$/);
    expect(legs[1]!.distanceKm).toBeCloseTo(plainLeg(LONAVALA, MUMBAI).distanceM / 1000, 9);
  });

  it('answers null for a place OSRM reaches by no road (a null cell)', async () => {
    osrm.setMode('ok');
    const legs = await engine().table(PUNE, [SEA, MUMBAI]);
    expect(legs[0]).toBeNull();
    expect(legs[1]).not.toBeNull();
  });

  it('decodes the polyline6 geometry of a route', async () => {
    osrm.setMode('ok');
    const route = await engine().route(PUNE, MUMBAI);
    expect(route.distanceKm).toBeCloseTo(plainLeg(PUNE, MUMBAI).distanceM / 1000, 9);
    expect(route.coordinates).toHaveLength(21);
    expect(distanceKm(...route.coordinates[0]!, ...PUNE)).toBeLessThan(0.001);
    expect(distanceKm(...route.coordinates[20]!, ...MUMBAI)).toBeLessThan(0.001);
  });

  it("reports OSRM's NoRoute as no_route", async () => {
    osrm.setMode('ok');
    expect(await reasonOf(engine().route(PUNE, SEA))).toBe('no_route');
  });

  it("reports OSRM's NoSegment as no_route", async () => {
    const offRoad = await startFakeOsrm({ offRoad: (p) => inSea(p) });
    try {
      const e = new OsrmEngine({ baseUrl: offRoad.url, timeoutMs: 2000 });
      expect(await reasonOf(e.table(PUNE, [SEA]))).toBe('no_route');
    } finally {
      await offRoad.close();
    }
  });

  it("reports OSRM's InvalidQuery as error, without opening the circuit", async () => {
    osrm.setMode('ok');
    const e = engine();
    for (let k = 0; k < 4; k++) expect(await reasonOf(e.table([Number.NaN, 0], [PUNE]))).toBe('error');
    expect(e.circuit).toBe('closed');
  });

  it('gives up on a slow engine at the time limit, with reason timeout', async () => {
    osrm.setMode('slow');
    expect(await reasonOf(engine(100).table(PUNE, [MUMBAI]))).toBe('timeout');
  });

  it('reports malformed JSON and an HTTP 500 page as error', async () => {
    osrm.setMode('malformed');
    expect(await reasonOf(engine().table(PUNE, [MUMBAI]))).toBe('error');
    osrm.setMode('http-500');
    expect(await reasonOf(engine().route(PUNE, MUMBAI))).toBe('error');
  });

  it('reports a refused connection as down', async () => {
    const gone = await startFakeOsrm();
    await gone.close();
    expect(await reasonOf(new OsrmEngine({ baseUrl: gone.url, timeoutMs: 2000 }).table(PUNE, [MUMBAI]))).toBe(
      'down',
    );
  });

  it('opens the circuit after repeated failures, then lets one trial call through', async () => {
    let clock = 0;
    const e = new OsrmEngine({
      baseUrl: osrm.url,
      timeoutMs: 2000,
      breakerFailures: 2,
      breakerOpenMs: 5000,
      now: () => clock,
    });
    osrm.setMode('http-500');
    await reasonOf(e.table(PUNE, [MUMBAI]));
    await reasonOf(e.table(PUNE, [MUMBAI]));
    expect(e.circuit).toBe('open');
    const before = osrm.requests.length;
    expect(await reasonOf(e.table(PUNE, [MUMBAI]))).toBe('down');
    expect(osrm.requests.length).toBe(before);
    // Past the open time one trial goes; its failure opens the circuit again at once.
    clock += 5000;
    expect(e.circuit).toBe('half-open');
    expect(await reasonOf(e.table(PUNE, [MUMBAI]))).toBe('error');
    expect(osrm.requests.length).toBe(before + 1);
    expect(e.circuit).toBe('open');
    // A trial that succeeds closes it.
    clock += 5000;
    osrm.setMode('ok');
    expect(await e.table(PUNE, [MUMBAI])).toHaveLength(1);
    expect(e.circuit).toBe('closed');
  });
});
