import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { icuMessages } from './scripts/icu-messages.js';
import { pwaOptions } from './src/pwa/pwa-options.js';

/** Modules of the early-location chunk (the entry and all it imports). */
const EARLY_CODE =
  /(src\/features\/finder\/early-(location|nearest)|src\/lib\/distance-format|packages\/shared\/src\/(geo|limits))\.ts$/;

// React Router's package exports name only its development build (remix-run/react-router#12532, #14102), with
// its development warnings; the production build ships beside it, and a build takes that one.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [icuMessages(), react(), VitePWA(pwaOptions)],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    target: 'es2022',
    // Maps are written for decoding our own stack traces but not linked from the code nor served (ADR 0013).
    sourcemap: 'hidden',
    assetsInlineLimit: 2048,
    // .vite/manifest.json: the chunk graph that the size budgets (.size-limit.js) measure per route.
    manifest: true,
    rollupOptions: {
      // early-location: GPS at once on /App, run by the prerendered page before the app's code.
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
            // React, React DOM and the router change rarely: one long-cached chunk that every page shares.
            manualChunks(id: string) {
              if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'vendor-react';
              // The first distance on /App: the early watch, the early strip and the little they use,
              // in the one early-location file, so a slow link fetches one small file before it can paint.
              if (EARLY_CODE.test(id)) return 'early-location';
              // What every page's entry runs before the app (languages, routes): one small chunk of its own.
              if (/packages\/shared\/src\/(locales|routes)\.ts$/.test(id)) return 'entry-common';
            },
          },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
}));
