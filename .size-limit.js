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

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
// Every page also registers the service worker once idle: that chunk counts towards the landing page.
const onEveryPage = ['src/pwa/register-service-worker.ts'].filter((key) => manifest[key]);
const landing = new Set([...staticClosure(entry), ...onEveryPage.flatMap((key) => [...staticClosure(key)])]);
const appPage = new Set([
  ...landing,
  ...fullClosure('src/features/app-page/app-page.tsx'),
  // /App can show toasts, so the toast container loads there.
  ...staticClosure('src/components/layout/app-toast-container.tsx'),
]);
const paths = (files) => [...files].filter((f) => f.endsWith('.js')).map((f) => path.join(dist, f));

export default [
  { name: 'JavaScript loaded by / (landing page)', path: paths(landing), limit: '90 kB', gzip: true },
  {
    name: 'JavaScript loaded by /App (finder, map and all)',
    path: paths(appPage),
    limit: '220 kB',
    gzip: true,
  },
];
