import { type StatusSummary, UNKNOWN_STATUS } from '@cng/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { StationIndex } from './station-index';
import { type PreparedIndex, prepareStationIndex } from './station-index-build';
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
  /** Calls `listener` with each new index once queries read it; returns the unsubscribe function. */
  onRebuilt(listener: (index: StationIndex) => void): () => void;
}

/** Logs how the index snapshot's write or removal ends; undefined when the build neither wrote nor removed one. */
function logSnapshot(
  app: FastifyInstance,
  snapshot: NonNullable<PreparedIndex['snapshot']>,
  stations: number,
): Promise<void> | undefined {
  const file = snapshot.file;
  if (snapshot.written)
    return snapshot.written.then(
      () => app.log.info({ file }, 'station index snapshot written'),
      (err) => app.log.warn({ err, file }, 'station index snapshot not written'),
    );
  return snapshot.removed?.then(
    (was) => {
      if (was)
        app.log.info({ file, stations }, 'station index snapshot removed: too few stations to keep one');
    },
    (err) => app.log.warn({ err, file }, 'station index snapshot not removed'),
  );
}

/**
 * Keeps the station index in memory: built on start, rebuilt on every `stations-changed` event and when a
 * new import run appears in the database (a CLI import on SQLite tells no running server), polled every
 * `pollMs`. Queries read `app.stationIndex.current` and never touch the database.
 */
export default fp(
  async function stationIndexPlugin(
    app: FastifyInstance,
    opts: {
      pollMs: number;
      /** The first build, begun by the server before it loaded the app (server.ts); else begun on ready. */
      first?: Promise<PreparedIndex>;
    },
  ) {
    let current = new StationIndex([]);
    let version = 0;
    const rebuiltListeners = new Set<(index: StationIndex) => void>();
    let lastImportRunId: number | null = null;
    let running: Promise<StationIndex> | null = null;
    let queued: Promise<StationIndex> | null = null;
    /** The snapshot files being written, awaited on close (a test's folder is removed after). */
    let writing: Promise<void> | undefined;

    const build = async (reason: string, prepared?: Promise<PreparedIndex>): Promise<StationIndex> => {
      const { importRunId, prepareMs, parts, builtIn, workerError, snapshot } = await (prepared ??
        prepareStationIndex(app.db, { fromSnapshot: reason === 'startup' }));
      if (workerError !== undefined)
        app.log.warn(
          { err: workerError },
          'station index: the worker thread failed; built on the main thread instead',
        );
      lastImportRunId = importRunId;
      const made = performance.now();
      const index = new StationIndex(parts);
      const stations = index.size;
      current = index;
      version++;
      for (const listener of rebuiltListeners) listener(index);
      // The first typo-tolerant search would build this; do it as soon as the loop is free instead.
      setImmediate(() => index.search.prepareFuzzy());
      app.log.info(
        {
          reason,
          stations,
          builtIn,
          // The preparation's own time (a start's first one ran while the app loaded, not from when it was ready)
          // and making the index from it.
          ms: Math.round(prepareMs + performance.now() - made),
          ...(snapshot?.unusable && snapshot.unusable !== 'none'
            ? { snapshotNotUsed: snapshot.unusable }
            : {}),
        },
        'station index rebuilt',
      );
      const logged = snapshot && logSnapshot(app, snapshot, stations);
      // Every write still under way is awaited on close, not only the latest.
      if (logged) writing = Promise.all([writing, logged]).then(() => undefined);
      return current;
    };

    const rebuild = (reason: string, prepared?: Promise<PreparedIndex>): Promise<StationIndex> => {
      if (!running) {
        running = build(reason, prepared).finally(() => {
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
      onRebuilt(listener) {
        rebuiltListeners.add(listener);
        return () => rebuiltListeners.delete(listener);
      },
    };
    app.decorate('stationIndex', holder);
    app.decorate('statusProvider', { summaryFor: () => UNKNOWN_STATUS } as StatusProvider);

    const rebuildInBackground = (reason: string) => {
      rebuild(reason).catch((err) => app.log.error({ err, reason }, 'station index rebuild failed'));
    };
    const unsubscribe = app.changes.subscribe('stations-changed', ({ reason }) =>
      rebuildInBackground(`stations-changed: ${reason}`),
    );

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await rebuild('startup', opts.first);
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
      await writing;
    });
  },
  { name: 'station-index' },
);
