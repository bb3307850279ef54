import { lazy, Suspense, useEffect, useState } from 'react';
import { t } from '../../i18n/i18n';
import { warmFormatters } from '../../lib/formatters';
import { startEarlyLocation } from '../finder/early-location';
import { AppFeatures } from './app-features';

// Arriving here from another page (no prerendered /App HTML ran early-location.ts): start GPS now, while the
// finder's code downloads, rather than once it has loaded.
startEarlyLocation();

// The finder (Leaflet, GPS) loads only on this page, in its own chunk.
const Finder = lazy(() => import('./finder'));

/** /App: the live finder first, then the six feature sections (spec section 2). */
export default function AppPage() {
  // The finder needs a browser (GPS, Leaflet touches `window` on import): the prerendered HTML and the
  // hydrating render show the placeholder, and the finder mounts right after hydration.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  // The list's price and date formatters cost tens of ms to build the first time (the browser's number data):
  // build them while the finder's code downloads, so the first answer is not kept from the screen by them.
  useEffect(() => warmFormatters(), []);
  const placeholder = <p className="container finder-loading">{t('finder.loading')}</p>;
  return (
    <>
      <section className="finder-slot" aria-label={t('finder.slotLabel')}>
        {inBrowser ? (
          <Suspense fallback={placeholder}>
            <Finder />
          </Suspense>
        ) : (
          placeholder
        )}
      </section>
      <AppFeatures />
    </>
  );
}
