import { useEffect, useState } from 'react';
import { useOnlineStatus } from '../../pwa/use-online-status';
import { savedStationTimeMs } from './offline-stations';

/** The service worker's cache of station answers (pwa-options.ts). */
const API_CACHE = 'api-stations';

/** The server time of the service worker's cached answer for `url`, or null when it holds none. */
export async function cachedAnswerTimeMs(url: string): Promise<number | null> {
  if (typeof caches === 'undefined') return null;
  const cached = await caches.match(url, { cacheName: API_CACHE }).catch(() => undefined);
  const ms = Date.parse(cached?.headers.get('date') ?? '');
  return Number.isFinite(ms) ? ms : null;
}

/**
 * While offline, when the shown copy of station `id` dates from: the service worker's cached details if
 * any (that is what the page got), else the newest saved list holding it, else `savedAtMs` (a favourite's
 * copy). Null while online.
 */
export function useStationDataTime(id: string, savedAtMs: number | null = null): number | null {
  const online = useOnlineStatus();
  const [cachedMs, setCachedMs] = useState<number | null>(null);
  useEffect(() => {
    if (online) return;
    let live = true;
    void cachedAnswerTimeMs(`/api/stations/${encodeURIComponent(id)}`).then((ms) => live && setCachedMs(ms));
    return () => {
      live = false;
    };
  }, [id, online]);
  if (online) return null;
  return cachedMs ?? savedStationTimeMs(id) ?? savedAtMs;
}
