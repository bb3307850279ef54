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
    // Integration tests share one PostgreSQL database; run files one at a time to keep them independent.
    fileParallelism: false,
  },
});
