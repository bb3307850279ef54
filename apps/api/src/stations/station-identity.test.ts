import type { NearestResponse } from '@cng/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRealStations } from '../test-support/real-import';
import { publishAndWaitForRebuild } from '../test-support/station-api-app';
import { createTestApp } from '../test-support/test-app';

const CENTRES = {
  Delhi: { lat: 28.6315, lon: 77.2167 },
  Mumbai: { lat: 19.076, lon: 72.8777 },
  Pune: { lat: 18.5204, lon: 73.8567 },
  Ahmedabad: { lat: 23.0225, lon: 72.5714 },
};

/** Stations a driver can tell apart, on the product's real offline import. */
describe('names and operators on the real import', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_RATE_LIMIT_PER_MIN: '100000' } });
    await importRealStations(t.db.db, t.config);
    await publishAndWaitForRebuild(t.app);
  }, 120_000);
  afterAll(async () => t?.close());
  const nearest = async (at: { lat: number; lon: number }, extra = '') =>
    (
      await t.app.inject({ url: `/api/stations/nearest?lat=${at.lat}&lon=${at.lon}&limit=20${extra}` })
    ).json() as NearestResponse;

  it.each(Object.entries(CENTRES))(
    'gives the 20 stations nearest %s centre 20 different names',
    async (_, at) => {
      const { stations } = await nearest(at);
      expect(stations).toHaveLength(20);
      const names = stations.map((s) => s.displayName);
      expect(new Set(names).size).toBe(20);
      // The source's own name is still served beside it.
      for (const s of stations) expect(s.name.length).toBeGreaterThan(0);
    },
  );

  it('names generic Delhi stations by company and place, never "Hp" or "Igl"', async () => {
    const { stations } = await nearest(CENTRES.Delhi);
    const generic = stations.filter((s) =>
      /^(hp|igl|cng|cng station|indraprastha gas limited)$/i.test(s.name),
    );
    expect(generic.length).toBeGreaterThan(5);
    for (const s of generic) {
      expect(s.displayName).toMatch(/^(HPCL|IGL|CNG|Indian Oil|Bharat Petroleum) · .+/);
      // The parts of the name, for clients that word it in another language: the same label, and a place.
      expect(s.nameParts?.label).toBe(s.displayName.split(' · ')[0]);
      expect(['street', 'city', 'place', 'position']).toContain(s.nameParts?.kind);
    }
    // A station named by its source carries no parts.
    const named = stations.find((s) => s.displayName === s.name);
    expect(named?.nameParts).toBeUndefined();
  });

  it.each([
    ['IGL', CENTRES.Delhi],
    ['MGL', CENTRES.Mumbai],
    ['MNGL', CENTRES.Pune],
    ['GAIL', { lat: 12.9716, lon: 77.5946 }],
  ])('finds %s stations with the operator filter near their city', async (operator, at) => {
    const { stations } = await nearest(at, `&radiusKm=50&operator=${operator}`);
    expect(stations.length).toBeGreaterThanOrEqual(10);
  });

  it("says when a station was last confirmed: by its source's import, then by a driver's report", async () => {
    const first = (await nearest(CENTRES.Pune)).stations[0]!;
    expect(first.lastConfirmed).toEqual({ at: first.lastSeenAt, by: 'source' });
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${first.id}/reports`,
      payload: { status: 'available' },
    });
    expect(report.statusCode).toBe(201);
    const after = (await nearest(CENTRES.Pune)).stations.find((s) => s.id === first.id)!;
    expect(after.lastConfirmed).toEqual({ at: report.json().report.createdAt, by: 'driver' });
    const details = (await t.app.inject({ url: `/api/stations/${first.id}` })).json();
    expect(details.lastConfirmed.by).toBe('driver');
  });
});
