import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, matchRoutes } from 'react-router';
import { AppRoutes } from './app/app-routes';
import type { LazyPage } from './app/lazy-page';
import type { PageHandle } from './app/routes';
import { routes } from './app/routes';
import { activateLocale, loadMessages, localeOfPath } from './i18n/i18n';
import { redirectToPreferredLocale } from './i18n/locale-redirect';
import './styles/global.css';
import './styles/content.css';
import './styles/i18n.css';

/**
 * Loads the lazy page modules and the messages of the current URL, so prerendered HTML hydrates without a
 * flash. The page's language comes from its address (`/hi/…`), and stays for the page's life.
 */
async function preloadMatchedPage(basename: string) {
  const matches = matchRoutes(routes, window.location, basename || undefined) ?? [];
  const namespaces = matches.flatMap((m) => (m.route.handle as PageHandle | undefined)?.messages ?? []);
  await Promise.all([
    loadMessages(['common', ...namespaces]),
    ...matches.map((m) => (m.route.Component as Partial<LazyPage> | undefined)?.preload?.()),
  ]);
}

async function start() {
  // An English address the service worker answered from its cache, for a driver who reads another language.
  if (redirectToPreferredLocale()) return;
  const container = document.getElementById('root')!;
  const { locale, basename } = localeOfPath(window.location.pathname);
  activateLocale(locale);
  document.documentElement.lang = locale;
  // Hydrate only the page prerendered for this very address: index.html (the "/" page) is also the SPA shell
  // of other routes, and 404.html shows a path only the browser knows; those render afresh.
  const route = container.dataset.route;
  const prerendered =
    route !== undefined && route === (window.location.pathname.replace(/(.)\/+$/, '$1') || '/');
  await preloadMatchedPage(basename);
  const app = (
    <StrictMode>
      <BrowserRouter basename={basename || undefined}>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
