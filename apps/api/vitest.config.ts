import { configDefaults, defineProject } from 'vitest/config';

/**
 * Test files that need a process no other file has used: they check what the place gazetteer, a module-level
 * singleton, has loaded. They run isolated, in a project of their own (`apiFreshProject`).
 */
const FRESH_PROCESS_FILES = [
  'src/places/place-gazetteer-lazy.test.ts',
  'src/places/place-gazetteer-warm.test.ts',
];

/** What both API projects share. */
const common: {
  environment: 'node';
  setupFiles: string[];
  testTimeout: number;
  hookTimeout: number;
  fileParallelism: boolean;
} = {
  environment: 'node',
  // The process clock in UTC, as src/server.ts sets it at start-up (lib/process-clock.ts).
  setupFiles: ['src/test-support/process-clock-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Files run in parallel: each test database is its own SQLite file or PostgreSQL schema, each schema has its
  // own NOTIFY channel (db/change-feed.ts changeChannelOf), and servers a test starts take free ports.
  fileParallelism: true,
};

/** The files of FRESH_PROCESS_FILES, each in a fresh worker (listed in the root vitest.config.ts). */
export const apiFreshProject = defineProject({
  root: import.meta.dirname,
  test: { ...common, name: 'api-fresh', include: FRESH_PROCESS_FILES, isolate: true },
});

export default defineProject({
  test: {
    ...common,
    name: 'api',
    include: ['src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...FRESH_PROCESS_FILES],
    // A worker runs file after file with the modules it has already loaded: loading the app's modules again
    // for each of ~90 files was most of this project's time. Each file still builds its own app, database and
    // servers; the files that check a module-level singleton run isolated (apiFreshProject).
    isolate: false,
  },
});
