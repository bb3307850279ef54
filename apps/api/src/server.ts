// Only what the start needs before the station index's first build begins is imported here; the rest of the
// app is loaded after, while a worker thread reads the index (ADR 0023).
import { ConfigError, loadConfigOrExit } from './config/env';
import type { Forwarder } from './contact/contact';
import { migrateToLatest, openDatabase } from './db/database';
import { useUtcProcessClock } from './lib/process-clock';
import { prepareStationIndex } from './stations/station-index-build';

/** Starts the one process that serves the web app, the API and the live event stream. */
async function main() {
  // Before anything reads a clock: opening hours are evaluated in UTC wall-clock fields (lib/process-clock.ts).
  useUtcProcessClock();
  const config = loadConfigOrExit();
  // Lost idle PostgreSQL connections are logged (by pino once the app exists) and reopened by the pool.
  let onPoolError: ((err: Error) => void) | undefined;
  const dbHandle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    onPoolError: (err) => onPoolError?.(err),
  });
  const applied = await migrateToLatest(dbHandle.db);
  // Begun now, the index's first build runs beside the loading of the app; the index plugin awaits it on ready.
  const firstIndex = prepareStationIndex(dbHandle.db);
  firstIndex.catch(() => undefined);
  const [
    { buildApp },
    contact,
    changeFeed,
    { runStartupImport },
    { preloadPlaceGazetteer, warmPlaceGazetteer },
    { runStartupCandidates },
  ] = await Promise.all([
    import('./app'),
    import('./contact/contact'),
    import('./db/change-feed'),
    import('./station-import/station-import'),
    import('./places/places'),
    import('./candidates/candidates'),
  ]);
  let forwarder: Forwarder | null;
  try {
    forwarder = contact.selectForwarder(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const changes = dbHandle.pgPool
    ? await changeFeed.createPostgresChangeFeed(dbHandle.pgPool)
    : changeFeed.createLocalChangeFeed();
  const app = await buildApp({ config, dbHandle, changes, firstIndex });
  onPoolError = (err) =>
    app.log.warn({ err }, 'PostgreSQL: an idle connection was lost; it will be reopened');
  if (applied.length) app.log.info({ applied }, 'database migrated');
  app.log.info(
    { database: dbHandle.dialect === 'sqlite' ? config.SQLITE_PATH : 'postgresql' },
    `using ${dbHandle.dialect === 'sqlite' ? 'the embedded SQLite file' : 'PostgreSQL'}`,
  );

  const contactOutbox = contact.startContactOutbox({ config, dbHandle, forwarder, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await contactOutbox.stop();
    await app.close();
    await changes.close();
    await dbHandle.db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Run while listen waits for the station index (built in worker threads, or read from its snapshot): the
  // first driver's place search then finds the gazetteer loaded.
  setImmediate(() => preloadPlaceGazetteer(app.log));
  await app.listen({ port: config.PORT, host: config.HOST });
  // The place gazetteer's file, built beside the server on the first start only (ADR 0011).
  warmPlaceGazetteer(app.log);
  // After listen, not awaited: /api/health answers while an empty database fills from the default sources.
  // The candidates follow the stations: they are asked about only where stations are few, never awaited.
  void runStartupImport(app)
    .catch((err) => app.log.error({ err }, 'start-up import failed'))
    .then(() => runStartupCandidates(app))
    .catch((err) => app.log.error({ err }, 'start-up candidates failed'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
