// JavaScript budgets per route, measured on the built web app (WEB_DIST, default apps/web/dist), gzip.
// The chunk lists come from Vite's manifest, so they follow the code wherever the bundler puts it.
import fs from 'node:fs';
import path from 'node:path';

const dist = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  throw new Error(`${manifestFile} is missing: build the web app first (npm run build -w @cng/web)`);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** Files of a manifest entry and everything it imports statically (what the browser fetches with it). */
function staticClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: update .size-limit.js`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, files);
  return files;
}

/** Like staticClosure, but also follows dynamic imports (code the page loads after it starts). */
function fullClosure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest: update .size-limit.js`);
  if (files.has(chunk.file)) return files;
  staticClosure(key, files);
  for (const dep of chunk.dynamicImports ?? []) fullClosure(dep, files);
  return files;
}

// index.html is the entry every page runs at once. Content pages hydrate when idle or at the first use (ADR 0027):
// the app (app/boot.tsx, React and the router) and the page follow; /App starts them at once, with its early GPS
// start (early-location.ts, an entry of its own that only /App's HTML runs).
const entry = 'index.html';
const beforeHydration = staticClosure(entry);
// Once idle, every page also registers the service worker: that chunk counts towards a hydrated page.
const hydrated = (page) =>
  new Set([
    ...beforeHydration,
    ...staticClosure('src/app/boot.tsx'),
    ...staticClosure('src/pwa/register-service-worker.ts'),
    ...(page ? staticClosure(page) : []),
  ]);
const landing = hydrated(null);
// What /App needs for its first distance: the app, the page, the finder and the early GPS start. The map
// (Leaflet), the toast container and the dialogs opened by a tap load after it, in their own chunks.
const appFirstDistance = new Set([
  ...hydrated('src/features/finder/app-page.tsx'),
  ...staticClosure('src/features/finder/early-location.ts'),
  ...staticClosure('src/features/finder/finder.tsx'),
]);
const appPage = new Set([
  ...appFirstDistance,
  ...fullClosure('src/features/finder/app-page.tsx'),
  // /App can show toasts, so the toast container loads there (once the page is idle).
  ...staticClosure('src/components/layout/app-toast-container.tsx'),
]);
const paths = (files) => [...files].filter((f) => f.endsWith('.js')).map((f) => path.join(dist, f));

// The messages a page fetches in its own language (ADR 0017): JSON catalogs, one per namespace, measured in the
// language whose catalogs are largest (Tamil, in UTF-8 three bytes a letter), so every language keeps the budget.
const catalogDir = path.join(dist, 'assets/i18n');
const catalogs = fs.existsSync(catalogDir) ? fs.readdirSync(catalogDir) : [];
function messagesOf(namespaces) {
  const locales = [...new Set(catalogs.map((f) => f.split('.')[1]))];
  const files = (locale) =>
    namespaces.map((ns) => {
      const file = catalogs.find((f) => f.startsWith(`${ns}.${locale}.`));
      if (!file) throw new Error(`no ${locale} catalog for ${ns}: build the web app first`);
      return path.join(catalogDir, file);
    });
  const size = (locale) => files(locale).reduce((sum, f) => sum + fs.statSync(f).size, 0);
  return files(locales.sort((a, b) => size(b) - size(a))[0]);
}

export default [
  {
    name: 'JavaScript / runs before it hydrates (menu, language, scroll-to-top and the contact form work)',
    path: paths(beforeHydration),
    limit: '6 kB',
    gzip: true,
  },
  {
    name: 'JavaScript / loads in all, hydrated (React, the router)',
    path: paths(landing),
    limit: '98 kB',
    gzip: true,
  },
  {
    name: 'JavaScript /App loads for its first distance (app, page, finder)',
    path: paths(appFirstDistance),
    limit: '141 kB',
    gzip: true,
  },
  {
    name: 'JavaScript /App can load (finder, map, toasts, dialogs and all)',
    path: paths(appPage),
    // Includes the pump questions (1.4 kB), loaded only where the list is thin.
    limit: '202 kB',
    gzip: true,
  },
  {
    name: 'Messages / loads in its largest language (common, home)',
    path: messagesOf(['common', 'home']),
    limit: '4 kB',
    gzip: true,
  },
  {
    name: 'Messages /App loads in its largest language (common, finder, report, voice, app)',
    path: messagesOf(['common', 'finder', 'report', 'voice', 'app']),
    limit: '13 kB',
    gzip: true,
  },
];
