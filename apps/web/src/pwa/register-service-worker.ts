import { registerSW } from 'virtual:pwa-register';
import { DEFAULT_LOCALE, splitLocalePath } from '@cng/shared/locales';
import { setApplyUpdate, setSwUpdate } from './sw-update-store';

/** Look for a new version this often while the app stays open (drivers keep the finder open for hours). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js (loaded after the first paint: it is not part of any page's first JavaScript).
 * A new version never takes over by itself: it waits until the driver taps "Reload" in the prompt.
 */
export function registerServiceWorker() {
  if (!navigator.serviceWorker.controller) void keepThisLanguageOffline();
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () => setSwUpdate({ needRefresh: true }),
    onOfflineReady: () => setSwUpdate({ offlineReady: true }),
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        // Only when online: a failed update check offline is noise, not news.
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
  });
  setApplyUpdate(async () => {
    // workbox-window reloads only pages that had a worker when they loaded; a first visit must reload too.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    await updateSW(true);
  });
}

/**
 * A page in another language that loaded before any worker controlled it (the first visit): its address and
 * messages went past the worker, so its runtime caches (pwa-options.ts) never saw them. Once a worker is
 * active, ask it to fetch them through those routes (Workbox's CACHE_URLS message), so a driver who opened
 * /hi/App once opens it offline. English pages and messages are in the precache already.
 */
async function keepThisLanguageOffline() {
  const { pathname } = window.location;
  if (splitLocalePath(pathname).locale === DEFAULT_LOCALE) return;
  const registration = await navigator.serviceWorker.ready;
  const catalogs = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname)
    .filter((url) => url.startsWith('/assets/i18n/'));
  registration.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [pathname, ...catalogs] } });
}
