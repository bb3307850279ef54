// Writes the prerendered HTML of every content route (dist/<route>/index.html), the not-found page
// (dist/404.html), the SPA shell (dist/shell.html), sitemap.xml and robots.txt, from the client build in `outDir` and the SSR bundle in `ssrDir`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// React 19 puts <title>, <meta> and <link> of the tree first in its output: they belong in <head>.
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/;

/** Splits a rendered app into its head tags and its body markup. */
export function splitHead(appHtml) {
  const head = LEADING_HEAD_TAGS.exec(appHtml)?.[0] ?? '';
  return { head, body: appHtml.slice(head.length) };
}

/** Puts a rendered page into the client build's index.html template; `route` marks HTML to hydrate. */
export function fillTemplate(template, appHtml, route) {
  const { head, body } = splitHead(appHtml);
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('index.html must contain the <!--app-head--> and <!--app-html--> markers');
  }
  // main.tsx hydrates only when this matches the address: the same file also serves as the SPA shell.
  const root = route ? `<div id="root" data-route="${route}">` : '<div id="root">';
  return template
    .replace('<!--app-head-->', head)
    .replace('<div id="root"><!--app-html-->', `${root}${body}`);
}

const xmlEscape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The sitemap of the content routes, with absolute URLs on `siteUrl`. */
export function sitemapXml(siteUrl, paths) {
  const urls = paths.map((p) => `  <url><loc>${xmlEscape(new URL(p, siteUrl).href)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** robots.txt: everything may be crawled except the JSON API; the sitemap's absolute URL. */
export function robotsTxt(siteUrl) {
  return `User-agent: *\nAllow: /\nAllow: /api/docs\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}

/**
 * Per route, code the page needs at once, from Vite's manifest keys: `run` modules execute as soon as they arrive
 * (`<script type="module" async>`), `preload` modules (and what they import statically, and their stylesheets)
 * download in parallel with the entry instead of one after another. /App: GPS starts before React, the finder's code is on its way
 * with React's (issue 16).
 */
export const ROUTE_EARLY_CODE = {
  '/App': {
    run: ['src/features/finder/early-location.ts'],
    preload: ['src/features/finder/app-page.tsx', 'src/features/finder/finder.tsx'],
  },
};

/** The `<script>` and `<link rel="modulepreload">` tags of ROUTE_EARLY_CODE[route], from the Vite manifest. */
export function earlyCodeTags(manifest, route, alreadyLinked = '') {
  const early = ROUTE_EARLY_CODE[route];
  if (!early) return '';
  const chunk = (key) => {
    if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest: update ROUTE_EARLY_CODE`);
    return manifest[key];
  };
  const files = new Set();
  const styles = new Set();
  const add = (key) => {
    const c = chunk(key);
    if (files.has(c.file)) return;
    files.add(c.file);
    for (const css of c.css ?? []) styles.add(css);
    for (const dep of c.imports ?? []) add(dep);
  };
  for (const key of early.preload) add(key);
  const run = early.run.map((key) => chunk(key).file);
  const tags = run.map((file) => `<script type="module" async crossorigin src="/${file}"></script>`);
  for (const file of files) {
    if (run.includes(file) || alreadyLinked.includes(`/${file}"`)) continue;
    tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
  }
  // A lazy chunk's import waits for its stylesheet too: fetch it now, apply it when the chunk asks (no render block).
  for (const file of styles) {
    if (!alreadyLinked.includes(`/${file}"`))
      tags.push(`<link rel="preload" as="style" crossorigin href="/${file}">`);
  }
  return tags.join('');
}

/** Prerenders every page; a page that fails to render is left to the SPA shell and reported. */
export async function prerender({ outDir, ssrDir }) {
  const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const entry = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
  const failures = [];
  const written = [];
  for (const { path: route } of entry.pageRoutes) {
    try {
      const filled = fillTemplate(template, await entry.render(route), route);
      const html = filled.replace('</head>', `${earlyCodeTags(manifest, route, filled)}</head>`);
      const file = path.join(outDir, route === '/' ? '' : route, 'index.html');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, html);
      written.push(route);
    } catch (error) {
      failures.push(`${route}: ${error instanceof Error ? error.message : error}`);
    }
  }
  // Client routes without a prerendered page (/stations/:id) open in this frame, never in the Home page's HTML.
  fs.writeFileSync(path.join(outDir, 'shell.html'), fillTemplate(template, entry.renderShell()));
  // The not-found page shows the requested path, which only the browser knows: it renders afresh there.
  const notFound = await entry.render('/404');
  fs.writeFileSync(path.join(outDir, '404.html'), fillTemplate(template, notFound));
  fs.writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapXml(entry.site.url, written));
  fs.writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(entry.site.url));
  return { written, failures, siteUrl: entry.site.url };
}
