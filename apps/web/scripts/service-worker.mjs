// Regenerates the service worker once the prerendered pages exist. The client build already wrote one (the
// PWA plugin runs when the bundle closes), but its precache list could not hold the pages prerendered after it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Writes sw.js into `outDir` and checks its precache: every English page of `pages` (routes) and the English
 * messages are in it, no other language's page or messages are (those are cached when visited, ADR 0017).
 * Returns the counts.
 */
export async function generateServiceWorker(outDir, pages, locales = ['en']) {
  // Resolving the config runs the PWA plugin's set-up against this very output folder.
  const config = await resolveConfig({ root: webRoot, logLevel: 'warn', build: { outDir } }, 'build');
  const pwa = config.plugins.find((p) => p.name === 'vite-plugin-pwa');
  if (!pwa?.api) throw new Error('vite-plugin-pwa is not in vite.config.ts: no service worker to generate');
  await pwa.api.generateSW();
  const sw = fs.readFileSync(path.join(outDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/\burl:"([^"]+)"/g)].map((m) => m[1]);
  const others = locales.filter((locale) => locale !== 'en');
  const inOtherLanguage = (url) => others.some((locale) => url === locale || url.startsWith(`${locale}/`));
  const english = pages.filter((route) => !inOtherLanguage(route.slice(1)));
  // A page missing here would not open offline: fail the build rather than ship that.
  const missing = english.filter((route) => !urls.includes(route === '/' ? 'index.html' : route.slice(1)));
  if (missing.length)
    throw new Error(`service worker: pages missing from the precache: ${missing.join(', ')}`);
  const catalogDir = path.join(outDir, 'assets/i18n');
  const catalogs = fs.existsSync(catalogDir)
    ? fs.readdirSync(catalogDir).map((file) => `assets/i18n/${file}`)
    : [];
  const englishCatalogs = catalogs.filter((file) => /\.en\.[^.]+\.json$/.test(file));
  const missingCatalogs = englishCatalogs.filter((file) => !urls.includes(file));
  if (missingCatalogs.length)
    throw new Error(
      `service worker: English messages missing from the precache: ${missingCatalogs.join(', ')}`,
    );
  // Every language at install would be 8 × the pages and messages on a phone that reads one of them.
  const extra = urls.filter(
    (url) => inOtherLanguage(url) || (url.startsWith('assets/i18n/') && !englishCatalogs.includes(url)),
  );
  if (extra.length)
    throw new Error(`service worker: other languages in the precache: ${extra.slice(0, 5).join(', ')}…`);
  return { precached: urls.length, pages: english.length };
}
