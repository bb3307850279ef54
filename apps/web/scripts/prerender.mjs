// Writes the prerendered HTML of every content route in every language (dist/<route>/index.html,
// dist/hi/<route>/index.html), each language's not-found page (dist/404.html, dist/hi/404.html) and SPA shell
// (shell.html), a sitemap per language (sitemap-hi.xml) under the index sitemap.xml, and robots.txt, from the client build in `outDir` and the SSR bundle in `ssrDir`.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// PageMeta puts <title>, <meta> and <link> first in a prerendered page's markup: they belong in <head>.
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)+/;

/** Splits a rendered app into its head tags and its body markup. */
export function splitHead(appHtml) {
  const head = LEADING_HEAD_TAGS.exec(appHtml)?.[0] ?? '';
  return { head, body: appHtml.slice(head.length) };
}

/** Content pages whose app loads when the browser is idle or the visitor starts using the page (ADR 0025). */
const HYDRATE_AT_ONCE = new Set(['/App']);

/**
 * Puts a rendered page into the client build's index.html template; `route` marks HTML to hydrate, and says
 * whether it hydrates at once (/App) or when idle (`data-hydrate="idle"`, the other content pages).
 */
export function fillTemplate(template, appHtml, route) {
  const { head, body } = splitHead(appHtml);
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('index.html must contain the <!--app-head--> and <!--app-html--> markers');
  }
  // main.tsx hydrates only when this matches the address: the same file also serves as the SPA shell.
  const unprefixed = route?.replace(/^\/[a-z]{2}(?=\/|$)/, '') || '/';
  const idle = route && !HYDRATE_AT_ONCE.has(unprefixed) ? ' data-hydrate="idle"' : '';
  const root = route ? `<div id="root" data-route="${route}"${idle}>` : '<div id="root">';
  return template
    .replace('<!--app-head-->', head)
    .replace('<div id="root"><!--app-html-->', `${root}${body}`);
}

const xmlEscape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One language's sitemap: its content pages with absolute URLs on `siteUrl`, each listing the same page in every
 * language (hreflang alternates, x-default English) as search engines expect.
 */
export function sitemapXml(
  siteUrl,
  paths,
  { locale = 'en', locales = ['en'], localePath = (_l, p) => p } = {},
) {
  const abs = (p) => xmlEscape(new URL(p, siteUrl).href);
  const urls = paths
    .map((p) => {
      const links = [...locales, 'x-default']
        .map(
          (l) =>
            `<xhtml:link rel="alternate" hreflang="${l}" href="${abs(localePath(l === 'x-default' ? 'en' : l, p))}"/>`,
        )
        .join('');
      return `  <url><loc>${abs(localePath(locale, p))}</loc>${locales.length > 1 ? links : ''}</url>`;
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/** The sitemap index: one sitemap per language. */
export function sitemapIndexXml(siteUrl, files) {
  const entries = files.map(
    (f) => `  <sitemap><loc>${xmlEscape(new URL(`/${f}`, siteUrl).href)}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** robots.txt: everything may be crawled except the JSON API; the sitemap's absolute URL. */
export function robotsTxt(siteUrl) {
  return `User-agent: *\nAllow: /\nAllow: /api/docs\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}

/**
 * Per route, code the page needs at once, from Vite's manifest keys: `run` modules execute as soon as they arrive
 * (`<script type="module" async>`); `first` modules (and what they import statically) are modulepreloaded at the
 * very top of <head>, with the `run` scripts, so on a slow HTTP/1.1 link (six connections) they are asked for
 * before the app's own files; `preload` modules (and their imports and stylesheets) download in parallel with
 * the entry instead of one after another. /App: GPS starts before React, the first distance is painted by
 * early-nearest before the finder has run, and the finder's code is on its way with React's.
 */
export const ROUTE_EARLY_CODE = {
  '/App': {
    run: ['src/features/finder/early-location.ts'],
    preload: ['src/features/finder/app-page.tsx', 'src/features/finder/finder.tsx'],
  },
};

/**
 * The tags of ROUTE_EARLY_CODE[route], from the Vite manifest: `first` goes right after `<meta charset>`, `last`
 * before `</head>`. A file the page already links (`alreadyLinked`) is not linked again.
 */
export function earlyCodeTags(manifest, route, alreadyLinked = '') {
  const early = ROUTE_EARLY_CODE[route];
  if (!early) return { first: '', last: '' };
  const chunk = (key) => {
    if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest: update ROUTE_EARLY_CODE`);
    return manifest[key];
  };
  const closure = (keys, files = new Set(), styles = new Set()) => {
    const add = (key) => {
      const c = chunk(key);
      if (files.has(c.file)) return;
      files.add(c.file);
      for (const css of c.css ?? []) styles.add(css);
      for (const dep of c.imports ?? []) add(dep);
    };
    for (const key of keys) add(key);
    return { files, styles };
  };
  const run = early.run.map((key) => chunk(key).file);
  const firstFiles = closure([...early.run, ...(early.first ?? [])]).files;
  const { files, styles } = closure(early.preload);
  const preload = (file, priority = '') =>
    `<link rel="modulepreload"${priority ? ` fetchpriority="${priority}"` : ''} crossorigin href="/${file}">`;
  const first = run.map((file) => `<script type="module" async crossorigin src="/${file}"></script>`);
  for (const file of firstFiles) if (!run.includes(file)) first.push(preload(file));
  const last = [];
  for (const file of files) {
    if (firstFiles.has(file) || alreadyLinked.includes(`/${file}"`)) continue;
    // Low: on HTTP/1.1 (six connections) these would otherwise take every free connection ahead of the first
    // distance's API call (early-nearest.ts), which then waited for all of them on the throttled phone.
    last.push(preload(file, 'low'));
  }
  // A lazy chunk's import waits for its stylesheet too: fetch it now, apply it when the chunk asks (no render block).
  for (const file of styles) {
    if (!alreadyLinked.includes(`/${file}"`))
      last.push(`<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${file}">`);
  }
  return { first: first.join(''), last: last.join('') };
}

/** Prerenders every page; a page that fails to render is left to the SPA shell and reported. */
export async function prerender({ outDir, ssrDir }) {
  const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const entry = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
  const failures = [];
  const written = [];
  const routes = entry.pageRoutes.map((r) => r.path);
  for (const locale of entry.LOCALES) {
    // The page's language in <html lang>: the template is written in English.
    const localized = template.replace('<html lang="en">', `<html lang="${locale}">`);
    if (!localized.includes(`<html lang="${locale}">`))
      throw new Error('index.html must start with <html lang="en">');
    for (const route of routes) {
      const url = entry.localePath(locale, route);
      // main.tsx hydrates when data-route equals the address without its trailing slash (/hi/ → /hi).
      const address = url.length > 1 ? url.replace(/\/+$/, '') : url;
      try {
        const filled = fillTemplate(localized, await entry.render(url), address);
        const tags = earlyCodeTags(manifest, route, filled);
        const charset = '<meta charset="UTF-8" />';
        if (tags.first && !filled.includes(charset)) throw new Error(`index.html must have ${charset}`);
        const html = filled
          .replace(charset, `${charset}${tags.first}`)
          .replace('</head>', `${tags.last}</head>`);
        // The Content Security Policy runs no inline script: a page that needs one would break in browsers.
        if (/<script(?![^>]*\ssrc=)/.test(html)) throw new Error('the page has an inline <script>');
        const file = path.join(outDir, address === '/' ? '' : address, 'index.html');
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, html);
        written.push(address);
      } catch (error) {
        failures.push(`${url}: ${error instanceof Error ? error.message : error}`);
      }
    }
    const folder = path.join(outDir, locale === 'en' ? '' : locale);
    fs.mkdirSync(folder, { recursive: true });
    // Client routes without a prerendered page (/stations/:id) open in this frame, never in the Home page's HTML.
    fs.writeFileSync(
      path.join(folder, 'shell.html'),
      fillTemplate(localized, await entry.renderShell(locale)),
    );
    // The not-found page shows the requested path, which only the browser knows: it renders afresh there.
    const notFound = await entry.render(entry.localePath(locale, '/404'));
    fs.writeFileSync(path.join(folder, '404.html'), fillTemplate(localized, notFound));
    const sitemap = `sitemap-${locale}.xml`;
    const options = { locale, locales: entry.LOCALES, localePath: entry.localePath };
    fs.writeFileSync(path.join(outDir, sitemap), sitemapXml(entry.site.url, routes, options));
  }
  const sitemaps = entry.LOCALES.map((locale) => `sitemap-${locale}.xml`);
  fs.writeFileSync(path.join(outDir, 'sitemap.xml'), sitemapIndexXml(entry.site.url, sitemaps));
  fs.writeFileSync(path.join(outDir, 'robots.txt'), robotsTxt(entry.site.url));
  return { written, failures, siteUrl: entry.site.url, locales: entry.LOCALES };
}
