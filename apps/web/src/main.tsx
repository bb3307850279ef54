import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoutes } from './app/app-routes';
import { preloadRoute, routeOfAddress } from './app/routes';
import { activateLocale, localeOfPath } from './i18n/i18n';
import { redirectToPreferredLocale } from './i18n/locale-redirect';
import { rememberLanguageLinkArrival, rememberPickedLocales } from './i18n/remember-locale';
import { BrowserRouter } from './lib/router';
import './styles/global.css';
import './styles/content.css';
import './styles/i18n.css';

async function start() {
  // Before anything is awaited: a language picked in the prerendered menu is remembered before hydration too.
  rememberPickedLocales(document);
  const { locale, basename } = localeOfPath(window.location.pathname);
  // A language picked on the page before, before any of its code ran: this page is the choice. Else an English
  // address the service worker answered from its cache, for a driver who reads another language, moves to it.
  if (!rememberLanguageLinkArrival(locale) && redirectToPreferredLocale()) return;
  const container = document.getElementById('root')!;
  activateLocale(locale);
  document.documentElement.lang = locale;
  // Hydrate only the page prerendered for this very address: index.html (the "/" page) is also the SPA shell
  // of other routes, and 404.html shows a path only the browser knows; those render afresh.
  const route = container.dataset.route;
  const prerendered =
    route !== undefined && route === (window.location.pathname.replace(/(.)\/+$/, '$1') || '/');
  // The page's code and messages first, so prerendered HTML hydrates without a flash. The page's language comes
  // from its address (`/hi/…`), and stays for the page's life.
  const prepare = (pathname: string) => preloadRoute(routeOfAddress(pathname, basename));
  await prepare(window.location.pathname);
  const app = (
    <StrictMode>
      <BrowserRouter basename={basename} prepare={prepare}>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
  // The page answers taps from here on (Preact renders synchronously): browser tests wait for this mark.
  container.dataset.live = '';
}

void start();
