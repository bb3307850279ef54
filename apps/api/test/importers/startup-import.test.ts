import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStartupImport } from '../../src/stations/startup-import';
import { createTestApp } from '../helpers/test-app';
import { TEST_DIALECTS } from '../helpers/test-db';
import { startLoopbackServer } from './loopback-server';
import { STATIONS_DIR } from './real-data';

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
    STATIONS_OFFLINE_DIR: offlineDir,
  });

  it('falls back to the local copies when the live sources fail, then publishes stations-changed', async () => {
    const t = await createTestApp({ dialect, env: env(STATIONS_DIR) });
    try {
      const events: string[] = [];
      t.app.changes.subscribe('stations-changed', ({ reason }) => events.push(reason));
      const result = await runStartupImport(t.app);
      expect(result.imported).toBe(2);
      // India dataset + raw files (1,526 stations) and the Italian pair (1,505).
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().stations).toBe(1_526 + 1_505);
      await new Promise((r) => setTimeout(r, 100));
      expect(events).toContain('import');
      // Both Overpass queries and all three file downloads were tried first.
      expect(live.requests.filter((r) => r.url === '/api/interpreter')).toHaveLength(2);
      expect(live.requests.map((r) => r.url)).toEqual(
        expect.arrayContaining(['/stations.json', '/anagrafica.csv', '/prezzo.csv']),
      );
      // Once stations exist, the start-up import leaves them alone.
      expect((await runStartupImport(t.app)).imported).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('still starts, with no stations, when neither the live sources nor local copies exist', async () => {
    const t = await createTestApp({ dialect, env: env('/nonexistent-offline-dir') });
    try {
      expect((await runStartupImport(t.app)).imported).toBe(0);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().stations).toBe(0);
    } finally {
      await t.close();
    }
  });
});
