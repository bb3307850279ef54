import type { Station } from '@cng/shared';
import { AliasNode, type KyselyPlugin, type OperationNode, type RootOperationNode, TableNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { northOf, seedStations } from '../test-support/seed-stations';
import { createTestApp } from '../test-support/test-app';
import { createTestDb, TEST_DIALECTS } from '../test-support/test-db';

/** Counts the SELECTs that read the stations tables (a report reads its station from the in-memory index). */
class StationReads implements KyselyPlugin {
  count = 0;
  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    if (
      node.kind === 'SelectQueryNode' &&
      node.from?.froms.some((f) => /^station(s|_sources)$/.test(tableOf(f)))
    )
      this.count++;
    return node;
  }
  async transformResult<T>({ result }: { result: T }): Promise<T> {
    return result;
  }
}

function tableOf(node: OperationNode): string {
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableOf(node.node);
  return '';
}

describe.each(TEST_DIALECTS)('a driver report on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let stations: Station[];
  const reads = new StationReads();
  beforeAll(async () => {
    const db = await createTestDb(dialect);
    stations = await seedStations(db.db, 3);
    t = await createTestApp({ db: { ...db, db: db.db.withPlugin(reads) } });
  });
  afterAll(async () => {
    await t.close();
    await t.db.cleanup();
  });

  it('reads the station and its position from the in-memory index, not from the database', async () => {
    const s = stations[1]!;
    // The change feed's 'status-changed' event refreshes the cache once more on every instance: the test's
    // listener, subscribed after the live-status plugin's, is called once that refresh has begun.
    const cache = t.app.statusCache;
    const refreshes: Promise<unknown>[] = [];
    const refresh = cache.refresh.bind(cache);
    const spy = vi.spyOn(cache, 'refresh').mockImplementation((...args) => {
      const p = refresh(...args);
      refreshes.push(p);
      return p;
    });
    let unsubscribe = () => {};
    const feedRefresh = new Promise<unknown>((resolve) => {
      unsubscribe = t.app.changes.subscribe('status-changed', () => resolve(refreshes.at(-1)));
    });
    reads.count = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/stations/${s.id}/reports`,
      payload: { status: 'available', position: { ...northOf(s, 50), accuracyM: 8 } },
      remoteAddress: '10.9.0.1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().status.status).toBe('available');
    await feedRefresh;
    unsubscribe();
    spy.mockRestore();
    expect(cache.summaryFor(s.id).reportCount).toBe(1);
    expect(reads.count).toBe(0);
  });

  it('still answers 404 for an id the index does not hold and the database does not know', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stations/st_doesnotexist/reports',
      payload: { status: 'available' },
      remoteAddress: '10.9.0.2',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().details).toEqual([{ field: 'id', problem: 'is not a known active station' }]);
  });
});
