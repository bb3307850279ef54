import { expect, test } from '@playwright/test';
import { waitForStations } from './finder-helpers';

declare global {
  interface Window {
    statusEvents: { stationId: string; seq: number; status: { status: string; explanation: string } }[];
  }
}

/** The nearest real station to a point in central Rome, from the API (never invented). */
async function romeStation(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/api/stations/nearest?lat=41.9&lon=12.5&limit=1&radiusKm=50');
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { stations: { id: string; lon: number; lat: number }[] };
  expect(body.stations.length).toBe(1);
  return body.stations[0]!;
}

test('a report from one driver reaches another driver’s open page live; the device cookie limits repeats @desktop', async ({
  browser,
  request,
}) => {
  await waitForStations(request);
  const station = await romeStation(request);

  // Driver A has a page open that follows the station through the browser's own EventSource.
  const a = await (await browser.newContext()).newPage();
  await a.goto('/');
  await a.evaluate(async (id) => {
    window.statusEvents = [];
    const source = new EventSource(`/api/events?stations=${id}`);
    source.addEventListener('status', (e) => window.statusEvents.push(JSON.parse((e as MessageEvent).data)));
    await new Promise((resolve) => source.addEventListener('ready', resolve, { once: true }));
  }, station.id);

  // Driver B, in another browser (another device cookie), reports from the forecourt.
  const b = await (await browser.newContext()).newPage();
  await b.goto('/');
  const send = (status: string) =>
    b.evaluate(
      async ({ id, lon, lat, status }) => {
        const res = await fetch(`/api/stations/${id}/reports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ status, queueMin: 5, position: { lon, lat, accuracyM: 10 } }),
        });
        return { status: res.status, body: await res.json() };
      },
      { id: station.id, lon: station.lon, lat: station.lat, status },
    );
  const first = await send('no_gas');
  expect(first.status).toBe(201);

  await expect.poll(() => a.evaluate(() => window.statusEvents.length)).toBe(1);
  const [event] = await a.evaluate(() => window.statusEvents);
  expect(event).toMatchObject({
    stationId: station.id,
    seq: first.body.report.id,
    status: { status: 'no_gas' },
  });

  // The device id lives in an HttpOnly cookie: scripts cannot read it, the server still recognises B.
  expect(await b.evaluate(() => document.cookie)).not.toContain('cng_device');
  const again = await send('available');
  expect(again.status).toBe(429);
  expect(Date.parse(again.body.retryAt)).toBeGreaterThan(Date.now() + 9 * 60_000);
  // Driver C, on another network, reports next: its event reaches A, and nothing came in between.
  const c = await (
    await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.67.0.3' } })
  ).newPage();
  await c.goto('/');
  const third = await c.evaluate(
    async ({ id, lon, lat }) => {
      const res = await fetch(`/api/stations/${id}/reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'available', position: { lon, lat, accuracyM: 10 } }),
      });
      return { status: res.status, body: await res.json() };
    },
    { id: station.id, lon: station.lon, lat: station.lat },
  );
  expect(third.status).toBe(201);
  await expect.poll(() => a.evaluate(() => window.statusEvents.at(-1)?.seq)).toBe(third.body.report.id);
  expect(await a.evaluate(() => window.statusEvents.map((e) => e.seq))).toEqual([
    first.body.report.id,
    third.body.report.id,
  ]);
});
