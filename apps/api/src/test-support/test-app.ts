import { buildApp } from '../app';
import { type Config, loadConfig } from '../config/env';
import { createLocalChangeFeed, createPostgresChangeFeed } from '../db/change-feed';
import { createTestDb, type TestDb, type TestDialect } from './test-db';

/** Builds the real app on a fresh test database; use app.inject() — no port. */
export async function createTestApp(
  options: { dialect?: TestDialect; env?: Record<string, string>; db?: TestDb } = {},
) {
  const db = options.db ?? (await createTestDb(options.dialect ?? 'sqlite'));
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTO_IMPORT: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    ...options.env,
  });
  const changes = db.pgPool ? await createPostgresChangeFeed(db.pgPool) : createLocalChangeFeed();
  const app = await buildApp({ config, dbHandle: db, changes });
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await changes.close();
      if (!options.db) await db.cleanup();
    },
  };
}
