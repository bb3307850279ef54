import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The process clock in UTC, as src/server.ts sets it at start-up (lib/process-clock.ts).
    setupFiles: ['test/helpers/process-clock-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files run in parallel: each test database is its own SQLite file or PostgreSQL schema, each schema has its
    // own NOTIFY channel (lib/change-feed.ts changeChannelOf), and servers a test starts take free ports.
    fileParallelism: true,
  },
});
