import { registerSW } from 'virtual:pwa-register';
import { setApplyUpdate, setSwUpdate } from './sw-update-store';

/** Look for a new version this often while the app stays open (drivers keep the finder open for hours). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /sw.js (loaded after the first paint: it is not part of any page's first JavaScript).
 * A new version never takes over by itself: it waits until the driver taps "Reload" in the prompt.
 */
export function registerServiceWorker() {
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
