// Regenerates the service worker once the prerendered pages exist. The client build already wrote one (the
// PWA plugin runs when the bundle closes), but its precache list could not hold the pages prerendered after it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Writes sw.js into `outDir` with every built file and the `pages` (routes) in its precache; returns the count. */
export async function generateServiceWorker(outDir, pages) {
  // Resolving the config runs the PWA plugin's set-up against this very output folder.
  const config = await resolveConfig({ root: webRoot, logLevel: 'warn', build: { outDir } }, 'build');
  const pwa = config.plugins.find((p) => p.name === 'vite-plugin-pwa');
  if (!pwa?.api) throw new Error('vite-plugin-pwa is not in vite.config.ts: no service worker to generate');
  await pwa.api.generateSW();
  const sw = fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/\burl:"([^"]+)"/g)].map((m) => m[1]);
  // A page missing here would not open offline: fail the build rather than ship that.
  const missing = pages.filter((route) => !urls.includes(route === '/' ? 'index.html' : route.slice(1)));
  if (missing.length)
    throw new Error(`service worker: pages missing from the precache: ${missing.join(', ')}`);
  return { precached: urls.length };
}
