import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { icuMessages } from './scripts/icu-messages.js';
import { pwaOptions } from './src/pwa/pwa-options.js';

// react-router's package exports only its development build; production bundles use its production build.
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProd = path.join(reactRouterDir, 'dist/production/index.mjs');

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [icuMessages(), react(), VitePWA(pwaOptions)],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProd }] : [],
  },
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
            // React, React DOM and the router change rarely: their own long-cached chunk.
            manualChunks(id: string) {
              if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
            },
          },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
}));
