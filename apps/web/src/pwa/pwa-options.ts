import type { VitePWAOptions } from 'vite-plugin-pwa';
// A relative path, not '@cng/shared/locales': vite.config.ts loads this file in Node, which bundles relative
// imports but would load the workspace package's TypeScript as is (and fail).
import { DEFAULT_LOCALE, LOCALES } from '../../../../packages/shared/src/locales';

/** A Workbox precache entry as manifest transforms see it. */
interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

export const BRAND_COLOUR = '#0b6e4f';

/** The languages other than English: their pages and catalogs are cached when visited, not at install. */
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE);
const otherLocales = `(${OTHER_LOCALES.join('|')})`;

/**
 * A page under a language prefix (`/hi/`, `/hi/App`), as a regular expression: Workbox writes runtime routes
 * into sw.js as source text, so a function could not see this module's constants, but a RegExp is written as is.
 */
export const LOCALE_PAGE = new RegExp(`^https?://[^/]+/${otherLocales}(/|$)`);

/**
 * Precache entries of prerendered pages live at `about/index.html`, but the browser asks for `/about`:
 * list them under the address they are served at, so every content page opens offline.
 */
export function pagesAtTheirUrls(entries: PrecacheEntry[]) {
  const manifest = entries.map((entry) => {
    const page = /^(.+)\/index\.html$/.exec(entry.url);
    return page ? { ...entry, url: page[1] as string } : entry;
  });
  return { manifest, warnings: [] };
}

/** The installable app: web manifest, service worker (Workbox generateSW) and how updates are handled. */
export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  // Updates wait for the driver's "Reload": never a page of one version talking to a worker of another.
  registerType: 'prompt',
  // Registered from src/pwa after the first paint (the CSP forbids inline scripts; "/" keeps its JS budget).
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['icons/apple-touch-icon-180.png', 'favicon.svg'],
  manifest: {
    id: '/App',
    name: 'CNG Navigator',
    short_name: 'CNG Navigator',
    description:
      'The nearest CNG pump station with live direction, speed and distance; works with a weak or no signal.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/App',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: BRAND_COLOUR,
    background_color: BRAND_COLOUR,
    categories: ['navigation', 'travel', 'utilities'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell, the English pages and messages, and the illustrations browsers that read AVIF use (~120 KB).
    // Other languages' pages and messages (7 × 8 pages, 7 × 10 catalogs) are cached when visited (below): a phone
    // on 3G installing the app downloads one language, not eight.
    globPatterns: ['**/*.{js,css,html,svg}', 'images/*.avif', 'assets/i18n/*.en.*.json'],
    globIgnores: [
      '404.html',
      'images/og-card*',
      'icons/*.svg',
      '**/*.map',
      ...OTHER_LOCALES.map((locale) => `${locale}/**`),
    ],
    manifestTransforms: [pagesAtTheirUrls],
    // Client routes without prerendered HTML (/stations/:id, unknown paths) open in the shell; never the API.
    navigateFallback: 'shell.html',
    // Nor the other languages' pages: they have their own route below (the English shell is not theirs).
    navigateFallbackDenylist: [/^\/api(\/|$)/, new RegExp(`^/${otherLocales}(/|$)`)],
    cleanupOutdatedCaches: true,
    // The first worker takes the open page at once, so it works offline without a reload; later ones wait.
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        // Pages in another language (/hi/App): fresh when the network answers within 3 s, else the copy kept
        // from the last visit, so a Hindi driver who opened /hi/App once opens it offline too.
        urlPattern: LOCALE_PAGE,
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'pages-i18n',
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 80, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Other languages' messages, fetched by their pages: content-hashed names, so a copy never goes stale.
        urlPattern: /\/assets\/i18n\/[\w-]+\.[a-z]{2}\.[\w-]+\.json$/,
        handler: 'CacheFirst',
        method: 'GET',
        options: {
          cacheName: 'i18n-catalogs',
          expiration: { maxEntries: 120, maxAgeSeconds: 365 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Station data (box, search, details, timelines): fresh when the network answers in 4 s, else the copy
        // seen last. Not /nearest: its URL holds the exact position, so the finder keeps its own saved area
        // (src/features/finder/offline/offline-stations.ts) and marks it with its time. GET only: reports are never cached.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          /^\/api\/stations(\/|$)/.test(url.pathname) &&
          url.pathname !== '/api/stations/nearest',
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: 'api-stations',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Map tiles already seen: {z}/{x}/{y} images from the tile server; opaque answers (no CORS) are fine.
        urlPattern: ({ request, url }) =>
          request.destination === 'image' && /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'map-tiles',
          expiration: { maxEntries: 500, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [0, 200] },
        },
      },
      {
        // Illustrations in the other formats (WebP, PNG) once shown.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'images',
          expiration: { maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
        },
      },
    ],
  },
};
