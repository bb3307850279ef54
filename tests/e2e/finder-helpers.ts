import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

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

/** Opens /App for a driver standing at `at`, with location granted (once the server holds stations). */
export async function openAppAt(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext | null,
  at: { latitude: number; longitude: number },
) {
  if (request) await waitForStations(request);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ ...at, accuracy: 10 });
  await page.goto('/App');
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

/** sRGB channels of a computed colour string ("rgb(…)", "rgba(…)" or "#rrggbb"). */
export function parseColour(colour: string): [number, number, number] {
  const hex = colour.match(/^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (hex) return [1, 2, 3].map((i) => Number.parseInt(hex[i]!, 16)) as [number, number, number];
  const rgb = colour.match(/rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/);
  if (!rgb) throw new Error(`not a colour: ${colour}`);
  return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
}

/** WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (c: string) => {
    const [r, g, bl] = parseColour(c).map((v) => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
