import { defineConfig } from 'tsup';

// One bundle per entry; our workspace code (incl. @cng/shared) is bundled, npm packages stay external.
export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: ['@cng/shared'],
});
