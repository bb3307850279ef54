import { type StatusSummary, UNKNOWN_STATUS } from '@cng/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StationIndex } from './station-index';
import { buildStationIndexParts } from './station-index-build';
import { latestImportRunId } from './station-index-repository';

/** The live status of stations; the live-status feature replaces the default (everything unknown). */
export interface StatusProvider {
  summaryFor(stationId: string): StatusSummary;
}

/** Holds the current in-memory station index and rebuilds it. */
export interface StationIndexHolder {
  /** The snapshot queries read; replaced whole by a rebuild, never mutated. */
  readonly current: StationIndex;
  /** Counts completed rebuilds. */
  readonly version: number;
  /** Reloads every active station and swaps the index; concurrent calls share one follow-up rebuild. */
  rebuild(reason: string): Promise<StationIndex>;
}

/**
 * Keeps the station index in memory: built on start, rebuilt on every `stations-changed` event and when a
 * new import run appears in the database (a CLI import on SQLite tells no running server), polled every
 * `pollMs`. Queries read `app.stationIndex.current` and never touch the database.
 */
export default fp(
  async function stationIndexPlugin(
    app: FastifyInstance,
    opts: { pollMs: number; atRegistration?: boolean },
  ) {
    let current = new StationIndex([]);
    let version = 0;
    let lastImportRunId: number | null = null;
    let running: Promise<StationIndex> | null = null;
    let queued: Promise<StationIndex> | null = null;

    const build = async (reason: string): Promise<StationIndex> => {
      const started = performance.now();
      // Read the marker first: a run that lands during the load triggers one more rebuild, never none.
      lastImportRunId = await latestImportRunId(app.db);
      const { parts, builtIn } = await buildStationIndexParts(app.db, (err) =>
        app.log.warn({ err }, 'station index: the worker thread failed; building on the main thread'),
      );
      const index = new StationIndex(parts);
      const stations = index.size;
      current = index;
      version++;
      // The first typo-tolerant search would build this; do it as soon as the loop is free instead.
      setImmediate(() => index.search.prepareFuzzy());
      app.log.info(
        { reason, stations, builtIn, ms: Math.round(performance.now() - started) },
        'station index rebuilt',
      );
      return current;
    };

    const rebuild = (reason: string): Promise<StationIndex> => {
      if (!running) {
        running = build(reason).finally(() => {
          running = null;
        });
        return running;
      }
      // A change during a rebuild may have been missed by it: run exactly one more afterwards.
      queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = null;
          return rebuild(reason);
        });
      return queued;
    };

    const holder: StationIndexHolder = {
      get current() {
        return current;
      },
      get version() {
        return version;
      },
      rebuild,
    };
    app.decorate('stationIndex', holder);
    app.decorate('statusProvider', { summaryFor: () => UNKNOWN_STATUS } as StatusProvider);

    const rebuildInBackground = (reason: string) => {
      rebuild(reason).catch((err) => app.log.error({ err, reason }, 'station index rebuild failed'));
    };
    const unsubscribe = app.changes.subscribe('stations-changed', ({ reason }) =>
      rebuildInBackground(`stations-changed: ${reason}`),
    );

    // Begun now, the first build (in a worker thread) overlaps the building of the rest of the app.
    const startup = opts.atRegistration ? rebuild('startup') : null;
    startup?.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await (startup ?? rebuild('startup'));
      if (opts.pollMs > 0) {
        timer = setInterval(() => {
          latestImportRunId(app.db)
            .then((id) => {
              if (id !== lastImportRunId && !running) rebuildInBackground(`import run ${id}`);
            })
            .catch((err) => app.log.warn({ err }, 'station index poll failed'));
        }, opts.pollMs);
        timer.unref();
      }
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      unsubscribe();
      await running?.catch(() => undefined);
    });
  },
  { name: 'station-index' },
);
