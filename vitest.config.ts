import { defineConfig } from 'vitest/config';
import { apiFreshProject } from './apps/api/vitest.config.ts';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      // The API files that need a process of their own (apps/api/vitest.config.ts).
      apiFreshProject,
      // The repository's own scripts (scripts/*.test.mjs), in Node.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
    ],
    // Vitest's default on a 2-core machine is one worker (cores - 1). The API's integration files mostly wait
    // on PostgreSQL, SQLite files and the servers they start, so three files at a time keep both cores busy.
    maxWorkers: 3,
  },
});
