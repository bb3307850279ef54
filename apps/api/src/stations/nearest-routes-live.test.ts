import { bearingDeg, distanceKm, type NearestResponse, type Station } from '@cng/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { realStations } from '../test-support/real-stations';
import { northOf } from '../test-support/seed-stations';
import { createStationApiApp } from '../test-support/station-api-app';
import { TEST_DIALECTS } from '../test-support/test-db';

/**
 * The nearest list reuses each station's JSON text between answers (stations/station-json.ts). What
 * differs per request or per moment must still differ: live status, openNow, distance and bearing.
 */
describe.each(TEST_DIALECTS)('nearest answers that reuse station text, on %s', (dialect) => {
  // Two real stations, one with opening hours in its own zone (10:00–20:00 in India).
  const [plain, timed] = realStations()
    .filter((s) => s.countryCode === 'IN')
    .slice(0, 2)
    .map(
      (s, i): Station =>
        i === 1 ? { ...s, openingHours: 'Mo-Su 10:00-20:00', timeZone: 'Asia/Kolkata' } : s,
    );
  let t: Awaited<ReturnType<typeof createStationApiApp>>;
  beforeAll(async () => {
    t = await createStationApiApp(dialect, [plain!, timed!]);
  });
  afterAll(async () => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const nearestTo = async (station: Station, query: { lon: number; lat: number }) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stations/nearest?lat=${query.lat}&lon=${query.lon}&limit=1&radiusKm=5`,
    });
    expect(res.statusCode).toBe(200);
    const found = (res.json() as NearestResponse).stations[0]!;
    expect(found.id).toBe(station.id);
    return found;
  };

  it('shows a driver report in the very next answer', async () => {
    const before = await nearestTo(plain!, northOf(plain!, 200));
    expect(before.status.status).toBe('unknown');
    expect(await nearestTo(plain!, northOf(plain!, 200))).toEqual(before); // the reused text

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${plain!.id}/reports`,
      payload: { status: 'no_gas', position: northOf(plain!, 30) },
      remoteAddress: '10.30.0.1',
    });
    expect(res.statusCode).toBe(201);
    const after = await nearestTo(plain!, northOf(plain!, 200));
    expect(after.status.status).toBe('no_gas');
    expect(after.status.reportCount).toBe(1);
    expect(after.lastConfirmed.by).toBe('driver');
    // And the answer agrees with the station's own page, which does not go through the list text.
    const details = await t.app.inject({ method: 'GET', url: `/api/stations/${plain!.id}` });
    const { status, confidence, reportCount } = details.json().status;
    expect({ status, confidence, reportCount }).toEqual({
      status: after.status.status,
      confidence: after.status.confidence,
      reportCount: after.status.reportCount,
    });
  });

  it('works out distance and bearing from each request’s own point', async () => {
    for (const [metres, eastDeg] of [
      [200, 0],
      [1500, 0.01],
      [3000, -0.02],
    ] as const) {
      const from = northOf(plain!, metres);
      from.lon += eastDeg;
      const s = await nearestTo(plain!, from);
      expect(s.distanceKm).toBe(distanceKm(from.lon, from.lat, plain!.lon, plain!.lat));
      expect(s.bearingDeg).toBe(bearingDeg(from.lon, from.lat, plain!.lon, plain!.lat));
    }
  });

  it('evaluates openNow at each request’s moment, not when the text was made', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = northOf(timed!, 100);
    vi.setSystemTime(new Date('2026-08-21T05:00:00Z')); // 10:30 in India
    expect((await nearestTo(timed!, at)).openNow).toBe(true);
    vi.setSystemTime(new Date('2026-08-21T15:00:00Z')); // 20:30
    expect((await nearestTo(timed!, at)).openNow).toBe(false);
    vi.setSystemTime(new Date('2026-08-22T05:00:00Z')); // 10:30 the next day
    expect((await nearestTo(timed!, at)).openNow).toBe(true);
  });
});
