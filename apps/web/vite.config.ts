import path from 'node:path';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { icuMessages } from './scripts/icu-messages.js';
import { pwaOptions } from './src/pwa/pwa-options.js';

/** Modules of the early-location chunk (the entry and all it imports). */
const EARLY_CODE =
  /(src\/features\/finder\/early-(location|nearest)|src\/lib\/distance-format|packages\/shared\/src\/(geo|limits))\.ts$/;

export default defineConfig(({ isSsrBuild }) => ({
  // Preact renders the React code through preact/compat (ADR 0020): `react` and `react-dom` resolve to it, here and
  // in the prerender's server bundle.
  plugins: [icuMessages(), preact(), VitePWA(pwaOptions)],
  // Bundled into the server build too, so its `react` imports meet the same alias instead of Node's React.
  ssr: { noExternal: ['react-toastify'] },
  build: {
    target: 'es2022',
    // Maps are written for decoding our own stack traces but not linked from the code nor served (ADR 0013).
    sourcemap: 'hidden',
    assetsInlineLimit: 2048,
    // .vite/manifest.json: the chunk graph that the size budgets (.size-limit.js) measure per route.
    manifest: true,
    rollupOptions: {
      // early-location: GPS at once on /App, run by the prerendered page before the app's code (issue 16).
      input: isSsrBuild
        ? undefined
        : {
            index: path.resolve(import.meta.dirname, 'index.html'),
            'early-location': path.resolve(import.meta.dirname, 'src/features/finder/early-location.ts'),
          },
      // The schemas of @cng/shared (TypeBox) are for the API: with these calls pure, the client keeps only the
      // constants and helpers it imports, not ~14 kB gzip of schema builder.
      treeshake: { manualPureFunctions: ['Type', 'Nullable'] },
      output: isSsrBuild
        ? {}
        : {
            // Preact changes rarely: its own long-cached chunk.
            manualChunks(id: string) {
              if (/node_modules\/preact\//.test(id)) return 'vendor-preact';
              // The first distance on /App (issue 16): the early watch, the early strip and the little they use,
              // in the one early-location file, so a slow link fetches one small file before it can paint.
              if (EARLY_CODE.test(id)) return 'early-location';
            },
          },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
}));
