// The web build: illustrations, client bundle, SSR bundle, prerendered pages, 404, sitemap and robots.txt.
// Usage: node scripts/build.mjs [--outDir <folder>]   (or WEB_OUT_DIR=<folder>; default apps/web/dist)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { prerender } from './prerender.mjs';
import { generateServiceWorker } from './service-worker.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outDir: { type: 'string' } } });
const outDir = path.resolve(webRoot, values.outDir ?? process.env.WEB_OUT_DIR ?? 'dist');
// The SSR bundle imports React from node_modules, so it must live inside the package; unique per build.
const ssrDir = path.join(webRoot, '.cache', `ssr-${process.pid}`);

execFileSync(process.execPath, [path.join(webRoot, 'scripts/generate-images.mjs')], { stdio: 'inherit' });
await build({ root: webRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
refuseDevelopmentBuilds(outDir);
await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false },
});
try {
  const { written, failures, siteUrl, locales } = await prerender({ outDir, ssrDir });
  console.log(
    `prerendered ${written.length} page(s) + 404.html, sitemap.xml and robots.txt for ${siteUrl} in ${outDir}`,
  );
  if (failures.length) {
    console.error(
      `prerendering failed (these routes fall back to the SPA shell):\n  ${failures.join('\n  ')}`,
    );
    process.exitCode = 1;
  }
  // After prerendering, so that every page's HTML is in the service worker's precache.
  const { precached, pages } = await generateServiceWorker(outDir, written, locales);
  console.log(`service worker: ${precached} files precached, the ${pages} English pages among them`);
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}

/**
 * Fails the build when a library's development build reached the client bundle (read from the source maps,
 * which name every module bundled): a phone would run its checks and warnings, and download them.
 */
function refuseDevelopmentBuilds(dir) {
  const assets = path.join(dir, 'assets');
  const found = new Set();
  for (const file of fs.readdirSync(assets).filter((f) => f.endsWith('.js.map'))) {
    const { sources } = JSON.parse(fs.readFileSync(path.join(assets, file), 'utf8'));
    for (const source of sources)
      if (/node_modules\/.*(\/development\/|\.development\.m?js$)/.test(source))
        found.add(source.replace(/^.*node_modules\//, ''));
  }
  if (found.size) throw new Error(`development builds in the client bundle:\n  ${[...found].join('\n  ')}`);
}
