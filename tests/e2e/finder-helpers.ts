import { type APIRequestContext, expect } from '@playwright/test';

/** Mean Earth radius in km, as the product uses. Independent haversine so the tests do not grade our own code. */
const R_KM = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;

export interface Pt {
  lon: number;
  lat: number;
}

export function haversineKm(a: Pt, b: Pt): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * R_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function initialBearingDeg(a: Pt, b: Pt): number {
  const y = Math.sin(rad(b.lon - a.lon)) * Math.cos(rad(b.lat));
  const x =
    Math.cos(rad(a.lat)) * Math.sin(rad(b.lat)) -
    Math.sin(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.cos(rad(b.lon - a.lon));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Point at fraction `t` of the way from a to b (linear in degrees: fine for a few km). */
export function lerp(a: Pt, b: Pt, t: number): Pt {
  return { lon: a.lon + (b.lon - a.lon) * t, lat: a.lat + (b.lat - a.lat) * t };
}

/** Signed smallest turn from `from` to `to`, degrees. */
export function turnDeg(from: number, to: number): number {
  return ((((to - from) % 360) + 540) % 360) - 180;
}

/** The server imports stations after it starts listening: wait until it reports some. */
export async function waitForStations(request: APIRequestContext) {
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/health');
        return res.ok() ? (((await res.json()) as { stations: number | null }).stations ?? 0) : 0;
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBeGreaterThan(0);
}

export interface ApiStation extends Pt {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
}

/** Every station the API holds in a box (zoom 22: no clustering), for brute-force oracles. */
export async function stationsInBox(
  request: APIRequestContext,
  west: number,
  south: number,
  east: number,
  north: number,
) {
  const res = await request.get(`/api/stations?bbox=${west},${south},${east},${north}&zoom=22`);
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { stations: ApiStation[]; truncated: boolean };
  expect(body.truncated).toBe(false);
  return body.stations;
}

/** The brute-force nearest station to `p`. */
export function bruteForceNearest(stations: ApiStation[], p: Pt): ApiStation {
  let best = stations[0]!;
  for (const s of stations) if (haversineKm(p, s) < haversineKm(p, best)) best = s;
  return best;
}
