import { CARDINALS } from '@cng/shared/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { intlLocale, t } from '../../i18n/i18n';
import { warmFormatters } from '../../lib/formatters';
import { queryClient } from '../../lib/query-client';
import { dismissEarlyNearest, startEarlyLocation } from '../finder/early-location';
import { AppFeatures } from './app-features';
import type { EarlyNearestTexts } from './early-nearest';

// Arriving here from another page (no prerendered /App HTML ran early-location.ts): start GPS now, while the
// finder's code downloads, rather than once it has loaded.
startEarlyLocation();

// The finder (Leaflet, GPS) loads only on this page, in its own chunk.
const Finder = lazy(() => import('./finder'));

/** The early distance's words in the page's language, written into the prerendered page (early-nearest.ts). */
function earlyNearestTexts(): EarlyNearestTexts {
  return {
    intl: intlLocale(),
    label: t('finder.hud.nearest'),
    labelKnown: t('finder.hud.nearestKnown'),
    towards: t('finder.distanceTowards', { distance: '{distance}', cardinal: '{cardinal}' }),
    cardinals: Object.fromEntries(CARDINALS.map((c) => [c, t(`finder.cardinal.${c}`)])) as Record<
      (typeof CARDINALS)[number],
      string
    >,
  };
}

/** /App: the live finder first, then the six feature sections (spec section 2). */
export default function AppPage() {
  // The finder needs a browser (GPS, Leaflet touches `window` on import): the prerendered HTML and the
  // hydrating render show the placeholder, and the finder mounts right after hydration.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  // The list's price and date formatters cost tens of ms to build the first time (the browser's number data):
  // build them while the finder's code downloads, so the first answer is not kept from the screen by them.
  useEffect(() => warmFormatters(), []);
  // Leaving /App before the finder answered: the early distance (early-nearest.ts) goes with it.
  useEffect(() => dismissEarlyNearest, []);
  const placeholder = (
    <p className="container finder-loading" data-early-nearest={JSON.stringify(earlyNearestTexts())}>
      {t('finder.loading')}
    </p>
  );
  return (
    <>
      <section className="finder-slot" aria-label={t('finder.slotLabel')}>
        {inBrowser ? (
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={placeholder}>
              <Finder />
            </Suspense>
          </QueryClientProvider>
        ) : (
          placeholder
        )}
      </section>
      <AppFeatures />
    </>
  );
}
