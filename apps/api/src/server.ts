import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { type Forwarder, selectForwarder, startContactOutbox } from './contact/contact';
import { migrateToLatest, openDatabase } from './db/database';
import { createLocalChangeFeed, createPostgresChangeFeed } from './lib/change-feed';
import { useUtcProcessClock } from './lib/process-clock';
import { runStartupImport } from './station-import/station-import';
import { warmPlaceGazetteer } from './stations/stations';

/** Starts the one process that serves the web app, the API and the live event stream. */
async function main() {
  // Before anything reads a clock: opening hours are evaluated in UTC wall-clock fields (lib/process-clock.ts).
  useUtcProcessClock();
  let config: ReturnType<typeof loadConfig>;
  let forwarder: Forwarder | null;
  try {
    config = loadConfig();
    forwarder = selectForwarder(config);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Lost idle PostgreSQL connections are logged (by pino once the app exists) and reopened by the pool.
  let onPoolError: ((err: Error) => void) | undefined;
  const dbHandle = openDatabase({
    databaseUrl: config.DATABASE_URL,
    sqlitePath: config.SQLITE_PATH,
    onPoolError: (err) => onPoolError?.(err),
  });
  const applied = await migrateToLatest(dbHandle.db);
  const changes = dbHandle.pgPool ? await createPostgresChangeFeed(dbHandle.pgPool) : createLocalChangeFeed();
  const app = await buildApp({ config, dbHandle, changes, indexAtRegistration: true });
  onPoolError = (err) =>
    app.log.warn({ err }, 'PostgreSQL: an idle connection was lost; it will be reopened');
  if (applied.length) app.log.info({ applied }, 'database migrated');
  app.log.info(
    { database: dbHandle.dialect === 'sqlite' ? config.SQLITE_PATH : 'postgresql' },
    `using ${dbHandle.dialect === 'sqlite' ? 'the embedded SQLite file' : 'PostgreSQL'}`,
  );

  const contactOutbox = startContactOutbox({ config, dbHandle, forwarder, log: app.log });

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

  await app.listen({ port: config.PORT, host: config.HOST });
  // The place gazetteer's file, built beside the server on the first start only (ADR 0011).
  warmPlaceGazetteer(app.log);
  // After listen, not awaited: /api/health answers while an empty database fills from the default sources.
  void runStartupImport(app).catch((err) => app.log.error({ err }, 'start-up import failed'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
