import { defineConfig } from 'tsup';

// One bundle per entry; our workspace code (incl. @cng/shared) is bundled, npm packages stay external.
export default defineConfig({
  // The place gazetteer's file builder runs beside the server as a child process (places/place-gazetteer.ts).
  // The station index is built in a worker thread from its own entry (stations/station-index-build.ts).
  entry: {
    server: 'src/server.ts',
    'place-cache-cli': 'src/places/place-cache-cli.ts',
    'station-index-worker': 'src/stations/station-index-worker.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  noExternal: ['@cng/shared', 'typebox', 'kysely', '@fastify/type-provider-typebox'],
});
