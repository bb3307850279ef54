import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLoopbackServer } from '../test-support/loopback-server';
import { STATIONS_DIR } from '../test-support/source-files';
import { createTestApp } from '../test-support/test-app';
import { TEST_DIALECTS } from '../test-support/test-db';
import { runStartupImport } from './startup-import';

/** The messages an app logged at one level while `run` ran. */
async function logged<T>(
  app: Awaited<ReturnType<typeof createTestApp>>['app'],
  level: 'info' | 'warn',
  run: () => Promise<T>,
): Promise<{ result: T; messages: unknown[][] }> {
  const spy = vi.spyOn(app.log, level);
  try {
    const result = await run();
    return { result, messages: spy.mock.calls.map((c) => [...c]) };
  } finally {
    spy.mockRestore();
  }
}
const texts = (messages: unknown[][]) => messages.map((m) => String(m.find((x) => typeof x === 'string')));

describe.each(TEST_DIALECTS)('start-up import on %s', (dialect) => {
  let live: Awaited<ReturnType<typeof startLoopbackServer>>;
  beforeAll(async () => {
    // Stands in for the internet being down: every live source answers with an error.
    live = await startLoopbackServer(8114, () => ({ status: 503, body: 'unavailable' }));
  });
  afterAll(() => live.close());

  const env = (offlineDir: string) => ({
    AUTO_IMPORT: 'true',
    AUTO_IMPORT_TIMEOUT_S: '2',
    OVERPASS_URL: `${live.url}/api/interpreter`,
    INDIA_OPEN_URL: `${live.url}/stations.json`,
    MIMIT_STATIONS_URL: `${live.url}/anagrafica.csv`,
    MIMIT_PRICES_URL: `${live.url}/prezzo.csv`,
    MGL_OUTLETS_URL: `${live.url}/outlet/cngfilling`,
    HPOIL_LOCATOR_URL: `${live.url}/cng-locator.php`,
    STATIONS_OFFLINE_DIR: offlineDir,
  });

  it('falls back to the local copies when the live sources fail, then publishes stations-changed', async () => {
    const t = await createTestApp({ dialect, env: env(STATIONS_DIR) });
    try {
      const events: string[] = [];
      t.app.changes.subscribe('stations-changed', ({ reason }) => events.push(reason));
      const { result, messages } = await logged(t.app, 'warn', () => runStartupImport(t.app));
      expect(result.imported).toBe(7);
      // India dataset + raw files (1,521 stations), the Italian pair (1,506), MGL's list (471 new stations;
      // 134 of its records joined stations the India dataset has), HPOIL's (31), the AFDC New York copy (23),
      // Brazil's ANP list (227) and the Greek map (24).
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().stations).toBe(1_521 + 1_506 + 471 + 31 + 23 + 227 + 24);
      await expect.poll(() => events).toContain('import');
      // Both Overpass queries and all three file downloads were tried first.
      expect(live.requests.filter((r) => r.url === '/api/interpreter')).toHaveLength(2);
      expect(live.requests.map((r) => r.url)).toEqual(
        expect.arrayContaining([
          '/stations.json',
          '/anagrafica.csv',
          '/prezzo.csv',
          '/outlet/cngfilling',
          '/cng-locator.php',
        ]),
      );
      // Each source that failed without a local copy says how to import it, though others were imported.
      const howTo = texts(messages).filter((m) => m.includes('npm run stations:import -- osm'));
      expect(howTo).toHaveLength(2);
      expect(howTo.some((m) => m.includes('overpass:world'))).toBe(true);
      // Once stations exist, the start-up import leaves them alone.
      expect((await runStartupImport(t.app)).imported).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('logs progress during each source import, a few lines per phase up to 100 %', async () => {
    const t = await createTestApp({ dialect, env: env(STATIONS_DIR) });
    try {
      const { messages } = await logged(t.app, 'info', () => runStartupImport(t.app));
      const progress = messages
        .filter((m) => m[1] === 'start-up import: progress')
        .map((m) => m[0] as { source: string; phase: string; pct: number });
      for (const source of ['India open CNG dataset', 'Italy MIMIT']) {
        const mine = progress.filter((p) => p.source === source);
        expect(mine.filter((p) => p.phase === 'plan').at(-1)?.pct).toBe(100);
        expect(mine.filter((p) => p.phase === 'write').at(-1)?.pct).toBe(100);
        // Throttled: at most every 10 % (plus the start) per phase, at this speed.
        expect(mine.length).toBeLessThanOrEqual(2 * 11);
      }
    } finally {
      await t.close();
    }
  });

  it('still starts, with no stations, when neither the live sources nor local copies exist', async () => {
    const t = await createTestApp({ dialect, env: env('/nonexistent-offline-dir') });
    try {
      const { result, messages } = await logged(t.app, 'warn', () => runStartupImport(t.app));
      expect(result.imported).toBe(0);
      const howTo = texts(messages).filter((m) => m.includes('npm run stations:import --'));
      expect(howTo).toHaveLength(9);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().stations).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe.each(TEST_DIALECTS)('start-up import of a slow Overpass answer on %s', (dialect) => {
  let live: Awaited<ReturnType<typeof startLoopbackServer>>;
  const answer = JSON.stringify({
    elements: [
      {
        type: 'node',
        id: 271335830,
        lat: 28.504343,
        lon: 77.171999,
        tags: { amenity: 'fuel', 'fuel:cng': 'yes', name: 'Indian Oil' },
      },
    ],
  });
  beforeAll(async () => {
    // Overpass answers after 1.5 s: later than the file downloads' limit, within the Overpass one.
    live = await startLoopbackServer(8115, (req) =>
      req.url === '/api/interpreter'
        ? { status: 200, body: answer, delayMs: 1500 }
        : { status: 503, body: 'unavailable' },
    );
  });
  afterAll(() => live.close());

  it('gives the Overpass queries their own, longer time limit', async () => {
    const t = await createTestApp({
      dialect,
      env: {
        AUTO_IMPORT: 'true',
        AUTO_IMPORT_TIMEOUT_S: '1',
        AUTO_IMPORT_OVERPASS_TIMEOUT_S: '10',
        OVERPASS_URL: `${live.url}/api/interpreter`,
        INDIA_OPEN_URL: `${live.url}/stations.json`,
        MIMIT_STATIONS_URL: `${live.url}/anagrafica.csv`,
        MIMIT_PRICES_URL: `${live.url}/prezzo.csv`,
        STATIONS_OFFLINE_DIR: '/nonexistent-offline-dir',
      },
    });
    try {
      expect((await runStartupImport(t.app)).imported).toBe(2);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().stations).toBe(1);
      const query = new URLSearchParams(live.requests.find((r) => r.url === '/api/interpreter')!.body);
      expect(query.get('data')).toContain('[timeout:10]');
    } finally {
      await t.close();
    }
  });
});
